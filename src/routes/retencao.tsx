import { createFileRoute } from '@tanstack/react-router';
import { RetentionPage } from '../features/retention/retention-page.tsx';
import { loadFeatureMessages } from '../lib/i18n.ts';

// The loader reads nothing: the page asks for its list itself, so its api module stays out of the app's first script
// (every route's loader is in it), for a screen only admins open.
export const Route = createFileRoute('/retencao')({
  staticData: { permission: 'students:anonymise' },
  loader: () => loadFeatureMessages('retention'),
  component: RetentionPage,
});
