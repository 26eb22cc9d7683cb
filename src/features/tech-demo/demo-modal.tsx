/** The tech demo's modal; loaded when first opened (dialogs bring focus-trap code the page does not need before). */
import { Button, Group, Modal, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

export default function DemoModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Demo modal`} closeButtonProps={{ 'aria-label': t`Close` }}>
      <Text mb="md">
        <Trans>This modal shows how dialogs look and behave in Quadra.</Trans>
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose} mih={44}>
          <Trans>Close</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
