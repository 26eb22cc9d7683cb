/** What the class list import did, and the rows it refused (the preview's wrong rows and the server's) as a CSV to fix. */
import { useLingui } from '@lingui/react/macro';
import type { ImportEnrolmentResultRow } from '../../api/enrolment-imports-contract.ts';
import { enrolmentProblemText } from './enrolment-texts.ts';
import type { WorkerAnswer } from './import-worker.ts';
import { refusalText } from './import-texts.ts';
import type { EnrolmentProblem } from './read-enrolments.ts';
import { ResultFrame } from './result-frame.tsx';
import type { RefusedRow } from './students-preview.ts';

type Props = {
  fileName: string;
  result: Extract<WorkerAnswer, { type: 'refused' }> & { results: ImportEnrolmentResultRow[] };
  /** The file's columns, as the refused rows go back (read-enrolments.ts EnrolmentRow's cells). */
  columns: readonly string[];
  onAnother: () => void;
};

export function EnrolmentResult({ fileName, result, columns, onAnother }: Props) {
  const { t, i18n } = useLingui();
  const enrolled = result.results.filter((one) => one.outcome === 'created').length;
  const registered = new Set(result.results.flatMap((one) => (one.newStudent ? [one.studentId] : []))).size;
  const refused = result.refused as RefusedRow<EnrolmentProblem>[];
  return (
    <ResultFrame
      fileName={fileName}
      counts={[
        { testId: 'result-enrolled', color: 'green', label: t`Enrolled: ${enrolled}` },
        { testId: 'result-registered', color: 'teal', label: t`Children registered: ${registered}` },
        { testId: 'result-skipped', color: 'gray', label: t`Already in the class: ${result.skipped}` },
        { testId: 'result-refused', color: 'red', label: t`Refused: ${refused.length}` },
      ]}
      columns={columns}
      refused={refused.map(({ where, cells, problems, refusal }) => ({
        where,
        cells,
        reasons: refusal ? [refusalText(i18n, refusal)] : problems.map((problem) => enrolmentProblemText(i18n, problem)),
      }))}
      onAnother={onAnother}
    />
  );
}
