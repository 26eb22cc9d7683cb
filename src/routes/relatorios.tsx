import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../features/reports/reports-page.tsx';
import { attendanceAlertsQueryOptions, frequencyReportQueryOptions } from '../api/reports.ts';
import { isMonth, monthOf } from '../lib/calendar-date.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';

/** month: the report's month, YYYY-MM (default: the current month); anything else counts as none. */
function parseSearch(search: Record<string, unknown>): { month?: string } {
  return isMonth(search.month) ? { month: search.month } : {};
}

function Page() {
  const { month = monthOf() } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReportsPage month={month} onMonthChange={(next) => void navigate({ search: { month: next } })} />;
}

export const Route = createFileRoute('/relatorios')({
  staticData: { permission: 'reports:read' },
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => ({ month: search.month ?? monthOf() }),
  // The answers' requests start with the navigation (never awaited: offline, they wait).
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(frequencyReportQueryOptions(deps.month));
    void context.queryClient.prefetchQuery(attendanceAlertsQueryOptions());
    return loadFeatureMessages('reports');
  },
  component: Page,
});
