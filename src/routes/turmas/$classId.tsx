import { createFileRoute } from '@tanstack/react-router';
import { ClassPage } from '../../features/classes/class-page.tsx';
import { classesQueryOptions } from '../../api/classes.ts';
import { rosterQueryOptions } from '../../api/rosters.ts';
import { studentsQueryOptions } from '../../api/students.ts';
import { meQueryOptions } from '../../api/me.ts';
import { instructorsOf, seesRollsOf } from '../../api/permissions.ts';
import { loadFeatureMessages } from '../../lib/i18n.ts';

export const Route = createFileRoute('/turmas/$classId')({
  staticData: { permission: 'classes:read' },
  loader: ({ context, params }) => {
    const { queryClient } = context;
    void queryClient.prefetchQuery(classesQueryOptions());
    // Not the roster of a class the user's role does not see (another instructor's): the server would refuse it.
    const me = queryClient.getQueryData(meQueryOptions().queryKey);
    const group = queryClient.getQueryData(classesQueryOptions().queryKey)?.find((item) => item.id === params.classId);
    if (!me || !group || seesRollsOf(me, instructorsOf(group))) void queryClient.prefetchQuery(rosterQueryOptions(params.classId));
    void queryClient.prefetchQuery(studentsQueryOptions());
    return loadFeatureMessages('classes');
  },
  component: Page,
});

function Page() {
  const { classId } = Route.useParams();
  return <ClassPage classId={classId} />;
}
