import { createFileRoute } from '@tanstack/react-router';
import { ClassPage } from '../../features/classes/class-page.tsx';
import { classesQueryOptions } from '../../api/classes.ts';
import { rosterQueryOptions } from '../../api/rosters.ts';
import { studentsQueryOptions } from '../../api/students.ts';
import { loadFeatureMessages } from '../../lib/i18n.ts';

export const Route = createFileRoute('/turmas/$classId')({
  staticData: { permission: 'classes:read' },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(classesQueryOptions());
    void context.queryClient.prefetchQuery(rosterQueryOptions(params.classId));
    void context.queryClient.prefetchQuery(studentsQueryOptions());
    return loadFeatureMessages('classes');
  },
  component: Page,
});

function Page() {
  const { classId } = Route.useParams();
  return <ClassPage classId={classId} />;
}
