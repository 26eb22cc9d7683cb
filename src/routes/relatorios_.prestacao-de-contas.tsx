import { createFileRoute } from '@tanstack/react-router';
import { FunderReportPage } from '../features/reports/funder-report-page.tsx';
import { loadFeatureMessages } from '../lib/i18n.ts';

type Search = { from?: string; to?: string; activities?: string };
/** Kept as typed text; the screen checks the dates (report-period.ts periodOfSearch), so this definition stays small. */
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * from, to: the period (dates, from not after to; otherwise this month); activities: activity ids joined by commas
 * (none: the whole programme).
 */
const parseSearch = (search: Record<string, unknown>): Search => ({
  from: text(search.from),
  to: text(search.to),
  activities: text(search.activities),
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <FunderReportPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}

// The period report for funders (issue 53): its code, its answer's contract and its texts load with the screen; the
// answer is asked by the screen (the first load carries no more than this definition).
export const Route = createFileRoute('/relatorios_/prestacao-de-contas')({
  staticData: { permission: 'reports:read' },
  validateSearch: parseSearch,
  loader: () => loadFeatureMessages('reports'),
  component: Page,
});
