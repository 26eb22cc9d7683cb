import { createFileRoute } from '@tanstack/react-router';
import { ClassHistoryPage } from '../../features/class-history/class-history-page.tsx';
import { monthOf, parseMonthSearch } from '../../lib/calendar-date.ts';
import { gridQueryOptions } from '../../api/attendance-grid.ts';
import { activitiesQueryOptions } from '../../api/activities.ts';
import { classesQueryOptions } from '../../api/classes.ts';
import { loadFeatureMessages } from '../../lib/i18n.ts';

// `$classId_`: the class history is its own page beside the class page (turmas/$classId), not inside its layout.
export const Route = createFileRoute('/turmas/$classId_/frequencia')({
  staticData: { permission: 'attendance:read' },
  // month: the month shown, YYYY-MM (the current one without it, or when it is not a month).
  validateSearch: parseMonthSearch,
  loaderDeps: ({ search }) => ({ month: search.month }),
  // The requests start with the navigation, while the page's code downloads (never awaited: offline, they wait).
  loader: ({ context, params, deps }) => {
    void context.queryClient.prefetchQuery(gridQueryOptions(params.classId, deps.month ?? monthOf()));
    void context.queryClient.prefetchQuery(classesQueryOptions());
    void context.queryClient.prefetchQuery(activitiesQueryOptions());
    return loadFeatureMessages('class-history');
  },
  component: Page,
});

function Page() {
  const { classId } = Route.useParams();
  const { month } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ClassHistoryPage classId={classId} month={month ?? monthOf()} onMonthChange={(next) => void navigate({ search: { month: next } })} />;
}
