import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconEdit, IconHistory, IconUserPlus } from '@tabler/icons-react';
import type { Guardian } from '../../api/contract.ts';
import {
  enqueueGuardianCreate,
  enqueueGuardianRemove,
  enqueueGuardianUpdate,
  guardianKeys,
  guardiansQueryOptions,
  pendingGuardianWrites,
  asStoredGuardian,
  type GuardianCreatePayload,
  type GuardianFields,
  type GuardianUpdatePayload,
} from '../../api/guardians.ts';
import { studentsQueryOptions } from '../../api/students.ts';
import { listState } from '../../offline/list-source.ts';
import { isSampleId, sampleGuardians } from '../../offline/sample-data.ts';
import { useLoadedOutboxItems } from '../../offline/use-outbox.ts';
import { onOutboxSynced } from '../../offline/outbox.ts';
import { outboxKinds } from '../../offline/outbox-kinds.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { BackToStudents } from '../../components/back-button.tsx';
import { usePermissions } from '../../components/use-permissions.ts';
import { CardGrid } from '../../components/card-grid.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { PersonCard } from '../../components/person-card.tsx';
import { notify, notifySaved } from '../../components/notify.ts';
import { EDIT_GUARDIAN_ACTION, NEW_GUARDIAN_ACTION, searchForEdit, valuesOfGuardian } from './guardian-form.ts';
import type { GuardianSearch } from './guardian-search.ts';
import { GuardianModal, type GuardianExtras, type SearchUpdater } from './guardian-modal.tsx';
import { useRefusalText } from '../../components/refusal-text.ts';
import type { OutboxRow, Refusal } from '../../lib/db.ts';
import { PendingBadge } from '../../components/pending-badge.tsx';
import { ConfirmRemoval } from '../../components/confirm-removal.tsx';

/** `extras`: what a new guardian is also asked (the child's consents), for the roles that may give it. */
type Props = { studentId: string; search: GuardianSearch; updateSearch: SearchUpdater; extras?: GuardianExtras };
/** `removing`: this device's removal of it waits to be sent. */
type Row = Guardian & { pending?: 'pending' | 'failed'; removing?: boolean } & Refusal;

const noGuardians: Guardian[] = [];
const noRows: OutboxRow[] = [];

