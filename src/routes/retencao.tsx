import { createFileRoute } from '@tanstack/react-router';
import { RetentionPage } from '../features/retention/retention-page.tsx';
import { retentionQueryOptions } from '../api/retention.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';

export const Route = createFileRoute('/retencao')({
  staticData: { permission: 'students:anonymise' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(retentionQueryOptions());
    return loadFeatureMessages('retention');
  },
  component: RetentionPage,
});
