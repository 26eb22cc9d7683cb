import { createFileRoute } from '@tanstack/react-router';
import { StudentsPage } from '../../features/students/students-page.tsx';
import type { StudentFilters } from '../../features/students/student-rows.ts';
import { prefetchStudents } from '../../api/students.ts';
import { loadFeatureMessages } from '../../lib/i18n.ts';

/** A code as the server's lists spell them (enums.gender, enums.schoolYear): the contract (zod) is not in this file's load. */
const code = (value: unknown): string | undefined => (typeof value === 'string' && /^[A-Z][A-Z0-9_]{0,39}$/.test(value) ? value : undefined);

export const Route = createFileRoute('/alunos/')({
  staticData: { permission: 'students:list' },
  // gender, schoolYear: the list's filters (issue 52), codes of the server's lists; anything else is left out.
  validateSearch: (search: Record<string, unknown>): StudentFilters => {
    const gender = code(search.gender);
    const schoolYear = code(search.schoolYear);
    return { ...(gender ? { gender } : {}), ...(schoolYear ? { schoolYear } : {}) };
  },
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
