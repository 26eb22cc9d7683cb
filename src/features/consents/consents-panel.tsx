/**
 * The profile's consents (issue 51): the state of each purpose (granted, refused, not asked yet; "to renew" after a new
 * version of its term), the history, and "Record a consent" for the roles that write them. A consent saved on this
 * device and not sent yet shows as waiting. Loaded with the profile's own code, on demand.
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconShieldCheck } from '@tabler/icons-react';
import { consentPurposes, type ConsentPurpose } from '../../api/consent-states.ts';
import { consentHistoryQueryOptions, type ConsentRecordPayload } from '../../api/consents.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { PendingBadge } from '../../components/pending-badge.tsx';
import { ReadFailure } from '../../components/access-record-failure.tsx';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { outboxKinds } from '../../offline/outbox-kinds.ts';
import { localMidnight } from '../../lib/calendar-date.ts';
import { ConsentModal } from './consent-modal.tsx';
import { methodLabels, purposeLabels, stateColors, stateLabels } from './consent-labels.ts';

export function ConsentsPanel({ studentId }: { studentId: string }) {
  const { t, i18n } = useLingui();
  const { can } = usePermissions();
  const query = useQuery(consentHistoryQueryOptions(studentId));
  const rows = useOutboxItems(outboxKinds.consentRecord);
  const waiting = useMemo(() => rows.filter((row) => (row.payload as ConsentRecordPayload | undefined)?.studentId === studentId), [rows, studentId]);
  const [recording, setRecording] = useState<ConsentPurpose | null>(null);
  const states = query.data?.current;
  const toRenew = new Set(query.data?.toRenew ?? []);
  const day = (value: string) => i18n.date(localMidnight(value), { dateStyle: 'medium' });

  return (
    <Paper withBorder p="md" data-testid="consents-panel">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          <Trans>Consents</Trans>
        </Title>
        {can('consents:write') && (
          <Button variant="default" mih={44} leftSection={<IconShieldCheck size={18} aria-hidden />} onClick={() => setRecording('IMAGE_USE')}>
            <Trans>Record a consent</Trans>
          </Button>
        )}
      </Group>
      {states ? (
        <Stack gap="xs">
          {consentPurposes.map((purpose) => {
            const pending = waiting.find((row) => (row.payload as ConsentRecordPayload).consent.purpose === purpose);
            return (
              <Group key={purpose} justify="space-between" wrap="nowrap" data-testid={`consent-${purpose}`}>
                <Text size="sm">{i18n._(purposeLabels[purpose])}</Text>
                <Group gap={6} wrap="nowrap">
                  <Badge color={stateColors[states[purpose]]} variant="light" c={`${stateColors[states[purpose]]}.9`}>
                    {i18n._(stateLabels[states[purpose]])}
                  </Badge>
                  {toRenew.has(purpose) && (
                    <Badge color="orange" variant="outline" c="orange.9">
                      <Trans>To renew</Trans>
                    </Badge>
                  )}
                  <PendingBadge state={pending ? (pending.state === 'failed' ? 'failed' : 'pending') : undefined} />
                </Group>
              </Group>
            );
          })}
        </Stack>
      ) : query.isError ? (
        <ReadFailure error={query.error} onRetry={() => void query.refetch()}>
          <Text c="red.9" role="alert">
            <Trans>The consents could not be loaded. Check the connection and try again.</Trans>
          </Text>
        </ReadFailure>
      ) : null}
      {query.data && query.data.entries.length > 0 && (
        <details style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <summary style={{ minHeight: 44, display: 'flex', alignItems: 'center', cursor: 'pointer' }}>
            <Trans>History ({query.data.entries.length})</Trans>
          </summary>
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Date`}</Table.Th>
                  <Table.Th>{t`Purpose`}</Table.Th>
                  <Table.Th>{t`Answer`}</Table.Th>
                  <Table.Th>{t`Guardian`}</Table.Th>
                  <Table.Th>{t`How`}</Table.Th>
                  <Table.Th>{t`Recorded by`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{day(entry.date)}</Table.Td>
                    <Table.Td>
                      {i18n._(purposeLabels[entry.purpose])}
                      {entry.termVersion !== null && (
                        <Text span size="xs" c="gray.7">
                          {' '}
                          {t`(term v${entry.termVersion})`}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{entry.granted ? t`Granted` : t`Refused`}</Table.Td>
                    <Table.Td>{entry.guardianName}</Table.Td>
                    <Table.Td>{entry.method ? i18n._(methodLabels[entry.method]) : ''}</Table.Td>
                    <Table.Td>{entry.recordedBy}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </details>
      )}
      {recording && <ConsentModal studentId={studentId} purpose={recording} onClose={() => setRecording(null)} />}
    </Paper>
  );
}
