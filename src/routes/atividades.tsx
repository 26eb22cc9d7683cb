import { createFileRoute } from '@tanstack/react-router';
import { ActivitiesPage } from '../features/activities/activities-page.tsx';

export const Route = createFileRoute('/atividades')({ component: ActivitiesPage });
