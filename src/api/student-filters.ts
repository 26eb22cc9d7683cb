/**
 * The record's lists the students list filters by (issue 52): gender, school year, employment and school shift, each
 * named as the record's field and its enum (contract.ts `enums`). The list (GET /students) and the sync carry them for
 * those who read the records, the device filters by them (features/students/student-rows.ts), the URL's query names
 * them (routes/alunos/index.tsx, which names them again: it is in the app's first script, this module is not).
 */
export const studentFilterFields = ['gender', 'schoolYear', 'employmentStatus', 'schoolShift'] as const;
export type StudentFilterField = (typeof studentFilterFields)[number];

/** The list's filters: a code of each list, absent for anyone. */
export type StudentFilters = { [F in StudentFilterField]?: string | undefined };

/** The filters `values` set (each field only when it holds text other than ''), nothing else. */
export function setFilters(values: Readonly<Record<string, unknown>>): StudentFilters {
  const filters: StudentFilters = {};
  for (const field of studentFilterFields) {
    const value = values[field];
    if (typeof value === 'string' && value !== '') filters[field] = value;
  }
  return filters;
}
