import { createFileRoute, Outlet } from '@tanstack/react-router';
import { TechDemoPage } from '../features/tech-demo/tech-demo-page.tsx';
import { loadFeatureMessages } from '../lib/i18n.ts';

/** A layout: the demo page, with tech-demo/$id rendered inside it. */
export const Route = createFileRoute('/tech-demo')({
  staticData: { permission: 'me:read' },
  loader: () => loadFeatureMessages('tech-demo'),
  component: () => <TechDemoPage outlet={<Outlet />} />,
});
