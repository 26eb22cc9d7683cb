/** The follow-up section of a child's profile (issue 50), for the roles that read cases; the route composes it in. */
import { Paper, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { usePermissions } from '../../components/use-permissions.ts';
import { FollowUpPanel } from './follow-up-panel.tsx';

export function ProfileFollowUp({ studentId, studentName }: { studentId: string; studentName: string }) {
  const { can } = usePermissions();
  if (!can('cases:read')) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="follow-up-title">
      <Title order={2} size="h4" mb="sm" id="follow-up-title">
        <Trans>Follow-up</Trans>
      </Title>
      <FollowUpPanel child={{ studentId, studentName }} origin="MANUAL" />
    </Paper>
  );
}
