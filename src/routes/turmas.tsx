import { createFileRoute } from '@tanstack/react-router';
import { ClassesPage } from '../features/classes/classes-page.tsx';

export const Route = createFileRoute('/turmas')({ component: ClassesPage });
