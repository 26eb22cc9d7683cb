/** "Class not held" (issue 50): why the class did not happen that day (a note with "Other"); loaded when first opened. */
import { Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ABSENCE_NOTE_MAX, cleanText, notHeldReasons, type NotHeld } from '../../api/contract.ts';
import { notHeldReasonLabels } from './not-held-reasons.ts';
import { ReasonDialog } from './reason-dialog.tsx';

type Props = {
  /** The day's saved "not held", if any: the dialog opens with it. */
  current: NotHeld | undefined;
  onSave: (notHeld: NotHeld) => void;
  onClose: () => void;
};

export default function NotHeldDialog({ current, onSave, onClose }: Props) {
  const { t } = useLingui();
  return (
    <ReasonDialog
      title={t`Class not held`}
      intro={
        <Text size="sm">
          <Trans>A day not held is no roll day for anyone: no absences, and no one&apos;s frequency changes.</Trans>
        </Text>
      }
      codes={notHeldReasons}
      labels={notHeldReasonLabels}
      first="WEATHER"
      current={current}
      saveLabel={<Trans>Save as not held</Trans>}
      saveTestId="not-held-save"
      onSave={(reason, note) => onSave(reason === 'OTHER' ? { reason, note: cleanText(note).slice(0, ABSENCE_NOTE_MAX) } : { reason })}
      onClose={onClose}
    />
  );
}
