import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { PageTitle } from '../../../components/page-title.tsx';

function Page() {
  const { t } = useLingui();
  return <PageTitle>{t`Guardians`}</PageTitle>;
}

export const Route = createFileRoute('/alunos/$id/responsaveis')({ component: Page });
