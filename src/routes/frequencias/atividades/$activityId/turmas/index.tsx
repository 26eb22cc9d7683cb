import { createFileRoute } from '@tanstack/react-router';
import { ClassPickerPage } from '../../../../../features/attendance/class-picker-page.tsx';
import { activitiesQueryOptions } from '../../../../../api/activities.ts';
import { classesQueryOptions } from '../../../../../api/classes.ts';
import { loadFeatureMessages } from '../../../../../lib/i18n.ts';

function Page() {
  const { activityId } = Route.useParams();
  return <ClassPickerPage activityId={activityId} />;
}

export const Route = createFileRoute('/frequencias/atividades/$activityId/turmas/')({
  staticData: { permission: 'attendance:read' },
  // The lists' requests start with the navigation, while the page's code downloads (never awaited: offline, they wait).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(activitiesQueryOptions());
    void context.queryClient.prefetchQuery(classesQueryOptions());
    return loadFeatureMessages('attendance');
  },
  component: Page,
});
