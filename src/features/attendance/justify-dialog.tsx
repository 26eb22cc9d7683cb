/** The reason of a justified absence: health, school, family, transport, or other with a note (issue 17). */
import { Trans, useLingui } from '@lingui/react/macro';
import { absenceReasons } from '../../api/contract.ts';
import { absenceReasonLabels } from './absence-reasons.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { justifiedMark, type RollMark, type ShownMark } from './roll-mark.ts';

type Props = {
  studentName: string;
  /** The student's mark now: a justified one opens with its reason and note. */
  mark: ShownMark;
  onSave: (mark: RollMark) => void;
  onClose: () => void;
};

export default function JustifyDialog({ studentName, mark, onSave, onClose }: Props) {
  const { t } = useLingui();
  return (
    <ReasonDialog
      title={t`Justified absence: ${studentName}`}
      codes={absenceReasons}
      labels={absenceReasonLabels}
      first="HEALTH"
      current={mark.status === 'JUSTIFIED' ? mark : undefined}
      saveLabel={<Trans>Mark justified</Trans>}
      onSave={(reason, note) => onSave(justifiedMark(reason, note))}
      onClose={onClose}
    />
  );
}
