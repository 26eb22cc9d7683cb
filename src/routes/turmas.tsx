import { createFileRoute } from '@tanstack/react-router';
import { ClassesPage } from '../features/classes/classes-page.tsx';
import { loadFeatureMessages } from '../lib/i18n.ts';

export const Route = createFileRoute('/turmas')({ loader: () => loadFeatureMessages('classes'), component: ClassesPage });
