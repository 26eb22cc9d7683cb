/**
 * turmas/$classId: a class and its students today, with enrolment: add a student (found by name in the device's copy of
 * the students list, so the search works offline) and remove one (the enrolment ends today; its history stays). Both
 * go through the outbox.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconSearch } from '@tabler/icons-react';
import { classesQueryOptions } from '../../api/classes.ts';
import { rosterQueryOptions } from '../../api/rosters.ts';
import { enqueueEnrolment, pendingEnrolments } from '../../api/student-records.ts';
import { studentsQueryOptions } from '../../api/students.ts';
import { BackButton } from '../../components/back-button.tsx';
import { notifySaved } from '../../components/notify.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { usePermissions } from '../../components/use-permissions.ts';
import { instructorsOf, seesRollsOf } from '../../api/permissions.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { foldForSearch, searchByName } from '../../lib/fold-for-search.ts';
import { outboxKinds } from '../../offline/outbox-kinds.ts';
import { useOutboxItems } from '../../offline/use-outbox.ts';
import { PendingBadge } from '../../components/pending-badge.tsx';
import { ConfirmRemoval } from '../../components/confirm-removal.tsx';
import { useRefusalText } from '../../components/refusal-text.ts';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { RecordNotFoundError } from '../../lib/http.ts';
import { useMissingFromList } from '../../offline/list-source.ts';

const MAX_MATCHES = 8;

export function ClassPage({ classId }: { classId: string }) {
  const { t } = useLingui();
  const { can, me } = usePermissions();
  const refusalText = useRefusalText();
  const classes = useQuery(classesQueryOptions());
  const group = classes.data?.find((item) => item.id === classId);
  // The server's own list (fresh, not the device's copy) without it: the class does not exist (issue 56).
  const noClass = useMissingFromList(classes, (item) => item.id === classId);
  // Its students, for a role that sees them: not another instructor's class (the server refuses its roster, and the
  // device's synced copy holds none of its students).
  const seesClass = !me || !group || seesRollsOf(me, instructorsOf(group));
  const roster = useQuery({ ...rosterQueryOptions(classId), enabled: seesClass });
  const students = useQuery(studentsQueryOptions()).data ?? [];
  const startRows = useOutboxItems(outboxKinds.enrolmentStart);
  const endRows = useOutboxItems(outboxKinds.enrolmentEnd);
  const pending = useMemo(() => pendingEnrolments([...startRows, ...endRows], { classId }), [startRows, endRows, classId]);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const searching = foldForSearch(query) !== '';
  const enrolled = new Set((roster.data ?? []).map((s) => s.id));
  // A removal waiting to be sent, or refused by the server (the student is still on the roster), by student.
  const ending = new Map(pending.filter((p) => p.change === 'end').map((p) => [p.studentId, p]));
  const joining = pending.filter((p) => p.change === 'start' && !enrolled.has(p.studentId));
  const nameOf = (id: string) => students.find((s) => s.id === id)?.name ?? id;
  const matches = searching
    ? searchByName(students, query)
        .filter((s) => !enrolled.has(s.id) && !joining.some((p) => p.studentId === s.id))
        .slice(0, MAX_MATCHES)
    : [];
  const canEnrol = can('enrolments:write');
  // Its rolls and history, for a role that sees this class's rolls (not another instructor's class: seesRollsOf).
  const seesRolls = can('attendance:read') && seesClass;
  const title = group?.title ?? t`Class`;

  const add = async (studentId: string, name: string) => {
    await enqueueEnrolment('start', { classId, studentId, date: localIsoDate() });
    setSearch('');
    notifySaved(t`${name} enrolled.`);
  };
  const [removing, setRemoving] = useState<{ studentId: string; name: string } | null>(null);
  const remove = async ({ studentId, name }: { studentId: string; name: string }) => {
    setRemoving(null);
    await enqueueEnrolment('end', { classId, studentId, date: localIsoDate() });
    notifySaved(t`${name} removed from the class.`);
  };
  const removingName = removing?.name ?? '';

  if (noClass || roster.error instanceof RecordNotFoundError) {
    return (
      <RecordNotFound
        record="class"
        back={
          <BackButton renderLink={(rootProps) => <Link {...rootProps} to="/turmas" />}>
            <Trans>Back to classes</Trans>
          </BackButton>
        }
      />
    );
  }

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
        <PageTitle>{title}</PageTitle>
        <Group gap="sm">
          <BackButton renderLink={(rootProps) => <Link {...rootProps} to="/turmas" />}>
            <Trans>Back to classes</Trans>
          </BackButton>
          {group && seesRolls && (
            <Button
              variant="default"
              mih={44}
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/frequencias/atividades/$activityId/turmas/$classId/chamada"
                  params={{ activityId: group.activityId, classId: group.id }}
                  search={{ date1: localIsoDate() }}
                />
              )}
            >
              <Trans>Roll call</Trans>
            </Button>
          )}
          {seesRolls && (
            <Button variant="default" mih={44} renderRoot={(props) => <Link {...props} to="/turmas/$classId/frequencia" params={{ classId }} />}>
              <Trans>Attendance history</Trans>
            </Button>
          )}
        </Group>
      </Group>
      {canEnrol && (
        <Paper withBorder p="md" mb="md">
          <Title order={2} size="h4" mb="sm">
            <Trans>Add a student</Trans>
          </Title>
          <TextInput
            label={t`Search students by name`}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
            maw={480}
          />
          <Stack gap={4} mt="sm" data-testid="enrol-matches">
            {matches.map((student) => {
              const name = student.name;
              return (
                <Group key={student.id} justify="space-between" maw={480}>
                  <Text>{name}</Text>
                  <Button size="xs" mih={44} onClick={() => void add(student.id, name)} aria-label={t`Enroll ${name}`}>
                    <Trans>Enroll</Trans>
                  </Button>
                </Group>
              );
            })}
            {searching && matches.length === 0 && (
              <Text c="gray.7">
                <Trans>No students found</Trans>
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      <Title order={2} size="h4" mb="sm">
        <Trans>Students of this class</Trans>
      </Title>
      {!seesClass ? (
        <Text c="gray.7" data-testid="class-roster-hidden">
          <Trans>This class is another instructor's: its students are seen by its instructor and the coordination.</Trans>
        </Text>
      ) : roster.data === undefined && roster.isPending && roster.fetchStatus === 'fetching' ? (
        <Loader aria-label={t`Loading`} />
      ) : (
        <Stack gap="xs" role="list" aria-label={t`Students of this class`} data-testid="class-roster">
          {joining.map((p) => (
            <Group key={p.rowId} role="listitem" gap="xs">
              <Text>{nameOf(p.studentId)}</Text>
              <PendingBadge state={p.refusal ? 'failed' : 'pending'} reason={p.refusal && refusalText(p.refusal)} />
            </Group>
          ))}
          {(roster.data ?? []).map((student) => {
            const name = student.name;
            const end = ending.get(student.id);
            const leaving = end !== undefined && !end.refusal;
            return (
              <Group key={student.id} role="listitem" justify="space-between" maw={640}>
                <Group gap="xs">
                  <Text td={leaving ? 'line-through' : undefined}>{name}</Text>
                  {end && <PendingBadge state={end.refusal ? 'failed' : 'removing'} reason={end.refusal && refusalText(end.refusal)} />}
                </Group>
                {canEnrol && !leaving && (
                  <Button
                    size="xs"
                    mih={44}
                    variant="default"
                    onClick={() => setRemoving({ studentId: student.id, name })}
                    aria-label={t`Remove ${name} from the class`}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                )}
              </Group>
            );
          })}
          {roster.data?.length === 0 && joining.length === 0 && (
            <Text c="gray.7">
              <Trans>No students in this class.</Trans>
            </Text>
          )}
        </Stack>
      )}
      <ConfirmRemoval
        opened={removing !== null}
        title={t`Remove from the class`}
        confirmLabel={<Trans>Remove</Trans>}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      >
        <Trans>Remove {removingName} from this class? The enrollment ends today; the student's attendance history is kept.</Trans>
      </ConfirmRemoval>
    </>
  );
}
