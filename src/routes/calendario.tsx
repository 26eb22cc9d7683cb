import { createFileRoute } from '@tanstack/react-router';
import { CalendarPage } from '../features/calendar/calendar-page.tsx';
import { calendarQueryOptions } from '../api/calendar.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';

/** year: the year shown (the current one without it, or when it is not a year). */
const parseYearSearch = (search: Record<string, unknown>): { year?: number } => {
  const year = Number(search.year);
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? { year } : {};
};

function Page() {
  const { year = new Date().getFullYear() } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CalendarPage year={year} onYearChange={(next) => void navigate({ search: { year: next } })} />;
}

export const Route = createFileRoute('/calendario')({
  staticData: { permission: 'calendar:write' },
  validateSearch: parseYearSearch,
  loaderDeps: ({ search }) => ({ year: search.year ?? new Date().getFullYear() }),
  // The request starts with the navigation (never awaited: offline, it waits).
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(calendarQueryOptions(deps.year));
    return loadFeatureMessages('calendar');
  },
  component: Page,
});
