import { createFileRoute } from '@tanstack/react-router';
import { StudentProfilePage } from '../../../features/students/student-profile-page.tsx';
import { studentQueryOptions } from '../../../api/student-records.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';

export const Route = createFileRoute('/alunos/$id/')({
  staticData: { permission: 'students:read' },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(studentQueryOptions(params.id));
    return loadFeatureMessages('students');
  },
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <StudentProfilePage studentId={id} />;
}
