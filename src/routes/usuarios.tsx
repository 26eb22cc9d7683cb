import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { PageTitle } from '../components/page-title.tsx';

function Page() {
  const { t } = useLingui();
  return <PageTitle>{t`Users`}</PageTitle>;
}

export const Route = createFileRoute('/usuarios')({ component: Page });