/** SPEC §2 "alunos/{id}/responsaveis": the student's guardians as person cards, the register and edit modal. */
export function GuardiansPage({ studentId, search, updateSearch, extras }: Props) {
  const { t } = useLingui();
  const refusalText = useRefusalText();
  const { can } = usePermissions();
  const loadedRows = useLoadedOutboxItems();
  const outboxRows = loadedRows ?? noRows;
  // A student registered on this device and not on the server yet (the registration's outbox id is the student's id)
  // has no guardians there: none to show, not sample ones, and those added now are sent after it.
  const registration = outboxRows.find((row) => row.id === studentId && row.kind === outboxKinds.studentCreate);
  const registering = registration !== undefined;
  // Asked once the outbox is read: never for a student the server cannot have yet.
  const query = useQuery({ ...guardiansQueryOptions(studentId), enabled: loadedRows !== undefined && !registering });
  // Known, not guessed: no banner about a copy (the note below says why the list is empty).
  const { items, source, savedAt } = registering
    ? { items: noGuardians, source: 'server' as const, savedAt: undefined }
    : listState(query, sampleGuardians);
  const studentName = useQuery({ ...studentsQueryOptions(), enabled: false }).data?.find((s) => s.id === studentId)?.name;
  const rows = useMemo(() => guardianRows(items, pendingGuardianWrites(outboxRows, studentId)), [items, outboxRows, studentId]);
  useGuardianSync(studentId);

  const modalMode = search.action === NEW_GUARDIAN_ACTION ? 'create' : search.action === EDIT_GUARDIAN_ACTION ? 'edit' : null;
  const blockedReason =
    source === 'sample' || isSampleId(studentId) || (search.responsibleId && isSampleId(search.responsibleId))
      ? t`This is sample data shown while the server cannot be reached: nothing can be saved for sample records.`
      : undefined;

  const closeModal = () => updateSearch(() => ({}));
  // The guardian an edit starts from, with this device's queued edit laid over it (guardianRows).
  const editedRow = modalMode === 'edit' ? rows.find((row) => row.id === search.responsibleId) : undefined;
  const edited = useMemo(
    () => (editedRow ? { id: editedRow.id, version: editedRow.version, values: valuesOfGuardian(editedRow) } : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per guardian: the modal starts from it
    [editedRow?.id],
  );
  const [removing, setRemoving] = useState<Guardian | null>(null);
  const versionOf = (id: string | undefined) => items.find((item) => item.id === id)?.version;
  const remove = async (guardian: Guardian) => {
    await enqueueGuardianRemove(studentId, guardian.id, guardian.version ?? 1);
    setRemoving(null);
    notify({ message: t`The guardian will be removed as soon as the server has the change.`, severity: 'success' });
  };
  // The server says there is no such student: no guardians to show or add, sample or otherwise.
  if (source === 'not-found') return <RecordNotFound record="student" back={<BackToStudents />} />;

  const save = async (fields: GuardianFields, answers: Record<string, string>) => {
    if (modalMode === 'edit' && search.responsibleId) {
      // On the version the edit started from (edited), not the list's latest: a newer one comes back as a conflict.
      await enqueueGuardianUpdate(studentId, search.responsibleId, fields, edited?.version ?? versionOf(search.responsibleId));
      notifySaved(t`Guardian updated successfully!`);
    } else {
      const guardianId = await enqueueGuardianCreate(studentId, fields);
      await extras?.afterCreate(studentId, guardianId, answers);
      notifySaved(t`Guardian added successfully!`);
    }
    closeModal();
  };

  const removingName = removing?.name;
  return (
    <>
      <BackToStudents />
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="md">
        <div>
          <PageTitle>{t`Guardians`}</PageTitle>
          {studentName ? (
            <Text mt={-8} mb="md" c="gray.7">
              <Trans>Student: {studentName}</Trans>
            </Text>
          ) : null}
        </div>
        <Group gap="sm">
          {can('access-log:read') && (
            <Button
              variant="default"
              leftSection={<IconHistory size={18} aria-hidden />}
              mih={44}
              renderRoot={(props) => <Link {...props} to="/alunos/$id/acessos" params={{ id: studentId }} />}
            >
              <Trans>Access record</Trans>
            </Button>
          )}
          {can('guardians:write') && (
            <Button
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={() => updateSearch(() => ({ action: NEW_GUARDIAN_ACTION }))}
              mih={44}
            >
              <Trans>Register Guardian</Trans>
            </Button>
          )}
        </Group>
      </Group>
      {registering && (
        <Text mb="md" data-testid="guardians-after-registration">
          {registration?.state === 'failed' ? (
            <Trans>This student's registration was refused by the server: guardians added now wait until it is sent again.</Trans>
          ) : (
            <Trans>This student's registration has not reached the server yet: guardians added now are sent right after it.</Trans>
          )}
        </Text>
      )}
      <ListStatus
        source={source}
        savedAt={savedAt}
        empty={rows.length === 0}
        errorText={<Trans>Error loading guardians</Trans>}
        loadingLabel={t`Loading guardians`}
        emptyText={<Trans>No guardians registered for this student yet.</Trans>}
      >
        <CardGrid>
          {rows.map((guardian) => {
            const guardianName = guardian.socialName || guardian.name;
            return (
              <PersonCard
                key={guardian.id}
                person={guardian}
                testId="guardian-card"
                badge={<PendingBadge state={guardian.removing ? 'removing' : guardian.pending} reason={refusalText(guardian)} />}
                actions={
                  can('guardians:write') &&
                  !guardian.removing && (
                    <>
                      <Button
                        variant="light"
                        leftSection={<IconEdit size={18} aria-hidden />}
                        onClick={() => updateSearch(() => searchForEdit(guardian))}
                        mih={44}
                        aria-label={t`Edit ${guardianName}`}
                      >
                        <Trans>Edit</Trans>
                      </Button>
                      {!guardian.pending && source !== 'sample' && (
                        <Button variant="default" color="red" mih={44} onClick={() => setRemoving(guardian)} aria-label={t`Remove ${guardianName}`}>
                          <Trans>Remove</Trans>
                        </Button>
                      )}
                    </>
                  )
                }
              />
            );
          })}
        </CardGrid>
      </ListStatus>
      <ConfirmRemoval
        opened={removing !== null}
        title={t`Remove guardian`}
        confirmLabel={<Trans>Remove</Trans>}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      >
        <Trans>Remove {removingName} from this student's guardians? The record is kept for the access history.</Trans>
      </ConfirmRemoval>
      {modalMode === 'create' || (modalMode === 'edit' && edited) ? (
        <GuardianModal
          key={`${search.action}-${search.responsibleId ?? ''}`}
          mode={modalMode}
          {...(edited ? { editing: edited } : {})}
          search={search}
          updateSearch={updateSearch}
          onClose={closeModal}
          onSave={save}
          blockedReason={blockedReason}
          {...(extras ? { extras: extras.Fields } : {})}
        />
      ) : null}
    </>
  );
}

/** Server rows with queued edits laid over them, then queued new guardians, each marked until the server has it. */
export function guardianRows(items: Guardian[], writes: ReturnType<typeof pendingGuardianWrites>): Row[] {
  const rows: Row[] = items.map((g) => ({ ...g }));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const write of writes) {
    const state = write.failed ? 'failed' : 'pending';
    const reason: Refusal = { reason: write.reason, reasonCode: write.reasonCode };
    if (write.kind === 'create') {
      const existing = byId.get(write.guardian.id);
      if (existing) continue;
      const row: Row = { ...asStoredGuardian(write.guardian), pending: state, ...reason };
      rows.push(row);
      byId.set(row.id, row);
    } else if (write.kind === 'update') {
      const existing = byId.get(write.guardianId);
      if (existing) Object.assign(existing, asStoredGuardian(write.guardian), { pending: existing.pending === 'failed' ? 'failed' : state }, reason);
    } else {
      const existing = byId.get(write.guardianId);
      if (existing) Object.assign(existing, write.failed ? { pending: 'failed', ...reason } : { removing: true });
    }
  }
  return rows;
}

