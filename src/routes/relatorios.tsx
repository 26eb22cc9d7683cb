import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../features/reports/reports-page.tsx';
import { attendanceAlertsQueryOptions, frequencyReportQueryOptions } from '../api/reports.ts';
import { monthOf, parseMonthSearch } from '../lib/calendar-date.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';

function Page() {
  const { month = monthOf() } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReportsPage month={month} onMonthChange={(next) => void navigate({ search: { month: next } })} />;
}

export const Route = createFileRoute('/relatorios')({
  staticData: { permission: 'reports:read' },
  // month: the month shown, YYYY-MM (the current one without it, or when it is not a month).
  validateSearch: parseMonthSearch,
  loaderDeps: ({ search }) => ({ month: search.month ?? monthOf() }),
  // The answers' requests start with the navigation (never awaited: offline, they wait).
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(frequencyReportQueryOptions(deps.month));
    void context.queryClient.prefetchQuery(attendanceAlertsQueryOptions());
    return loadFeatureMessages('reports');
  },
  component: Page,
});
