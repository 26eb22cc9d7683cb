/**
 * A guardian's copy of everything about one child (issue 51): GET /students/{id}/export, a ZIP downloaded as a file
 * (students:export: admins and coordinators). Never kept on the device: it is made by the server when asked.
 */
import { getBlob } from '../lib/http.ts';

export const downloadStudentExport = (studentId: string): Promise<Blob> => getBlob(`students/${encodeURIComponent(studentId)}/export`);

/** The file's name: the child's id and the day, no personal data (it sits in a Downloads folder). */
export const studentExportFileName = (studentId: string, day: string): string =>
  `quadra-aluno-${studentId.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40) || 'aluno'}-${day}.zip`;
