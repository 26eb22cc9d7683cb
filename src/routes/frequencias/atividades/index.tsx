import { createFileRoute } from '@tanstack/react-router';
import { ActivityPickerPage } from '../../../features/attendance/activity-picker-page.tsx';
import { loadFeatureMessages } from '../../../lib/i18n.ts';

export const Route = createFileRoute('/frequencias/atividades/')({ loader: () => loadFeatureMessages('attendance'), component: ActivityPickerPage });
