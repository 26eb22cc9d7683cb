import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Loader, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { studentQueryOptions, withWaitingEdit } from '../../api/student-records.ts';
import { outboxKinds } from '../../offline/outbox-kinds.ts';
import { useLoadedOutboxItems } from '../../offline/use-outbox.ts';
import { StudentRegistrationPage } from './registration-page.tsx';
import { ReadFailure } from '../../components/access-record-failure.tsx';
import { BackToStudents } from '../../components/back-button.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { RecordNotFoundError } from '../../lib/http.ts';

/**
 * A student's edit: the registration form, prefilled with the record as the server (or the device's copy) has it, with
 * its version, and this device's edit still waiting laid over it. The record is always read again before editing (the version an edit starts from must be the server's
 * latest); offline, or if the server fails, the device's copy is edited and a stale version comes back as a conflict.
 */
export function StudentEditPage({ studentId, onSaved }: { studentId: string; onSaved: () => void }) {
  const { t } = useLingui();
  const query = useQuery({ ...studentQueryOptions(studentId), refetchOnMount: 'always' });
  // An edit of this device not sent yet is where the form starts (the new edit takes its place in the outbox).
  const edits = useLoadedOutboxItems(outboxKinds.studentUpdate);
  // Read from the server since this page opened: a copy the device's cache restored after it opened also counts as
  // "fetched after mount" for TanStack, and the form would start (and be saved) on that older version.
  const [openedAt] = useState(() => Date.now());
  const fresh = query.dataUpdatedAt >= openedAt;
  const ready = (fresh || query.fetchStatus === 'paused' || query.isError) && edits !== undefined;
  if (query.data && ready) {
    return <StudentRegistrationPage key={query.data.id} editing={withWaitingEdit(query.data, edits).student} onSaved={onSaved} />;
  }
  if (!query.data && query.error instanceof RecordNotFoundError) {
    // The server says there is no such student (a 404): nothing to edit, and no connection to check again.
    return <RecordNotFound record="student" back={<BackToStudents />} />;
  }
  if (!query.data && (query.isError || query.fetchStatus === 'paused')) {
    return (
      <ReadFailure error={query.error} onRetry={() => void query.refetch()}>
        <Text c="red.9" role="alert">
          <Trans>This student could not be loaded. Check the connection and try again.</Trans>
        </Text>
      </ReadFailure>
    );
  }
  return <Loader aria-label={t`Loading`} />;
}
