import { createFileRoute } from '@tanstack/react-router';
import { ActivityPickerPage } from '../../../features/attendance/activity-picker-page.tsx';

export const Route = createFileRoute('/frequencias/atividades/')({ component: ActivityPickerPage });
