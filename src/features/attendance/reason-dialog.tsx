/**
 * A reason chosen from a list, with a note required for "Other": the one form of a justified absence (issue 17) and of
 * a class not held (issue 50). Each dialog names its codes, their words and what Save says.
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ABSENCE_NOTE_MAX } from '../../api/contract.ts';

type Props<Code extends string> = {
  title: string;
  /** Words above the reasons, if any. */
  intro?: ReactNode;
  codes: readonly Code[];
  labels: Record<Code, MessageDescriptor>;
  /** The reason focused when none is chosen yet. */
  first: Code;
  current: { reason: Code; note?: string } | undefined;
  saveLabel: ReactNode;
  saveTestId?: string;
  /** Called with the reason and, for "Other", its note (trimmed, not yet cleaned). */
  onSave: (reason: Code, note: string) => void;
  onClose: () => void;
};

export function ReasonDialog<Code extends string>({
  title,
  intro,
  codes,
  labels,
  first,
  current,
  saveLabel,
  saveTestId,
  onSave,
  onClose,
}: Props<Code>) {
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState<Code | null>(current?.reason ?? null);
  const [note, setNote] = useState(current?.note ?? '');
  const [tried, setTried] = useState(false);
  const noteMissing = reason === 'OTHER' && !note.trim();

  const save = () => {
    setTried(true);
    if (!reason || noteMissing) return;
    onSave(reason, note.trim());
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t`Close` }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          {intro}
          <Radio.Group
            label={t`Reason`}
            withAsterisk
            value={reason}
            onChange={(value) => setReason(value as Code)}
            error={tried && !reason ? t`Choose a reason` : undefined}
          >
            <Stack gap="sm" mt="xs">
              {codes.map((code) => (
                <Radio key={code} value={code} label={i18n._(labels[code])} data-autofocus={code === (reason ?? first) ? true : undefined} />
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
            <Button type="submit" mih={44} data-testid={saveTestId}>
              {saveLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
