import { createFileRoute } from '@tanstack/react-router';
import { AssessmentPage } from '../../../features/assessments/assessment-page.tsx';
import { assessmentDraftQueryOptions } from '../../../features/assessments/use-assessment-draft.ts';
import { assessmentFormsQueryOptions, studentAssessmentsQueryOptions } from '../../../api/assessments.ts';
import { studentQueryOptions } from '../../../api/student-records.ts';
import type { AssessmentFormType } from '../../../api/assessment-contract.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';

type Search = { form?: AssessmentFormType };
// Not the contract's list: this file is in the first load, the contract (zod) is not.
const formTypes: readonly AssessmentFormType[] = ['PSICOLOGIA', 'SOCIAL'];

export const Route = createFileRoute('/alunos/$id/anamnese')({
  staticData: { permission: 'assessments:read' },
  validateSearch: (search: Record<string, unknown>): Search =>
    formTypes.includes(search.form as AssessmentFormType) ? { form: search.form as AssessmentFormType } : {},
  // Everything the form needs is asked for beside the screen's code (on the link's touch or hover too, the router's
  // preload on intent), not once its component has rendered: the forms (their versions kept on the device), the child's
  // answers and record, and the device's drafts of both forms.
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(assessmentFormsQueryOptions());
    void queryClient.prefetchQuery(studentAssessmentsQueryOptions(params.id));
    void queryClient.prefetchQuery(studentQueryOptions(params.id));
    for (const formType of formTypes) void queryClient.prefetchQuery(assessmentDraftQueryOptions(params.id, formType));
    return loadFeatureMessages('assessments');
  },
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  const { form } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AssessmentPage studentId={id} formType={form} onFormChange={(next) => void navigate({ search: { form: next }, replace: true })} />;
}
