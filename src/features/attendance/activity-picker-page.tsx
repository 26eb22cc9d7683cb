import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { activitiesQueryOptions } from '../../api/activities.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { CardGrid } from '../../components/card-grid.tsx';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { listState } from '../../offline/list-source.ts';
import { sampleActivities } from '../../offline/sample-data.ts';
import { PickerCard } from './picker-card.tsx';
import { useActivityLabels } from '../../components/activity-labels.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { IconDoorEnter } from '@tabler/icons-react';

/** Attendance, step 1 (SPEC §2): one card per activity, all alike until one is chosen. (The rosters a
 * roll call needs offline come with the sync, offline/sync.ts.) */
export function ActivityPickerPage() {
  const { t } = useLingui();
  const activities = listState(useQuery(activitiesQueryOptions()), sampleActivities);
  const labels = useActivityLabels();
  const { can } = usePermissions();

  return (
    <>
      <PageTitle>{t`Attendance: choose an activity`}</PageTitle>
      {can('general-roll:read') && (
        // Issue 52: the day's arrivals at the centre, beside the class rolls.
        <Button
          variant="outline"
          mih={44}
          mb="md"
          leftSection={<IconDoorEnter size={18} aria-hidden />}
          renderRoot={(props) => <Link {...props} to="/frequencias/geral" />}
          data-testid="general-roll-link"
        >
          <Trans>General roll: arrivals at the centre</Trans>
        </Button>
      )}
      <ListSourceBanner source={activities.source} savedAt={activities.savedAt} />
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
        {activities.items.map((activity) => {
          const teacher = activity.teacher;
          return (
            <PickerCard
              key={activity.id}
              title={activity.name}
              details={[`${labels.area(activity.area)} · ${labels.frequency(activity.frequency)}`, <Trans key="teacher">Teacher: {teacher}</Trans>]}
              renderLink={(rootProps) => <Link {...rootProps} to="/frequencias/atividades/$activityId/turmas" params={{ activityId: activity.id }} />}
            />
          );
        })}
      </CardGrid>
    </>
  );
}
