import { memo } from 'react';
import { Badge } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconUserPlus } from '@tabler/icons-react';
import type { StudentRow } from './student-rows.ts';
import classes from './student-card.module.css';
import { useRefusalText } from '../../components/refusal-text.ts';
import { PendingBadge } from '../../components/pending-badge.tsx';

type Props = {
  student: StudentRow;
  position: number;
  total: number;
  /** The role may add guardians. */
  canAddGuardian: boolean;
  /** The role may open the student's profile (the name links to it). */
  canOpen?: boolean;
};

/**
 * SPEC §2: name, attendance percent and a Create Guardian button that opens the guardian modal for this student.
 * Plain elements styled from Mantine's variables (student-card.module.css), like the roll call's rows: a search
 * keystroke renders every card on screen again. Memoised: the virtual grid renders again when it learns where it sits
 * and how tall its rows are, and the cards already shown need not.
 */
export const StudentCard = memo(function StudentCard({ student, position, total, canAddGuardian, canOpen = false }: Props) {
  const { t } = useLingui();
  const refusalText = useRefusalText();
  const percent = Math.round(student.frequencyPercent);
  const studentName = student.name;
  return (
    <div className={classes.card} role="listitem" aria-setsize={total} aria-posinset={position} data-testid="student-card">
      <div className={classes.head}>
        {canOpen && !student.pending ? (
          <Link to="/alunos/$id" params={{ id: student.id }} className={classes.name} data-testid="student-profile-link">
            {studentName}
          </Link>
        ) : (
          <p className={classes.name}>{studentName}</p>
        )}
        {student.active === false ? (
          <Badge color="gray" c="gray.9" variant="light" className={classes.badge}>
            <Trans>Inactive student</Trans>
          </Badge>
        ) : null}
        <PendingBadge state={student.pending} reason={refusalText(student)} className={classes.badge} />
      </div>
      {student.pending ? (
        <p className={classes.pendingDetail}>
          {student.pending === 'failed'
            ? (refusalText(student) ?? t`The server refused this registration.`)
            : t`Saved on this device; it will be sent when the server can be reached.`}
        </p>
      ) : (
        <>
          <p className={classes.detail}>{t`Attendance since enrolment: ${percent}%`}</p>
          <div className={classes.bar} aria-hidden>
            <div className={classes.barFill} style={{ width: `${Math.min(Math.max(percent, 0), 100)}%` }} />
          </div>
        </>
      )}
      {/* At the bottom of the card, so the buttons of a row line up whatever the length of the names above. */}
      {canAddGuardian && (
        <div className={classes.actions}>
          {student.pending ? (
            // A guardian cannot be attached before the student exists on the server.
            <button type="button" className={classes.guardian} disabled>
              <IconUserPlus size={18} aria-hidden />
              <Trans>Create Guardian</Trans>
            </button>
          ) : (
            <Link
              to="/alunos/$id/responsaveis"
              params={{ id: student.id }}
              search={{ action: 'open-new-responsible-modal' }}
              className={classes.guardian}
              aria-label={t`Create Guardian for ${studentName}`}
            >
              <IconUserPlus size={18} aria-hidden />
              <Trans>Create Guardian</Trans>
            </Link>
          )}
        </div>
      )}
    </div>
  );
});
