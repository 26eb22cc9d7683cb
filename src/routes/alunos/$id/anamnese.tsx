import { createFileRoute } from '@tanstack/react-router';
import { AssessmentPage } from '../../../features/assessments/assessment-page.tsx';
import type { AssessmentFormType } from '../../../api/assessment-contract.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';

type Search = { form?: AssessmentFormType };
// Not the contract's list: this file is in the first load, the contract (zod) is not.
const formTypes: readonly string[] = ['PSICOLOGIA', 'SOCIAL'] satisfies AssessmentFormType[];

export const Route = createFileRoute('/alunos/$id/anamnese')({
  staticData: { permission: 'assessments:read' },
  validateSearch: (search: Record<string, unknown>): Search =>
    formTypes.includes(search.form as string) ? { form: search.form as AssessmentFormType } : {},
  loader: () => loadFeatureMessages('assessments'),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  const { form } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AssessmentPage studentId={id} formType={form} onFormChange={(next) => void navigate({ search: { form: next }, replace: true })} />;
}
