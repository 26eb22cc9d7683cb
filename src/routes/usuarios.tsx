import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../features/users/users-page.tsx';
import { loadFeatureMessages } from '../lib/i18n.ts';

export const Route = createFileRoute('/usuarios')({ loader: () => loadFeatureMessages('users'), component: UsersPage });
