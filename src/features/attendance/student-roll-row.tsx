import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AttendanceStatus, StudentSummary } from '../../api/contract.ts';
import classes from './roll-call.module.css';

type Props = {
  student: StudentSummary;
  status: AttendanceStatus;
  /** A justified absence saved on the server: shown read-only (the roll call does not change it). */
  justified?: boolean;
  onSet: (studentId: string, status: AttendanceStatus) => void;
};

/**
 * One student: a check and a cross toggle (aria-pressed), named with the student and the state, or a read-only
 * "Justified" for a justified absence. Memoised: a toggle re-renders one row.
 */
export const StudentRollRow = memo(function StudentRollRow({ student, status, justified = false, onSet }: Props) {
  const { t } = useLingui();
  const name = student.name;
  const percent = Math.round(student.frequencyPercent);
  return (
    <li className={classes.row} data-status={justified ? 'JUSTIFIED' : status} data-testid="roll-row">
      <div className={classes.who}>
        <div className={classes.name}>{name}</div>
        <div className={classes.percent}>{t`Attendance: ${percent}%`}</div>
      </div>
      {justified ? (
        <div className={classes.justified}>{t`Justified`}</div>
      ) : (
        <div className={classes.toggles}>
          <button
            type="button"
            className={`${classes.toggle} ${classes.present}`}
            aria-pressed={status === 'PRESENT'}
            aria-label={t`${name}: present`}
            onClick={() => onSet(student.id, 'PRESENT')}
          >
            <span aria-hidden className={classes.checkIcon} />
            <span aria-hidden>{t`Present`}</span>
          </button>
          <button
            type="button"
            className={`${classes.toggle} ${classes.absent}`}
            aria-pressed={status === 'ABSENT'}
            aria-label={t`${name}: absent`}
            onClick={() => onSet(student.id, 'ABSENT')}
          >
            <span aria-hidden className={classes.crossIcon} />
            <span aria-hidden>{t`Absent`}</span>
          </button>
        </div>
      )}
    </li>
  );
});
