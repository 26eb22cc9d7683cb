/**
 * The one dialog that asks before something is removed (a guardian, a document, a student from a class): what will
 * happen in a sentence, Cancel first, and the removal in red. Focus returns to the button that opened it (Mantine, and
 * components/use-keep-focus.ts for a dialog mounted on demand).
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

type Props = {
  /** The dialog's title, also its accessible name. */
  title: string;
  /** What removing does, as a question. */
  children: ReactNode;
  /** The red button's words. */
  confirmLabel: ReactNode;
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

export function ConfirmRemoval({ title, children, confirmLabel, opened, onCancel, onConfirm }: Props) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} closeButtonProps={{ 'aria-label': t`Close` }}>
      <Text mb="md">{children}</Text>
      <Group justify="flex-end">
        <Button variant="default" mih={44} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button color="red.9" mih={44} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
