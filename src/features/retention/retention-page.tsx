/**
 * /retencao (issue 51, LGPD art. 16): the students deactivated RETENTION_YEARS or more ago, whose personal data the
 * programme no longer needs, and their anonymisation, one or all, after a confirmation that says how many and that it
 * cannot be undone. Online only (api/retention.ts says why); "all" is one request per student, in turn, so a lost
 * connection stops it with each child either done or untouched, and the list shows who is left.
 */
import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Progress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { anonymiseStudent, retentionKeys, retentionQueryOptions } from '../../api/retention.ts';
import type { RetentionStudent } from '../../api/retention-contract.ts';
import { studentKeys } from '../../api/students.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { notify } from '../../components/notify.ts';
import { WideTable } from '../../components/wide-table.tsx';
import { failureMessage } from '../../lib/http.ts';
import { localMidnight } from '../../lib/calendar-date.ts';

type Run = { total: number; done: number };

export function RetentionPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const list = useQuery(retentionQueryOptions());
  const [asked, setAsked] = useState<RetentionStudent[] | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [error, setError] = useState<string | null>(null);
  const students = list.data?.students ?? [];
  const years = list.data?.retentionYears ?? 5;
  const day = (iso: string) => i18n.date(localMidnight(iso), { dateStyle: 'medium' });

  const anonymise = async (chosen: RetentionStudent[]) => {
    setError(null);
    if (globalThis.navigator?.onLine === false) {
      setAsked(null);
      return setError(t`Anonymising needs the server: connect and try again.`);
    }
    setRun({ total: chosen.length, done: 0 });
    let done = 0;
    try {
      for (const student of chosen) {
        await anonymiseStudent(student.id);
        setRun({ total: chosen.length, done: ++done });
      }
      notify({ severity: 'success', message: done === 1 ? t`1 student anonymised.` : t`${done} students anonymised.` });
    } catch (failure) {
      const reason = await failureMessage(failure);
      setError(t`Stopped after ${done} of ${chosen.length}: ${reason}`);
    } finally {
      setRun(null);
      setAsked(null);
      // The list and every copy of a student's data this device keeps are read again (the names are gone).
      void queryClient.invalidateQueries({ queryKey: retentionKeys.all });
      void queryClient.invalidateQueries({ queryKey: studentKeys.all });
    }
  };

  return (
    <Stack gap="md">
      <PageTitle>{t`Retention`}</PageTitle>
      <Text>
        <Trans>
          Students deactivated {years} or more years ago. Anonymising one removes their personal data for good: the name becomes a code, and the CPF,
          birth date (the year is kept), address (the neighbourhood is kept), school, guardians, documents, consents, notes and anamnese answers are
          removed. Their attendance stays under the code, so every report of the past stays the same.
        </Trans>
      </Text>
      <Alert color="orange" c="orange.9" title={t`This cannot be undone`}>
        <Trans>
          A backup taken before still holds the data: backups older than the retention period should be deleted (see the README, &quot;Backups&quot;).
        </Trans>
      </Alert>
      {error && (
        <Alert color="red" c="red.9" role="alert" title={t`Not all were anonymised`}>
          {error}
        </Alert>
      )}
      {list.isError && !list.data ? (
        <Text c="red.9" role="alert">
          <Trans>The list could not be loaded. Check the connection and try again.</Trans>
        </Text>
      ) : !list.data ? (
        <Loader aria-label={t`Loading`} />
      ) : students.length === 0 ? (
        <Text data-testid="retention-empty">
          <Trans>No student is due for anonymisation.</Trans>
        </Text>
      ) : (
        <>
          <Group justify="space-between">
            <Text fw={600} data-testid="retention-count">
              {students.length === 1 ? t`1 student due` : t`${students.length} students due`}
            </Text>
            <Button color="red.9" mih={44} onClick={() => setAsked(students)} disabled={run !== null}>
              {t`Anonymise all (${students.length})`}
            </Button>
          </Group>
          <WideTable label={t`Students due for anonymisation`} minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Name`}</Table.Th>
                  <Table.Th>{t`Deactivated on`}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t`Actions`}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {students.map((student) => (
                  <Table.Tr key={student.id}>
                    <Table.Td>{student.fullName}</Table.Td>
                    <Table.Td>{day(student.deactivatedOn)}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="outline"
                        color="red"
                        c="red.9"
                        mih={44}
                        aria-label={t`Anonymise ${student.fullName}`}
                        onClick={() => setAsked([student])}
                        disabled={run !== null}
                      >
                        {t`Anonymise`}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        </>
      )}
      {asked && <Confirm students={asked} run={run} onCancel={() => run === null && setAsked(null)} onConfirm={() => void anonymise(asked)} />}
    </Stack>
  );
}

function Confirm({
  students,
  run,
  onCancel,
  onConfirm,
}: {
  students: RetentionStudent[];
  run: Run | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  const count = students.length;
  const title = count === 1 ? t`Anonymise ${students[0]!.fullName}?` : t`Anonymise ${count} students?`;
  return (
    <Modal opened onClose={onCancel} title={title} closeButtonProps={{ 'aria-label': t`Close` }}>
      <Stack gap="sm">
        <Text fw={600}>
          {count === 1
            ? t`This student's personal data will be removed for good. This cannot be undone.`
            : t`The personal data of these ${count} students will be removed for good. This cannot be undone.`}
        </Text>
        {count > 1 && count <= 10 && (
          <List size="sm">
            {students.map((student) => (
              <List.Item key={student.id}>{student.fullName}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm">
          <Trans>Their attendance, enrolments and counts stay under a code, so every report of the past stays the same.</Trans>
        </Text>
        {run && (
          <Stack gap={4}>
            <Text size="sm" role="status">
              {t`Anonymised ${run.done} of ${run.total}`}
            </Text>
            <Progress value={(run.done / run.total) * 100} aria-label={t`Anonymised ${run.done} of ${run.total}`} />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onCancel} disabled={run !== null}>
            {t`Cancel`}
          </Button>
          <Button color="red.9" mih={44} onClick={onConfirm} loading={run !== null}>
            {count === 1 ? t`Anonymise` : t`Anonymise ${count} students`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
