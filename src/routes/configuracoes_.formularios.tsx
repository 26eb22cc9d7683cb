import { createFileRoute } from '@tanstack/react-router';
import { FormEditorPage } from '../features/assessments/form-editor-page.tsx';
import type { AssessmentFormType } from '../api/assessment-contract.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';

type Search = { form?: AssessmentFormType };
// Not the contract's list: this file is in the first load, the contract (zod) is not.
const formTypes: readonly string[] = ['PSICOLOGIA', 'SOCIAL'] satisfies AssessmentFormType[];

/** The anamnese forms' questions, edited by admins (issue 52 item 1), reached from /configuracoes. */
export const Route = createFileRoute('/configuracoes_/formularios')({
  staticData: { permission: 'assessment-forms:write' },
  validateSearch: (search: Record<string, unknown>): Search =>
    formTypes.includes(search.form as string) ? { form: search.form as AssessmentFormType } : {},
  loader: () => loadFeatureMessages('assessments'),
  component: Page,
});

function Page() {
  const { form } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <FormEditorPage formType={form} onFormChange={(next) => void navigate({ search: { form: next }, replace: true })} />;
}
