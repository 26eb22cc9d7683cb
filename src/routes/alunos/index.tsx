import { createFileRoute } from '@tanstack/react-router';
import { StudentsPage } from '../../features/students/students-page.tsx';
import { loadFeatureMessages } from '../../lib/i18n.ts';

export const Route = createFileRoute('/alunos/')({ loader: () => loadFeatureMessages('students'), component: StudentsPage });
