import { createFileRoute } from '@tanstack/react-router';
import { StudentRegistrationPage } from '../../features/student-registration/registration-page.tsx';
import { loadFeatureMessages } from '../../lib/i18n.ts';

export const Route = createFileRoute('/alunos/cadastro')({
  staticData: { permission: 'students:write' },
  loader: () => loadFeatureMessages('student-registration'),
  component: StudentRegistrationPage,
});
