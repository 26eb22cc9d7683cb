/**
 * The follow-up of one child in a dialog (issue 50), opened from an alert on home or from the reports' list below the
 * threshold: loaded on demand with its catalog (home's first load carries neither).
 */
import { Modal } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { FollowUpDialogProps } from '../../api/cases.ts';
import { FollowUpPanel } from './follow-up-panel.tsx';

export default function FollowUpDialog({ child, origin, onClose }: FollowUpDialogProps) {
  const { t } = useLingui();
  const name = child.studentName;
  return (
    <Modal opened onClose={onClose} title={t`Follow-up of ${name}`} centered size="lg" closeButtonProps={{ 'aria-label': t`Close` }}>
      <FollowUpPanel child={child} origin={origin} />
    </Modal>
  );
}
