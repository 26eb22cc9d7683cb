import { createFileRoute } from '@tanstack/react-router';
import { StudentEditPage } from '../../../features/student-registration/student-edit-page.tsx';
import { studentQueryOptions } from '../../../api/student-records.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';

export const Route = createFileRoute('/alunos/$id/editar')({
  staticData: { permission: 'students:write' },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(studentQueryOptions(params.id));
    return loadFeatureMessages('student-registration');
  },
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return <StudentEditPage studentId={id} onSaved={() => void navigate({ to: '/alunos/$id', params: { id } })} />;
}
