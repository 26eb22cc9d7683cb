import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { loadFeatureMessages } from '../lib/i18n.ts';

export const Route = createFileRoute('/configuracoes')({
  staticData: { permission: 'settings:write' },
  // The request starts with the navigation (never awaited: offline, the device's copy shows). The API module comes
  // with it, not in the first script: only admins open this screen.
  loader: ({ context }) => {
    void import('../api/settings.ts').then(({ settingsQueryOptions }) => context.queryClient.prefetchQuery(settingsQueryOptions()));
    return loadFeatureMessages('settings');
  },
  component: SettingsPage,
});
