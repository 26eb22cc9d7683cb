import { createFileRoute } from '@tanstack/react-router';
import { GuardiansPage } from '../../../features/guardians/guardians-page.tsx';
import { parseGuardianSearch } from '../../../features/guardians/guardian-search.ts';
import type { SearchUpdater } from '../../../features/guardians/guardian-modal.tsx';
import { loadFeatureMessages } from '../../../lib/i18n.ts';
import { enqueueGuardianConsents, GuardianConsents } from '../../../features/consents/guardian-consents.tsx';
import { usePermissions } from '../../../components/use-permissions.ts';

// A new guardian is asked for the child's consents (issue 51), by the roles that record them.
const consentExtras = { Fields: GuardianConsents, afterCreate: enqueueGuardianConsents };

function Page() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // replace: typing in the modal must not fill the history with one entry per debounced write.
  const updateSearch: SearchUpdater = (update) => void navigate({ search: (previous) => update(previous), replace: true });
  const { can } = usePermissions();
  return <GuardiansPage studentId={id} search={search} updateSearch={updateSearch} {...(can('consents:write') ? { extras: consentExtras } : {})} />;
}

export const Route = createFileRoute('/alunos/$id/responsaveis')({
  staticData: { permission: 'guardians:read' },
  loader: () => Promise.all([loadFeatureMessages('guardians'), loadFeatureMessages('consents')]),
  validateSearch: parseGuardianSearch,
  component: Page,
});
