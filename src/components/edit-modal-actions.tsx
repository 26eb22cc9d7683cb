import { Button, Group } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

type Props = {
  /** Editing a record that exists: it may be archived. */
  canArchive: boolean;
  onArchive: () => void;
  onCancel: () => void;
  onSave: () => void;
};

/** The foot of a create-or-edit modal (an activity, a class): Archive on the left when editing, Cancel and Save. */
export function EditModalActions({ canArchive, onArchive, onCancel, onSave }: Props) {
  return (
    <Group justify="space-between">
      {canArchive ? (
        <Button color="red" c="red.9" variant="light" mih={44} onClick={onArchive}>
          <Trans>Archive</Trans>
        </Button>
      ) : (
        <span />
      )}
      <Group>
        <Button variant="default" mih={44} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button mih={44} onClick={onSave}>
          <Trans>Save</Trans>
        </Button>
      </Group>
    </Group>
  );
}
