import { useQuery } from '@tanstack/react-query';
import { Loader, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { studentQueryOptions } from '../../api/student-records.ts';
import { StudentRegistrationPage } from './registration-page.tsx';

/**
 * A student's edit: the registration form, prefilled with the record as the server (or the device's copy) has it, with
 * its version. The record is always read again before editing (the version an edit starts from must be the server's
 * latest); offline, or if the server fails, the device's copy is edited and a stale version comes back as a conflict.
 */
export function StudentEditPage({ studentId, onSaved }: { studentId: string; onSaved: () => void }) {
  const { t } = useLingui();
  const query = useQuery({ ...studentQueryOptions(studentId), refetchOnMount: 'always' });
  const ready = query.isFetchedAfterMount || query.fetchStatus === 'paused' || query.isError;
  if (query.data && ready) return <StudentRegistrationPage key={query.data.id} editing={query.data} onSaved={onSaved} />;
  if (query.isError || query.fetchStatus === 'paused') {
    return (
      <Text c="red.9" role="alert">
        <Trans>This student could not be loaded. Check the connection and try again.</Trans>
      </Text>
    );
  }
  return <Loader aria-label={t`Loading`} />;
}
