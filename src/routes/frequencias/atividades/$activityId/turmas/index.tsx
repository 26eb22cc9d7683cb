import { createFileRoute } from '@tanstack/react-router';
import { ClassPickerPage } from '../../../../../features/attendance/class-picker-page.tsx';
import { loadFeatureMessages } from '../../../../../lib/i18n.ts';

function Page() {
  const { activityId } = Route.useParams();
  return <ClassPickerPage activityId={activityId} />;
}

export const Route = createFileRoute('/frequencias/atividades/$activityId/turmas/')({
  loader: () => loadFeatureMessages('attendance'),
  component: Page,
});
