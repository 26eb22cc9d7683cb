import { memo } from 'react';
import { Anchor, Badge, Button, Card, Group, Progress, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconUserPlus } from '@tabler/icons-react';
import type { StudentRow } from './student-rows.ts';

type Props = {
  student: StudentRow;
  position: number;
  total: number;
  /** The role may add guardians. */
  canAddGuardian: boolean;
  /** The role may open the student's profile (the name links to it). */
  canOpen?: boolean;
};

/**
 * "Cadastrar responsável" does not fit a narrow card on one line: the label wraps instead of being cut off, and stays
 * centred in the (at least 44 px) button whether it takes one line or two.
 */
const wrappingButton = {
  root: { height: 'auto', paddingBlock: 6, display: 'flex', alignItems: 'center', justifyContent: 'center' },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 },
} as const;

/**
 * SPEC §2: name, attendance percent and a Create Guardian button that opens the guardian modal for this student.
 * Memoised: the virtual grid renders again when it learns where it sits and how tall its rows are, and the cards
 * already shown need not.
 */
export const StudentCard = memo(function StudentCard({ student, position, total, canAddGuardian, canOpen = false }: Props) {
  const { t } = useLingui();
  const percent = Math.round(student.frequencyPercent);
  const studentName = student.name;
  return (
    <Card withBorder padding="md" role="listitem" aria-setsize={total} aria-posinset={position} data-testid="student-card" h="100%">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        {canOpen && !student.pending ? (
          <Anchor
            renderRoot={(props) => <Link to="/alunos/$id" params={{ id: student.id }} {...props} />}
            fw={700}
            style={{ overflowWrap: 'break-word', minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
            data-testid="student-profile-link"
          >
            {student.name}
          </Anchor>
        ) : (
          <Text fw={700} style={{ overflowWrap: 'break-word' }}>
            {student.name}
          </Text>
        )}
        {student.active === false ? (
          <Badge color="gray.7" variant="light" style={{ flexShrink: 0 }}>
            <Trans>Inactive student</Trans>
          </Badge>
        ) : null}
        {student.pending === 'pending' ? (
          <Badge color="orange" c="orange.9" variant="light" style={{ flexShrink: 0 }} data-testid="pending-badge">
            <Trans>Waiting to sync</Trans>
          </Badge>
        ) : null}
        {student.pending === 'failed' ? (
          <Badge color="red" c="red.9" variant="light" style={{ flexShrink: 0 }} title={student.reason}>
            <Trans>Not saved</Trans>
          </Badge>
        ) : null}
      </Group>
      {student.pending ? (
        <Text size="sm" c="gray.7" mt="xs">
          {student.pending === 'failed'
            ? (student.reason ?? t`The server refused this registration.`)
            : t`Saved on this device; it will be sent when the server can be reached.`}
        </Text>
      ) : (
        <>
          <Text size="sm" mt="xs">
            <Trans>Attendance: {percent}%</Trans>
          </Text>
          <Progress value={percent} size="sm" mt={4} color="quadra.7" aria-hidden />
        </>
      )}
      {/* At the bottom of the card, so the buttons of a row line up whatever the length of the names above. */}
      {canAddGuardian && (
        <Group mt="auto" pt="md">
          {student.pending ? (
            // A guardian cannot be attached before the student exists on the server.
            <Button
              variant="light"
              size="sm"
              fullWidth
              leftSection={<IconUserPlus size={18} aria-hidden />}
              disabled
              mih={44}
              styles={wrappingButton}
            >
              <Trans>Create Guardian</Trans>
            </Button>
          ) : (
            <Button
              renderRoot={(props) => (
                <Link to="/alunos/$id/responsaveis" params={{ id: student.id }} search={{ action: 'open-new-responsible-modal' }} {...props} />
              )}
              variant="light"
              size="sm"
              fullWidth
              leftSection={<IconUserPlus size={18} aria-hidden />}
              mih={44}
              styles={wrappingButton}
              aria-label={t`Create Guardian for ${studentName}`}
            >
              <Trans>Create Guardian</Trans>
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
});
