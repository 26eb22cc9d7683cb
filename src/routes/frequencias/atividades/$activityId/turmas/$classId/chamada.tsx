import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RollCallPage } from '../../../../../../features/attendance/roll-call-page.tsx';

/** date1 (SPEC §2) is the day of the roll, YYYY-MM-DD; anything else counts as no date. */
const searchSchema = z.object({ date1: z.iso.date().optional().catch(undefined) });

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
  validateSearch: (search) => searchSchema.parse(search),
  component: Page,
});
