import { memo, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { IconCameraOff } from '@tabler/icons-react';
import type { StudentSummary } from '../../api/contract.ts';
import { ABSENT_MARK, PRESENT_MARK, type RollMark, type ShownMark } from './roll-mark.ts';
import { absenceReasonLabels } from './absence-reasons.ts';
import classes from './roll-call.module.css';

type Props = {
  student: StudentSummary;
  /** NOT_MARKED: a child the saved roll does not list; no toggle is pressed until someone marks them. */
  mark: ShownMark;
  onSet: (studentId: string, mark: RollMark) => void;
  /** Opens the reason dialog of a justified absence for this student. */
  onJustify: (student: StudentSummary) => void;
};

/**
 * Arrow keys (and Home, End) move between a student's three toggles: a toolbar (WAI-ARIA), one Tab stop per student
 * instead of three (the pressed toggle), so a roll of 30 is 30 Tab presses from top to bottom, not 90.
 */
function moveAmongToggles(event: KeyboardEvent<HTMLDivElement>): void {
  const toggles = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const at = toggles.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const last = toggles.length - 1;
  const next = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  toggles[next]!.focus();
}

/**
 * One student: present, absent and justified toggles (aria-pressed) in a toolbar, named with the student and the state;
 * a justified absence shows its reason under the name. Memoised: a toggle re-renders one row.
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
        <div className={classes.percent}>{t`Attendance since enrolment: ${percent}%`}</div>
        {/* Issue 51 (ECA art. 17): a child whose guardian has not authorised photos is left out of them. */}
        {student.consents && student.consents.IMAGE_USE !== 'GRANTED' && (
          <div className={classes.noPhotos} data-testid="roll-no-photos">
            <IconCameraOff size={16} aria-hidden />
            {student.consents.IMAGE_USE === 'REFUSED' ? t`No photos: image use refused` : t`No photos: image use not authorised`}
          </div>
        )}
        {mark.status === 'NOT_MARKED' && (
          <div className={classes.notMarked} data-testid="roll-not-marked">
            {t`Not marked on the saved roll`}
          </div>
        )}
        {mark.status === 'JUSTIFIED' && (
          <div className={classes.reason} data-testid="roll-reason">
            {mark.note ? t`Justified: ${reason} (${mark.note})` : t`Justified: ${reason}`}
          </div>
        )}
      </div>
      <div className={classes.toggles} role="toolbar" aria-label={t`Attendance of ${name}`} onKeyDown={moveAmongToggles}>
        <button
          type="button"
          className={`${classes.toggle} ${classes.present}`}
          aria-pressed={mark.status === 'PRESENT'}
          // Not marked: nothing is pressed, and the first toggle is the student's Tab stop.
          tabIndex={mark.status === 'PRESENT' || mark.status === 'NOT_MARKED' ? 0 : -1}
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
          tabIndex={mark.status === 'ABSENT' ? 0 : -1}
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
          tabIndex={mark.status === 'JUSTIFIED' ? 0 : -1}
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
