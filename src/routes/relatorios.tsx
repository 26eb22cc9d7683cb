import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../features/reports/reports-page.tsx';
import { useFollowUpLauncher } from '../features/cases/follow-up-launcher.tsx';
import { FollowUpReport } from '../features/cases/follow-up-report.tsx';
import { usePermissions } from '../components/use-permissions.ts';
import { arrivalsReportQueryOptions, attendanceAlertsQueryOptions, frequencyReportQueryOptions } from '../api/reports.ts';
import { monthOf, parseMonthSearch } from '../lib/calendar-date.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';

function Page() {
  const { month = monthOf() } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { can } = usePermissions();
  // The follow-up (issue 50): its figures and "Open follow-up" on the list below the threshold, for whom reads cases.
  const { button, dialog } = useFollowUpLauncher();
  const followUp = can('cases:read') ? { report: <FollowUpReport month={month} />, button, dialog } : undefined;
  return <ReportsPage month={month} onMonthChange={(next) => void navigate({ search: { month: next } })} followUp={followUp} />;
}

export const Route = createFileRoute('/relatorios')({
  staticData: { permission: 'reports:read' },
  // month: the month shown, YYYY-MM (the current one without it, or when it is not a month).
  validateSearch: parseMonthSearch,
  loaderDeps: ({ search }) => ({ month: search.month ?? monthOf() }),
  // The answers' requests start with the navigation (never awaited: offline, they wait).
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(frequencyReportQueryOptions(deps.month));
    void context.queryClient.prefetchQuery(arrivalsReportQueryOptions(deps.month));
    void context.queryClient.prefetchQuery(attendanceAlertsQueryOptions());
    // The follow-up (issue 50) shows on this screen too: its figures and "Open follow-up".
    return Promise.all([loadFeatureMessages('reports'), loadFeatureMessages('cases')]);
  },
  component: Page,
});
