import { createFileRoute } from '@tanstack/react-router';
import { StudentsPage } from '../../features/students/students-page.tsx';

export const Route = createFileRoute('/alunos/')({ component: StudentsPage });
