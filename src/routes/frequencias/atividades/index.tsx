import { createFileRoute } from '@tanstack/react-router';
import { ActivityPickerPage } from '../../../features/attendance/activity-picker-page.tsx';
import { activitiesQueryOptions } from '../../../api/activities.ts';
import { classesQueryOptions } from '../../../api/classes.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';

export const Route = createFileRoute('/frequencias/atividades/')({
  staticData: { permission: 'attendance:read' },
  // The lists' requests start with the navigation, while the page's code downloads (never awaited: offline, they wait).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(activitiesQueryOptions());
    void context.queryClient.prefetchQuery(classesQueryOptions());
    return loadFeatureMessages('attendance');
  },
  component: ActivityPickerPage,
});
