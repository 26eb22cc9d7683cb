import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page.tsx';

export const Route = createFileRoute('/')({
  staticData: { permission: 'me:read' },
  // The home page ships with the app's first script: no second round trip before its content paints (Lighthouse LCP).
  codeSplitGroupings: [],
  component: HomePage,
});
