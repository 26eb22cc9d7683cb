/** What the students import did, and the rows it refused (the preview's wrong rows and the server's refusals) as a CSV to fix. */
import { useLingui } from '@lingui/react/macro';
import type { ImportRowResult } from '../../api/imports-contract.ts';
import type { WorkerAnswer } from './import-worker.ts';
import { problemText, refusalText } from './import-texts.ts';
import type { Problem } from './read-rows.ts';
import { ResultFrame } from './result-frame.tsx';
import type { RefusedRow } from './students-preview.ts';

type Props = {
  fileName: string;
  headers: string[];
  result: Extract<WorkerAnswer, { type: 'refused' }> & { results: ImportRowResult[] };
  onAnother: () => void;
};

export function ImportResult({ fileName, headers, result, onAnother }: Props) {
  const { t, i18n } = useLingui();
  const count = (outcome: ImportRowResult['outcome']) => result.results.filter((one) => one.outcome === outcome).length;
  const refused = result.refused as RefusedRow<Problem>[];
  return (
    <ResultFrame
      fileName={fileName}
      counts={[
        { testId: 'result-created', color: 'green', label: t`Registered: ${count('created')}` },
        { testId: 'result-updated', color: 'blue', label: t`Updated: ${count('updated')}` },
        { testId: 'result-skipped', color: 'gray', label: t`Skipped: ${result.skipped}` },
        { testId: 'result-refused', color: 'red', label: t`Refused: ${refused.length}` },
      ]}
      columns={headers}
      refused={refused.map(({ where, cells, problems, refusal }) => ({
        where,
        cells,
        reasons: refusal ? [refusalText(i18n, refusal)] : problems.map((problem) => problemText(i18n, problem)),
      }))}
      onAnother={onAnother}
    />
  );
}
