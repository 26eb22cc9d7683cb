/**
 * The students import's preview (preview-frame.tsx): each row of the page as it will be stored, what happens to it,
 * its problems and the child it matches, and the counts of new, updated, skipped and wrong rows.
 */
import { useLingui } from '@lingui/react/macro';
import { formatBirthDate } from '../../components/person-card.tsx';
import { problemText, statusLabels } from './import-texts.ts';
import { PreviewFrame, ProblemsCell } from './preview-frame.tsx';
import type { RowStatus, StudentPreviewRow } from './students-preview.ts';
import type { ImportFlow, View } from './use-import-flow.ts';

const statusColor: Record<RowStatus, string> = { new: 'green', update: 'blue', skip: 'gray', wrong: 'red' };

type Props = { flow: ImportFlow; view: View };

export function PreviewTable({ flow, view }: Props) {
  const { t, i18n } = useLingui();
  const { counts } = view;
  return (
    <PreviewFrame
      counts={[
        { testId: 'count-new', color: 'green', label: t`New: ${counts.new}` },
        { testId: 'count-update', color: 'blue', label: t`To update: ${counts.update}` },
        { testId: 'count-skip', color: 'gray', label: t`To skip: ${counts.skip}` },
        { testId: 'count-wrong', color: 'red', label: t`Wrong: ${counts.wrong}` },
      ]}
      columns={[t`Name`, t`Date of birth`, t`CPF`, t`Classes`, t`Guardian`, t`Problems`]}
      rows={(view.rows as StudentPreviewRow[]).map((row) => ({
        key: row.row,
        where: String(row.row),
        status: row.status,
        statusColor: statusColor[row.status],
        statusLabel: i18n._(statusLabels[row.status]),
        cells: [
          row.student.fullName,
          row.student.dateOfBirth ? formatBirthDate(row.student.dateOfBirth, i18n.locale) : '',
          row.student.registrationNumber ?? '',
          row.classNames.join(', '),
          [row.guardian?.name, row.guardian?.phone].filter(Boolean).join(' · '),
          <ProblemsCell key="problems" problems={row.problems.map((problem) => problemText(i18n, problem))} matchName={row.matchName} />,
        ],
      }))}
      flow={flow}
      view={view}
    />
  );
}
