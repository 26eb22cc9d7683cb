import { createFileRoute } from '@tanstack/react-router';
import { CasesPage } from '../features/cases/cases-page.tsx';
import type { CaseStatusFilter } from '../api/cases-contract.ts';
import { casesQueryOptions } from '../api/cases.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';

/** status: open (default), closed or all. */
const parseStatusSearch = (search: Record<string, unknown>): { status?: CaseStatusFilter } =>
  search.status === 'closed' || search.status === 'all' ? { status: search.status } : {};

function Page() {
  const { status = 'open' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CasesPage status={status} onStatusChange={(next) => void navigate({ search: next === 'open' ? {} : { status: next } })} />;
}

export const Route = createFileRoute('/acompanhamentos')({
  staticData: { permission: 'cases:read' },
  validateSearch: parseStatusSearch,
  loaderDeps: ({ search }) => ({ status: search.status ?? 'open' }),
  // The request starts with the navigation (never awaited: offline, the device's copy shows).
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(casesQueryOptions(deps.status));
    return loadFeatureMessages('cases');
  },
  component: Page,
});
