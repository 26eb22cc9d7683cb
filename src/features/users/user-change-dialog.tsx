/**
 * The question a change of someone's access asks first (issue 56: one slip changed someone's access), loaded when a
 * change is first asked for, so the users screen's first load carries no dialog.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

export type UserChangeQuestion = { access?: string; active?: boolean };

type Props = {
  name: string;
  /** The change asked for; kept while the dialog fades out after the answer. */
  question: UserChangeQuestion | undefined;
  opened: boolean;
  oldLevel: string;
  newLevel: string;
  onCancel: () => void;
  onConfirm: () => void;
};

export function UserChangeDialog({ name, question, opened, oldLevel, newLevel, onCancel, onConfirm }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={
        question?.access !== undefined ? t`Change the access of ${name}` : question?.active === false ? t`Deactivate ${name}` : t`Reactivate ${name}`
      }
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Text mb="md" data-testid="user-change-question">
        {question?.access !== undefined ? (
          <Trans>
            Change the access of {name} from {oldLevel} to {newLevel}? What {name} may see and do in Quadra changes with it.
          </Trans>
        ) : question?.active === false ? (
          <Trans>
            Deactivate {name}? {name} will no longer be able to sign in to Quadra.
          </Trans>
        ) : (
          <Trans>
            Reactivate {name}? {name} will be able to sign in to Quadra again, with the access {oldLevel}.
          </Trans>
        )}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" mih={44} onClick={onCancel} data-autofocus>
          <Trans>Cancel</Trans>
        </Button>
        <Button {...(question?.active === false ? { color: 'red.9' } : {})} mih={44} onClick={onConfirm}>
          {question?.access !== undefined ? t`Change access` : question?.active === false ? t`Deactivate` : t`Reactivate`}
        </Button>
      </Group>
    </Modal>
  );
}
