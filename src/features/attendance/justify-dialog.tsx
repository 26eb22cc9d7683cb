/** The reason of a justified absence: health, school, family, transport, or other with a note (issue 17). */
import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ABSENCE_NOTE_MAX, absenceReasons, type AbsenceReason } from '../../api/contract.ts';
import { absenceReasonLabels } from './absence-reasons.ts';
import { justifiedMark, type RollMark, type ShownMark } from './roll-mark.ts';

type Props = {
  studentName: string;
  /** The student's mark now: a justified one opens with its reason and note. */
  mark: ShownMark;
  onSave: (mark: RollMark) => void;
  onClose: () => void;
};

export default function JustifyDialog({ studentName, mark, onSave, onClose }: Props) {
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState<AbsenceReason | null>(mark.status === 'JUSTIFIED' ? mark.reason : null);
  const [note, setNote] = useState(mark.status === 'JUSTIFIED' ? (mark.note ?? '') : '');
  const [tried, setTried] = useState(false);
  const noteMissing = reason === 'OTHER' && !note.trim();

  const save = () => {
    setTried(true);
    if (!reason || noteMissing) return;
    onSave(justifiedMark(reason, note));
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t`Justified absence: ${studentName}`} centered closeButtonProps={{ 'aria-label': t`Close` }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <Radio.Group
            label={t`Reason`}
            withAsterisk
            value={reason}
            onChange={(value) => setReason(value as AbsenceReason)}
            error={tried && !reason ? t`Choose a reason` : undefined}
          >
            <Stack gap="sm" mt="xs">
              {absenceReasons.map((code) => (
                <Radio
                  key={code}
                  value={code}
                  label={i18n._(absenceReasonLabels[code])}
                  data-autofocus={code === (reason ?? 'HEALTH') ? true : undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
          {reason === 'OTHER' && (
            <Textarea
              label={t`Note`}
              withAsterisk
              autosize
              minRows={2}
              maxLength={ABSENCE_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={tried && noteMissing ? t`Say what the reason was` : undefined}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" mih={44}>
              <Trans>Mark justified</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
