/**
 * The class list import's preview (preview-frame.tsx): each row of the page as it will be stored (the child, the
 * class, the first day), with its problems and the child Quadra has, and the counts.
 */
import { useLingui } from '@lingui/react/macro';
import { formatBirthDate } from '../../components/person-card.tsx';
import type { EnrolmentPreviewRow } from './enrolment-plan.ts';
import { enrolmentProblemText, enrolmentStatusLabels, type EnrolmentStatus } from './enrolment-texts.ts';
import { PreviewFrame, ProblemsCell } from './preview-frame.tsx';
import type { ImportFlow, View } from './use-import-flow.ts';

const statusColor: Record<EnrolmentStatus, string> = { enrol: 'green', 'new-child': 'teal', skip: 'gray', wrong: 'red' };

type Props = { flow: ImportFlow; view: View };

export function EnrolmentPreview({ flow, view }: Props) {
  const { t, i18n } = useLingui();
  const { counts } = view;
  const date = (iso: string | undefined) => (iso ? formatBirthDate(iso, i18n.locale) : '');
  return (
    <PreviewFrame
      counts={[
        { testId: 'count-enrol', color: 'green', label: t`To enrol: ${counts.enrol}` },
        { testId: 'count-new-child', color: 'teal', label: t`New children: ${counts['new-child']}` },
        { testId: 'count-skip', color: 'gray', label: t`Already in the class: ${counts.skip}` },
        { testId: 'count-wrong', color: 'red', label: t`Wrong: ${counts.wrong}` },
      ]}
      columns={[t`Name`, t`Date of birth`, t`CPF`, t`Class`, t`Enrolled from`, t`Problems`]}
      rows={(view.rows as EnrolmentPreviewRow[]).map((row) => ({
        key: row.row,
        where: row.where,
        status: row.status,
        statusColor: statusColor[row.status],
        statusLabel: i18n._(enrolmentStatusLabels[row.status]),
        cells: [
          row.student.fullName,
          date(row.student.dateOfBirth),
          row.student.registrationNumber ?? '',
          `${[row.activityName, row.className].filter(Boolean).join(' · ')}${row.newClass ? ` ${t`(new)`}` : ''}`,
          date(row.from),
          <ProblemsCell key="problems" problems={row.problems.map((problem) => enrolmentProblemText(i18n, problem))} matchName={row.matchName} />,
        ],
      }))}
      flow={flow}
      view={view}
    />
  );
}
