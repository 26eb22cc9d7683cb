/**
 * The export of everything (issue 54): GET /export?format=xlsx|zip, downloaded as a file. The admin's (data:export).
 */
import { getBlob } from '../lib/http.ts';
import type { ExportFormat } from './export-contract.ts';

/** The whole export as a file to save. */
export const downloadExport = (format: ExportFormat): Promise<Blob> => getBlob(`export?format=${format}`);
