/** "Class not held" (issue 50): why the class did not happen that day (a note with "Other"); loaded when first opened. */
import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ABSENCE_NOTE_MAX, cleanText, notHeldReasons, type NotHeld, type NotHeldReason } from '../../api/contract.ts';
import { notHeldReasonLabels } from './not-held-reasons.ts';

type Props = {
  /** The day's saved "not held", if any: the dialog opens with it. */
  current: NotHeld | undefined;
  onSave: (notHeld: NotHeld) => void;
  onClose: () => void;
};

export default function NotHeldDialog({ current, onSave, onClose }: Props) {
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState<NotHeldReason | null>(current?.reason ?? null);
  const [note, setNote] = useState(current?.note ?? '');
  const [tried, setTried] = useState(false);
  const noteMissing = reason === 'OTHER' && !note.trim();

  const save = () => {
    setTried(true);
    if (!reason || noteMissing) return;
    onSave(reason === 'OTHER' ? { reason, note: cleanText(note.trim()).slice(0, ABSENCE_NOTE_MAX) } : { reason });
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t`Class not held`} centered closeButtonProps={{ 'aria-label': t`Close` }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            <Trans>A day not held is no roll day for anyone: no absences, and no one&apos;s frequency changes.</Trans>
          </Text>
          <Radio.Group
            label={t`Reason`}
            withAsterisk
            value={reason}
            onChange={(value) => setReason(value as NotHeldReason)}
            error={tried && !reason ? t`Choose a reason` : undefined}
          >
            <Stack gap="sm" mt="xs">
              {notHeldReasons.map((code) => (
                <Radio
                  key={code}
                  value={code}
                  label={i18n._(notHeldReasonLabels[code])}
                  data-autofocus={code === (reason ?? 'WEATHER') ? true : undefined}
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
            <Button type="submit" mih={44} data-testid="not-held-save">
              <Trans>Save as not held</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
