import { createFileRoute } from '@tanstack/react-router';
import { StudentsPage } from '../../features/students/students-page.tsx';
import type { StudentFilterField, StudentFilters } from '../../api/student-filters.ts';
import { prefetchStudents } from '../../api/students.ts';
import { loadFeatureMessages } from '../../lib/i18n.ts';

/** A code as the server's lists spell them (contract.ts `enums`): the contract (zod) is not in this file's load. */
const isCode = (value: unknown): value is string => typeof value === 'string' && /^[A-Z][A-Z0-9_]{0,39}$/.test(value);
// The list's filters (api/student-filters.ts), each of them (the type says so), named here: this file is in the app's
// first script, that module is not.
const filterFields = Object.keys({
  gender: 0,
  schoolYear: 0,
  employmentStatus: 0,
  schoolShift: 0,
} satisfies Record<StudentFilterField, 0>) as StudentFilterField[];

export const Route = createFileRoute('/alunos/')({
  staticData: { permission: 'students:list' },
  // gender, schoolYear, employmentStatus, schoolShift: the list's filters (issue 52), codes of the server's lists;
  // anything else is left out.
  validateSearch: (search: Record<string, unknown>): StudentFilters =>
    Object.fromEntries(filterFields.filter((field) => isCode(search[field])).map((field) => [field, search[field]])),
  // The list's request starts with the navigation, while the page's code downloads (never awaited: offline, it waits).
  loader: ({ context }) => {
    prefetchStudents(context.queryClient);
    return loadFeatureMessages('students');
  },
  component: Page,
});

function Page() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return <StudentsPage filters={filters} onFilters={(next) => void navigate({ search: next, replace: true })} />;
}
