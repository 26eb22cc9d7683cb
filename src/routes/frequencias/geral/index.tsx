import { createFileRoute } from '@tanstack/react-router';
import { isCalendarDate, localIsoDate } from '../../../lib/calendar-date.ts';
import { GeneralRollPage } from '../../../features/attendance/general-roll-page.tsx';
import { prefetchStudents } from '../../../api/students.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';

/** date1: the day of the general roll, YYYY-MM-DD, as the roll call's (today without it, or when it is not a day). */
function parseSearch(search: Record<string, unknown>): { date1?: string } {
  return { date1: isCalendarDate(search.date1) ? search.date1 : undefined };
}

function Page() {
  const { date1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <GeneralRollPage date={date1 ?? localIsoDate()} onDateChange={(date) => void navigate({ search: { date1: date }, replace: true })} />;
}

export const Route = createFileRoute('/frequencias/geral/')({
  staticData: { permission: 'general-roll:read' },
  // The children's list starts with the navigation (never awaited: offline, it waits), the whole list at once: this
  // screen shows no first screenful of it.
  loader: ({ context }) => {
    prefetchStudents(context.queryClient, { firstScreenful: false });
    return loadFeatureMessages('attendance');
  },
  validateSearch: parseSearch,
  component: Page,
});
