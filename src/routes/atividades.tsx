import { createFileRoute } from '@tanstack/react-router';
import { ActivitiesPage } from '../features/activities/activities-page.tsx';
import { activitiesQueryOptions } from '../api/activities.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';

export const Route = createFileRoute('/atividades')({
  staticData: { permission: 'activities:read' },
  // The list's request starts with the navigation, while the page's code downloads (never awaited: offline, it waits).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(activitiesQueryOptions());
    return loadFeatureMessages('activities');
  },
  component: ActivitiesPage,
});
