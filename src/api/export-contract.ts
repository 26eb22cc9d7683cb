/** The formats of GET /export (issue 54): one XLSX with a sheet per entity, or the same tables as CSV files in a ZIP. */
export const exportFormats = ['xlsx', 'zip'] as const;
export type ExportFormat = (typeof exportFormats)[number];
