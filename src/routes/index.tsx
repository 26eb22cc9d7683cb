import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { loadFeatureMessages } from '../lib/i18n.ts';

// An alert's follow-up dialog (issue 50) and its texts load when first opened: not in home's first load.
const loadFollowUp = () => Promise.all([import('../features/cases/follow-up-dialog.tsx'), loadFeatureMessages('cases')]).then(([module]) => module);

export const Route = createFileRoute('/')({
  staticData: { permission: 'me:read' },
  // The home page ships with the app's first script: no second round trip before its content paints (Lighthouse LCP).
  codeSplitGroupings: [],
  component: Page,
});

function Page() {
  return <HomePage loadFollowUp={loadFollowUp} />;
}
