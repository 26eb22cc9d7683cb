import { createFileRoute } from '@tanstack/react-router';
import { isCalendarDate } from '../../../../../../lib/calendar-date.ts';
import { RollCallPage } from '../../../../../../features/attendance/roll-call-page.tsx';
import { classesQueryOptions } from '../../../../../../api/classes.ts';
import { activitiesQueryOptions } from '../../../../../../api/activities.ts';
import { loadFeatureMessages } from '../../../../../../lib/i18n.ts';

/**
 * date1 (SPEC §2) is the day of the roll, YYYY-MM-DD (a real calendar day); anything else counts as no date, said as
 * undefined: a value left out of the parser's answer reaches the screen as typed (the router keeps raw values).
 */
function parseSearch(search: Record<string, unknown>): { date1?: string } {
  return { date1: isCalendarDate(search.date1) ? search.date1 : undefined };
}

function Page() {
  const { activityId, classId } = Route.useParams();
  const { date1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RollCallPage
      activityId={activityId}
      classId={classId}
      date={date1}
      onDateChange={(date) => void navigate({ search: { date1: date }, replace: true })}
    />
  );
}

export const Route = createFileRoute('/frequencias/atividades/$activityId/turmas/$classId/chamada')({
  staticData: { permission: 'attendance:read' },
  // The class and activity lists' requests start with the navigation (never awaited: offline, they wait).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(classesQueryOptions());
    void context.queryClient.prefetchQuery(activitiesQueryOptions());
    return loadFeatureMessages('attendance');
  },
  validateSearch: parseSearch,
  component: Page,
});
