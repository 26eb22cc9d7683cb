import { createFileRoute } from '@tanstack/react-router';
import { StudentAccessLogPage } from '../../../features/students/access-log-page.tsx';
import { loadFeatureMessages } from '../../../lib/i18n.ts';

export const Route = createFileRoute('/alunos/$id/acessos')({
  staticData: { permission: 'access-log:read' },
  loader: () => loadFeatureMessages('students'),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <StudentAccessLogPage studentId={id} />;
}
