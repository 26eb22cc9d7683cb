/**
 * A guardian's copy as one ZIP (issue 51), zipped the way the export of everything is (fflate's zipSync,
 * data/export.ts): `dados.html` (the readable page, server/student-export-page.ts), `data.json` (the same, every field),
 * and `documentos/` with each document's file as it was uploaded. The files are PDFs, JPEGs and PNGs, compressed
 * already: stored as they are (level 0), which keeps a child with many scans fast to export.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { StudentExport } from './data/student-export.ts';
import { studentExportPage } from './student-export-page.ts';

/** A document's name in the ZIP: numbered (two files may share a name), no folder or control character from the upload. */
function documentPath(index: number, fileName: string): string {
  const safe = fileName
    // eslint-disable-next-line no-control-regex -- a control character is what is removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120);
  return `documentos/${String(index + 1).padStart(2, '0')}-${safe || 'documento'}`;
}

export function studentExportZip(data: StudentExport, meta: { exportedAt: string; exportedBy: string }): Uint8Array {
  const files = new Map(data.documents.map((document, index) => [document.id, documentPath(index, document.fileName)]));
  const json = {
    exportedAt: meta.exportedAt,
    exportedBy: meta.exportedBy,
    student: { ...data.student, consents: data.consents.current },
    statusHistory: data.statusHistory,
    guardians: data.guardians,
    enrolments: data.enrolments,
    attendance: data.attendance,
    generalRoll: data.generalRoll,
    consents: { entries: data.consents.entries, toRenew: data.consents.toRenew, terms: data.consents.terms },
    assessments: data.assessments.map(({ assessment, form }) => ({ ...assessment, questions: form?.questions ?? null })),
    cases: data.cases,
    documents: data.documents.map(({ content: _content, ...document }) => ({ ...document, file: files.get(document.id) })),
    accessRecord: data.accessRecord,
  };
  const zippable: Zippable = {
    'dados.html': strToU8(studentExportPage(data, files, meta)),
    'data.json': strToU8(JSON.stringify(json, null, 2)),
  };
  for (const document of data.documents) zippable[files.get(document.id)!] = [new Uint8Array(document.content), { level: 0 }];
  return zipSync(zippable, { level: 6 });
}
