import { Badge, Button, Table, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { accessLogQueryOptions } from '../../api/access-log.ts';
import { ACCESS_LOG_PAGE } from '../../api/contract.ts';
import { studentsQueryOptions } from '../../api/students.ts';
import { BackButton, BackToStudents } from '../../components/back-button.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { listState } from '../../offline/list-source.ts';
import { describeAccess } from './access-log-actions.ts';
import { WideTable } from '../../components/wide-table.tsx';

/**
 * A student's access record (LGPD art. 37): who read their personal data or wrote about them, and when, newest first.
 * Read from the server only (sample data would be a false record); offline, the last copy seen on this device.
 */
export function StudentAccessLogPage({ studentId }: { studentId: string }) {
  const { t, i18n } = useLingui();
  const query = useInfiniteQuery(accessLogQueryOptions(studentId, ACCESS_LOG_PAGE));
  // An older page that failed leaves the pages shown as they are (said under the table), not a "saved copy".
  const { items, source, savedAt } = listState(
    { ...query, data: query.data?.pages.flat(), isError: query.isError && !query.isFetchNextPageError },
    [],
    false,
  );
  const studentName = useQuery({ ...studentsQueryOptions(), enabled: false }).data?.find((s) => s.id === studentId)?.name;
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'medium' });
  if (source === 'not-found') {
    return <RecordNotFound record="student" back={<BackToStudents />} />;
  }
  return (
    <>
      {/* Reached from the student's profile (and from the guardians): back to the student. */}
      <BackButton renderLink={(rootProps) => <Link {...rootProps} to="/alunos/$id" params={{ id: studentId }} />}>
        <Trans>Back to the student</Trans>
      </BackButton>
      <PageTitle>{t`Access record`}</PageTitle>
      {studentName ? (
        <Text mt={-8} mb="md" c="gray.7">
          <Trans>Student: {studentName}</Trans>
        </Text>
      ) : null}
      <Text size="sm" mb="md">
        <Trans>
          Every read of this student's personal data and every change, with who did it and when (LGPD, art. 37). Entries cannot be changed or removed.
        </Trans>
      </Text>
      <ListStatus
        source={source}
        savedAt={savedAt}
        empty={items.length === 0}
        errorText={<Trans>Error loading the access record</Trans>}
        loadingLabel={t`Loading the access record`}
        emptyText={<Trans>Nobody has read or changed this student's data yet.</Trans>}
      >
        {/* Wider than a phone: the scrolling region takes the keyboard focus, so it can be scrolled without a pointer. */}
        <WideTable minWidth={560} label={t`Access record`}>
          <Table striped data-testid="access-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`When`}</Table.Th>
                <Table.Th>{t`Who`}</Table.Th>
                <Table.Th>{t`What`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((entry) => {
                const status = entry.status;
                return (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{when.format(new Date(entry.at))}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.userName ?? entry.userEmail}</Text>
                      {entry.userName ? (
                        <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                          {entry.userEmail}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{describeAccess(entry, i18n)}</Text>
                      {status >= 400 ? (
                        <Badge color="red" c="red.9" variant="light">
                          {t`Refused (${status})`}
                        </Badge>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </WideTable>
        {query.isFetchNextPageError ? (
          <Text size="sm" c="red.9" mt="sm" role="alert" data-testid="access-log-older-error">
            <Trans>The older entries could not be loaded. Try again.</Trans>
          </Text>
        ) : null}
        {query.hasNextPage ? (
          <Button
            variant="default"
            mt="sm"
            mih={44}
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            data-testid="access-log-older"
          >
            <Trans>Show older entries</Trans>
          </Button>
        ) : null}
      </ListStatus>
    </>
  );
}
