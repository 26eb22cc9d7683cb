import { createFileRoute } from '@tanstack/react-router';
import { GeneralMonthPage } from '../../../features/attendance/general-month-page.tsx';
import { monthOf, parseMonthSearch } from '../../../lib/calendar-date.ts';
import { generalMonthQueryOptions } from '../../../api/general-roll.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';

function Page() {
  const { month } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <GeneralMonthPage month={month ?? monthOf()} onMonthChange={(next) => void navigate({ search: { month: next } })} />;
}

// The general view of the month grid (issue 52): per child and day, arrived at the general roll or through a class roll.
export const Route = createFileRoute('/frequencias/geral/mes')({
  staticData: { permission: 'general-roll:read' },
  // month: the month shown, YYYY-MM (the current one without it, or when it is not a month).
  validateSearch: parseMonthSearch,
  loaderDeps: ({ search }) => ({ month: search.month }),
  loader: ({ context, deps }) => {
    // The request starts with the navigation (never awaited: offline, the device's copy shows).
    void context.queryClient.prefetchQuery(generalMonthQueryOptions(deps.month ?? monthOf()));
    return loadFeatureMessages('attendance');
  },
  component: Page,
});
