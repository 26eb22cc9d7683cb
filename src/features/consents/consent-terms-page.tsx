/**
 * /consentimentos (issue 51): the programme's term text of each purpose, its versions, a new version for admins (which
 * marks the consents given on earlier ones to renew), and whom to ask again. A new version is saved through the outbox.
 */
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { consentPurposes, type ConsentPurpose } from '../../api/consent-states.ts';
import { consentsToRenewQueryOptions, consentTermsQueryOptions, enqueueConsentTerm, type ConsentTermPayload } from '../../api/consents.ts';
import type { ConsentTerm } from '../../api/consents-contract.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { PendingBadge } from '../../components/pending-badge.tsx';
import { notifySaved } from '../../components/notify.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { outboxKinds } from '../../offline/outbox-kinds.ts';
import { purposeLabels } from './consent-labels.ts';

export function ConsentTermsPage() {
  const { t } = useLingui();
  const terms = useQuery(consentTermsQueryOptions());
  const toRenew = useQuery(consentsToRenewQueryOptions());
  return (
    <Stack gap="lg">
      <PageTitle>{t`Consent terms`}</PageTitle>
      <Text>
        <Trans>
          The text a guardian agrees to for each purpose. A new version asks again every guardian who consented on an earlier one: they are listed
          below.
        </Trans>
      </Text>
      {terms.data ? (
        consentPurposes.map((purpose) => (
          <TermCard key={purpose} purpose={purpose} versions={terms.data.filter((term) => term.purpose === purpose)} />
        ))
      ) : terms.isError ? (
        <Text c="red.9" role="alert">
          <Trans>The terms could not be loaded. Check the connection and try again.</Trans>
        </Text>
      ) : (
        <Loader aria-label={t`Loading`} />
      )}
      <ToRenew rows={toRenew.data} failed={toRenew.isError} />
    </Stack>
  );
}

function TermCard({ purpose, versions }: { purpose: ConsentPurpose; versions: ConsentTerm[] }) {
  const { t, i18n } = useLingui();
  const { can } = usePermissions();
  const latest = versions.at(-1);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const waiting = useOutboxItems(outboxKinds.consentTermCreate).filter((row) => (row.payload as ConsentTermPayload).term.purpose === purpose);
  const label = i18n._(purposeLabels[purpose]);
  const save = async () => {
    if (!draft?.trim()) return setError(t`Write the term's text.`);
    await enqueueConsentTerm({ purpose, text: draft.trim() });
    notifySaved(t`New version saved.`);
    setDraft(null);
    setError(null);
  };
  return (
    <Paper withBorder p="md" data-testid={`term-${purpose}`}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {label}
        </Title>
        <Group gap={6}>
          <Badge variant="light" color="gray" c="gray.9">
            {latest ? t`Version ${latest.version}` : t`No text yet`}
          </Badge>
          <PendingBadge state={waiting.length > 0 ? (waiting.some((row) => row.state === 'failed') ? 'failed' : 'pending') : undefined} />
        </Group>
      </Group>
      {latest && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {latest.text}
        </Text>
      )}
      {can('consent-terms:write') &&
        (draft === null ? (
          <Button variant="default" mih={44} mt="sm" onClick={() => setDraft(latest?.text ?? '')}>
            <Trans>Write a new version</Trans>
          </Button>
        ) : (
          <Stack mt="sm" gap="xs">
            <Textarea
              label={t`New version of the term: ${label}`}
              autosize
              minRows={4}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              error={error}
              required
            />
            <Text size="sm" c="orange.9">
              <Trans>Saving it asks again every guardian who consented on an earlier version.</Trans>
            </Text>
            <Group justify="flex-end">
              <Button variant="default" mih={44} onClick={() => setDraft(null)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button mih={44} onClick={() => void save()}>
                <Trans>Save new version</Trans>
              </Button>
            </Group>
          </Stack>
        ))}
    </Paper>
  );
}

function ToRenew({
  rows,
  failed,
}: {
  rows: { studentId: string; name: string; purpose: ConsentPurpose; termVersion: number | null; latestVersion: number }[] | undefined;
  failed: boolean;
}) {
  const { t, i18n } = useLingui();
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        <Trans>Whom to ask again</Trans>
      </Title>
      {rows === undefined ? (
        failed ? (
          <Text c="red.9" role="alert">
            <Trans>The list could not be loaded. Check the connection and try again.</Trans>
          </Text>
        ) : (
          <Loader aria-label={t`Loading`} />
        )
      ) : rows.length === 0 ? (
        <Text>
          <Trans>Nobody: every consent given is on its term's latest version.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table data-testid="consents-to-renew">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Student`}</Table.Th>
                <Table.Th>{t`Purpose`}</Table.Th>
                <Table.Th>{t`Consented on`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.studentId}-${row.purpose}`}>
                  <Table.Td>
                    <Anchor renderRoot={(props) => <Link to="/alunos/$id" params={{ id: row.studentId }} {...props} />}>{row.name}</Anchor>
                  </Table.Td>
                  <Table.Td>{i18n._(purposeLabels[row.purpose])}</Table.Td>
                  <Table.Td>{row.termVersion === null ? t`no version` : t`version ${row.termVersion} of ${row.latestVersion}`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
