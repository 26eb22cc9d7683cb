import { Alert, Button, Card, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconRefresh } from '@tabler/icons-react';
import { repoInfoQueryOptions } from '../../api/tech-demo.ts';
import { HTTPError, MalformedAnswerError, TimeoutError } from '../../lib/http.ts';

/** SPEC §7: the external repository-info call; on failure 'API Error: {message}'. */
export function RepoInfoCard({ url }: { url?: string }) {
  const { t, i18n } = useLingui();
  const query = useQuery(repoInfoQueryOptions(url));
  const number = (value: number) => new Intl.NumberFormat(i18n.locale).format(value);
  // The {message}, in the page's language: the browser's own words ("Failed to fetch") and an HTTP status line
  // ("500 Internal Server Error") would be English on a Portuguese page.
  const describe = (error: Error): string => {
    if (error instanceof HTTPError) {
      const status = error.response.status;
      return t`the server answered with status ${status}`;
    }
    if (error instanceof TimeoutError) return t`no answer in time`;
    if (error instanceof MalformedAnswerError) return t`malformed answer`;
    if (error instanceof TypeError) return t`the address could not be reached`;
    return error.message;
  };
  const message = query.error ? describe(query.error) : '';
  return (
    <Card withBorder padding="lg" data-testid="repo-info">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          <Trans>Repository information</Trans>
        </Title>
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          mih={44}
        >
          <Trans>Reload</Trans>
        </Button>
      </Group>
      {query.isError ? (
        <Alert color="red" variant="light" styles={{ message: { color: 'var(--mantine-color-red-9)' } }} role="alert" data-testid="repo-error">
          {t`API Error: ${message}`}
        </Alert>
      ) : query.data ? (
        <>
          <Text fw={700} data-testid="repo-full-name">
            {query.data.full_name}
          </Text>
          <Text size="sm" c="gray.7" mb="sm">
            {query.data.description ?? ''}
          </Text>
          <SimpleGrid cols={3} spacing="xs">
            <Stat label={t`Subscribers`} value={number(query.data.subscribers_count)} />
            <Stat label={t`Stars`} value={number(query.data.stargazers_count)} />
            <Stat label={t`Forks`} value={number(query.data.forks_count)} />
          </SimpleGrid>
        </>
      ) : (
        <Loader aria-label={t`Loading repository information`} />
      )}
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
}
