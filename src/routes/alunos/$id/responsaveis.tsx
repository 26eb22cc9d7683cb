import { createFileRoute } from '@tanstack/react-router';
import { GuardiansPage } from '../../../features/guardians/guardians-page.tsx';
import { parseGuardianSearch } from '../../../features/guardians/guardian-search.ts';
import type { SearchUpdater } from '../../../features/guardians/guardian-modal.tsx';
import { loadFeatureMessages } from '../../../lib/i18n.ts';

function Page() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // replace: typing in the modal must not fill the history with one entry per debounced write.
  const updateSearch: SearchUpdater = (update) => void navigate({ search: (previous) => update(previous), replace: true });
  return <GuardiansPage studentId={id} search={search} updateSearch={updateSearch} />;
}

export const Route = createFileRoute('/alunos/$id/responsaveis')({
  staticData: { permission: 'guardians:read' },
  loader: () => loadFeatureMessages('guardians'),
  validateSearch: parseGuardianSearch,
  component: Page,
});
