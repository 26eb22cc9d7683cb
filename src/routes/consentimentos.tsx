import { createFileRoute } from '@tanstack/react-router';
import { ConsentTermsPage } from '../features/consents/consent-terms-page.tsx';
import { consentsToRenewQueryOptions, consentTermsQueryOptions } from '../api/consents.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';

export const Route = createFileRoute('/consentimentos')({
  staticData: { permission: 'consents:read' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(consentTermsQueryOptions());
    void context.queryClient.prefetchQuery(consentsToRenewQueryOptions());
    return loadFeatureMessages('consents');
  },
  component: ConsentTermsPage,
});
