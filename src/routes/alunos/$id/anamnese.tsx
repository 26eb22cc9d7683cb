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
/** How long the screen waits for its reads before it shows (their Loader, or their error, then). */
const READS_WAIT_MS = 1_000;

export const Route = createFileRoute('/alunos/$id/anamnese')({
  staticData: { permission: 'assessments:read' },
  // The loader in the component's chunk: the profile loads that chunk while idle (use-screen-code-when-idle.ts), and a
  // tap then runs the loader at once, the data asked for at the touch, not after a chunk of the loader's own.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (search: Record<string, unknown>): Search =>
    formTypes.includes(search.form as AssessmentFormType) ? { form: search.form as AssessmentFormType } : {},
  // Everything the form needs is asked for beside the screen's code (on the link's touch or hover too, the router's
  // preload on intent), not once its component has rendered: the forms (their versions kept on the device), the child's
  // answers and record, and the device's drafts of both forms. The screen waits for what the device does not hold yet
  // (at most READS_WAIT_MS; offline, not at all), so it renders once, with the form: it rendered with a Loader first and
  // with the form a task later (react-query tells its observers in a task of their own), a render of the page more in
  // the form's first opening (issue 52's goal). What the device holds shows at once, and is asked again when stale.
  loader: async ({ context: { queryClient }, params }) => {
    const reads = Promise.all(
      [
        queryClient.ensureQueryData({ ...assessmentFormsQueryOptions(), revalidateIfStale: true }),
        queryClient.ensureQueryData({ ...studentAssessmentsQueryOptions(params.id), revalidateIfStale: true }),
        queryClient.ensureQueryData({ ...studentQueryOptions(params.id), revalidateIfStale: true }),
        ...formTypes.map((formType) => queryClient.ensureQueryData(assessmentDraftQueryOptions(params.id, formType))),
      ].map((read) => read.catch(() => undefined)), // a read that failed shows on the screen (its query's error)
    );
    const waited = navigator.onLine === false ? undefined : Promise.race([reads, new Promise((resolve) => setTimeout(resolve, READS_WAIT_MS))]);
    await Promise.all([loadFeatureMessages('assessments'), waited]);
  },
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  const { form } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AssessmentPage studentId={id} formType={form} onFormChange={(next) => void navigate({ search: { form: next }, replace: true })} />;
}
