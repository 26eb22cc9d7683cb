import { createFileRoute } from '@tanstack/react-router';
import { TechDemoItem } from '../../features/tech-demo/tech-demo-page.tsx';
import { loadFeatureMessages } from '../../lib/i18n.ts';

function Page() {
  const { id } = Route.useParams();
  return <TechDemoItem id={id} />;
}

export const Route = createFileRoute('/tech-demo/$id')({
  staticData: { permission: 'me:read' },
  loader: () => loadFeatureMessages('tech-demo'),
  component: Page,
});
