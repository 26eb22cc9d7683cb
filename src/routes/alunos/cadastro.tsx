import { createFileRoute } from '@tanstack/react-router';
import { StudentRegistrationPage } from '../../features/student-registration/registration-page.tsx';

export const Route = createFileRoute('/alunos/cadastro')({ component: StudentRegistrationPage });
