import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/privacy/privacy-page.tsx';
import { privacyQueryOptions } from '../api/privacy.ts';
import { PUBLIC } from '../api/permissions.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';

export const Route = createFileRoute('/privacidade')({
  // Anyone, signed in or not: a guardian reads it before anything else.
  staticData: { permission: PUBLIC },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(privacyQueryOptions());
    return loadFeatureMessages('privacy');
  },
  component: PrivacyPage,
});
