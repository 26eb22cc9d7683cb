import { createFileRoute } from '@tanstack/react-router';
import { ActivitiesPage } from '../features/activities/activities-page.tsx';
import { loadFeatureMessages } from '../lib/i18n.ts';

export const Route = createFileRoute('/atividades')({ loader: () => loadFeatureMessages('activities'), component: ActivitiesPage });
