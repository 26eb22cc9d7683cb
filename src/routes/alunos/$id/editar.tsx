import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Loader, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { StudentRegistrationPage } from '../../../features/student-registration/registration-page.tsx';
import { studentQueryOptions } from '../../../api/student-records.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';

export const Route = createFileRoute('/alunos/$id/editar')({
  staticData: { permission: 'students:write' },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(studentQueryOptions(params.id));
    return loadFeatureMessages('student-registration');
  },
  component: Page,
});

/** The registration form, prefilled with the record as the server (or the device's copy) has it, with its version. */
function Page() {
  const { t } = useLingui();
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  // Always read the record again before editing (the version the edit starts from must be the server's latest);
  // offline, or if the server fails, the device's copy is edited and a stale version comes back as a conflict.
  const query = useQuery({ ...studentQueryOptions(id), refetchOnMount: 'always' });
  const ready = query.isFetchedAfterMount || query.fetchStatus === 'paused' || query.isError;
  if (query.data && ready) {
    return <StudentRegistrationPage key={query.data.id} editing={query.data} onSaved={() => void navigate({ to: '/alunos/$id', params: { id } })} />;
  }
  if (query.isError || query.fetchStatus === 'paused') {
    return (
      <Text c="red.9" role="alert">
        <Trans>This student could not be loaded. Check the connection and try again.</Trans>
      </Text>
    );
  }
  return <Loader aria-label={t`Loading`} />;
}
