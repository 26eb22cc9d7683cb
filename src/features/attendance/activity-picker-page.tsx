import { Alert, Card, Group, Loader, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconChevronRight } from '@tabler/icons-react';
import { activitiesQueryOptions } from '../../api/activities.ts';
import { classesQueryOptions } from '../../api/classes.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { CardGrid } from '../../components/card-grid.tsx';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { listState } from '../../offline/list-source.ts';
import { sampleActivities } from '../../offline/sample-data.ts';
import { usePrefetchRosters } from './use-prefetch-rosters.ts';

/** Attendance, step 1 (SPEC §2): one card per activity, the first one dark. Also fetches every roster ahead. */
export function ActivityPickerPage() {
  const { t } = useLingui();
  const activities = listState(useQuery(activitiesQueryOptions()), sampleActivities);
  const classesQuery = useQuery(classesQueryOptions());
  usePrefetchRosters(classesQuery.data);

  return (
    <>
      <PageTitle>{t`Attendance: choose an activity`}</PageTitle>
      <ListSourceBanner source={activities.source} />
      {activities.source === 'loading' && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>
            <Trans>Loading activities…</Trans>
          </Text>
        </Group>
      )}
      {activities.source === 'error' && (
        <Alert color="red.9" variant="filled" role="alert">
          <Trans>Error loading activities</Trans>
        </Alert>
      )}
      {activities.items.length === 0 && (activities.source === 'server' || activities.source === 'device') && (
        <Text>
          <Trans>No activities found.</Trans>
        </Text>
      )}
      <CardGrid>
        {activities.items.map((activity, index) => {
          const dark = index === 0;
          const teacher = activity.teacher;
          return (
            // The listitem wraps the card: a role on the link itself would hide it from the list of links.
            <div key={activity.id} role="listitem">
              <Card
                withBorder
                padding="lg"
                className="quadra-card-link"
                bg={dark ? 'dark.7' : undefined}
                c={dark ? 'white' : undefined}
                data-dark={dark || undefined}
                renderRoot={(rootProps) => (
                  <Link {...rootProps} to="/frequencias/atividades/$activityId/turmas" params={{ activityId: activity.id }} />
                )}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={700} size="lg">
                    {activity.name}
                  </Text>
                  <IconChevronRight size={22} aria-hidden />
                </Group>
                <Text size="sm" c={dark ? 'gray.2' : 'gray.8'}>
                  {activity.area} · {activity.frequency}
                </Text>
                <Text size="sm" c={dark ? 'gray.2' : 'gray.8'}>
                  <Trans>Teacher: {teacher}</Trans>
                </Text>
              </Card>
            </div>
          );
        })}
      </CardGrid>
    </>
  );
}
