import { createFileRoute } from '@tanstack/react-router';
import { TechDemoItem } from '../../features/tech-demo/tech-demo-page.tsx';

function Page() {
  const { id } = Route.useParams();
  return <TechDemoItem id={id} />;
}

export const Route = createFileRoute('/tech-demo/$id')({ component: Page });
