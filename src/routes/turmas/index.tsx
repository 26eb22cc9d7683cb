import { createFileRoute } from '@tanstack/react-router';
import { ClassesPage } from '../../features/classes/classes-page.tsx';
import { classesQueryOptions } from '../../api/classes.ts';
import { activitiesQueryOptions } from '../../api/activities.ts';
import { loadFeatureMessages } from '../../lib/i18n.ts';

export const Route = createFileRoute('/turmas/')({
  staticData: { permission: 'classes:read' },
  // The lists' requests start with the navigation, while the page's code downloads (never awaited: offline, they wait).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(classesQueryOptions());
    void context.queryClient.prefetchQuery(activitiesQueryOptions());
    return loadFeatureMessages('classes');
  },
  component: ClassesPage,
});