/** When a guardian write of this student reaches the server: show it as saved at once, then refetch the list. */
function useGuardianSync(studentId: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onOutboxSynced((item, result) => {
        const key = guardianKeys.ofStudent(studentId);
        if (item.kind === outboxKinds.guardianCreate) {
          const payload = item.payload as GuardianCreatePayload;
          if (payload.studentId !== studentId) return;
          // With the version the server gave it: an edit made before the list is read again is checked against it.
          const saved = {
            ...asStoredGuardian(payload.guardian),
            id: typeof result?.id === 'string' ? result.id : payload.guardian.id,
            version: typeof result?.version === 'number' ? result.version : 1,
          };
          queryClient.setQueryData<Guardian[]>(key, (old) => (old && !old.some((g) => g.id === saved.id) ? [...old, saved] : old));
        } else if (item.kind === outboxKinds.guardianUpdate) {
          const payload = item.payload as GuardianUpdatePayload;
          if (payload.studentId !== studentId) return;
          // The edit's fields, with the version the server gave the edit (not the one the edit started from).
          const version = typeof result?.version === 'number' ? { version: result.version } : {};
          queryClient.setQueryData<Guardian[]>(key, (old) =>
            old?.map((g) => (g.id === payload.guardianId ? { ...g, ...asStoredGuardian(payload.guardian), ...version } : g)),
          );
        } else return;
        void queryClient.invalidateQueries({ queryKey: key });
      }),
    [queryClient, studentId],
  );
}
