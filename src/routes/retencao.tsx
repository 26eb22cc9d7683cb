import { createFileRoute } from '@tanstack/react-router';
import { RetentionPage } from '../features/retention/retention-page.tsx';
import { loadFeatureMessages } from '../lib/i18n.ts';

export const Route = createFileRoute('/retencao')({
  staticData: { permission: 'students:anonymise' },
  loader: () => loadFeatureMessages('retention'),
  component: RetentionPage,
});
