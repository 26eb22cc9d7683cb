import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { settingsQueryOptions } from '../api/settings.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';

export const Route = createFileRoute('/configuracoes')({
  staticData: { permission: 'settings:write' },
  // The request starts with the navigation (never awaited: offline, the device's copy shows).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(settingsQueryOptions());
    return loadFeatureMessages('settings');
  },
  component: SettingsPage,
});
