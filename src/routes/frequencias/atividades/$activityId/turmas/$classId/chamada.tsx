import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { PageTitle } from '../../../../../../components/page-title.tsx';

function Page() {
  const { t } = useLingui();
  return <PageTitle>{t`Roll call`}</PageTitle>;
}

export const Route = createFileRoute('/frequencias/atividades/$activityId/turmas/$classId/chamada')({ component: Page });
