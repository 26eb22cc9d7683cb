import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { StudentSummary } from '../../api/contract.ts';
import { ABSENT_MARK, PRESENT_MARK, type RollMark } from './roll-mark.ts';
import { absenceReasonLabels } from './absence-reasons.ts';
import classes from './roll-call.module.css';

type Props = {
  student: StudentSummary;
  mark: RollMark;
  onSet: (studentId: string, mark: RollMark) => void;
  /** Opens the reason dialog of a justified absence for this student. */
  onJustify: (student: StudentSummary) => void;
};

/**
 * One student: present, absent and justified toggles (aria-pressed), named with the student and the state; a justified
 * absence shows its reason under the name. Memoised: a toggle re-renders one row.
 */
export const StudentRollRow = memo(function StudentRollRow({ student, mark, onSet, onJustify }: Props) {
  const { t, i18n } = useLingui();
  const name = student.name;
  const percent = Math.round(student.frequencyPercent);
  const reason = mark.status === 'JUSTIFIED' ? i18n._(absenceReasonLabels[mark.reason]) : '';
  return (
    <li className={classes.row} data-status={mark.status} data-testid="roll-row">
      <div className={classes.who}>
        <div className={classes.name}>{name}</div>
        <div className={classes.percent}>{t`Attendance: ${percent}%`}</div>
        {mark.status === 'JUSTIFIED' && (
          <div className={classes.reason} data-testid="roll-reason">
            {mark.note ? t`Justified: ${reason} (${mark.note})` : t`Justified: ${reason}`}
          </div>
        )}
      </div>
      <div className={classes.toggles}>
        <button
          type="button"
          className={`${classes.toggle} ${classes.present}`}
          aria-pressed={mark.status === 'PRESENT'}
          aria-label={t`${name}: present`}
          onClick={() => onSet(student.id, PRESENT_MARK)}
        >
          <span aria-hidden className={classes.checkIcon} />
          <span aria-hidden>{t`Present`}</span>
        </button>
        <button
          type="button"
          className={`${classes.toggle} ${classes.absent}`}
          aria-pressed={mark.status === 'ABSENT'}
          aria-label={t`${name}: absent`}
          onClick={() => onSet(student.id, ABSENT_MARK)}
        >
          <span aria-hidden className={classes.crossIcon} />
          <span aria-hidden>{t`Absent`}</span>
        </button>
        <button
          type="button"
          className={`${classes.toggle} ${classes.justify}`}
          aria-pressed={mark.status === 'JUSTIFIED'}
          aria-haspopup="dialog"
          aria-label={t`${name}: justified absence`}
          onClick={() => onJustify(student)}
        >
          <span aria-hidden className={classes.noteIcon} />
          <span aria-hidden>{t`Justified`}</span>
        </button>
      </div>
    </li>
  );
});
