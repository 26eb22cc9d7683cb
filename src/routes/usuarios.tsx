import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../features/users/users-page.tsx';
import { usersQueryOptions } from '../api/users.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';

export const Route = createFileRoute('/usuarios')({
  staticData: { permission: 'users:read' },
  // The list's request starts with the navigation, while the page's code downloads (never awaited: offline, it waits).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(usersQueryOptions());
    return loadFeatureMessages('users');
  },
  component: UsersPage,
});
