import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { localIsoDate } from '../../lib/calendar-date.ts';
import { useQuery } from '@tanstack/react-query';
import { instructorsOf, seesRollsOf } from '../../api/permissions.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { useClassSchedule } from '../../components/use-class-schedule.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { activitiesQueryOptions } from '../../api/activities.ts';
import { classesQueryOptions } from '../../api/classes.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { BackButton } from '../../components/back-button.tsx';
import { CardGrid } from '../../components/card-grid.tsx';
import { ListSourceBanner } from '../../components/list-source-banner.tsx';
import { useEnumLabel } from '../../components/use-enum.ts';
import { listState, useMissingFromList } from '../../offline/list-source.ts';
import { sampleActivities, sampleClasses } from '../../offline/sample-data.ts';
import { PickerCard } from './picker-card.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';

function BackToActivities() {
  return (
    <BackButton renderLink={(rootProps) => <Link {...rootProps} to="/frequencias/atividades" />}>
      <Trans>Back to activities</Trans>
    </BackButton>
  );
}

/** Attendance, step 2 (SPEC §2): the classes of one activity; with none, a message and a back button. */
export function ClassPickerPage({ activityId }: { activityId: string }) {
  const { t } = useLingui();
  const activitiesQuery = useQuery(activitiesQueryOptions());
  const classesQuery = useQuery(classesQueryOptions());
  const classes = listState(classesQuery, sampleClasses);
  const scheduleOf = useClassSchedule();
  const level = useEnumLabel('level');
  const activity = (activitiesQuery.data ?? sampleActivities).find((item) => item.id === activityId);
  const missing = useMissingFromList(activitiesQuery, (item) => item.id === activityId);
  const name = activity?.name ?? t`Unknown activity`;
  const { me } = usePermissions();
  // An instructor takes the rolls of their own classes and of those that name no instructor (the server refuses others).
  const mine = classes.items.filter((group) => group.activityId === activityId && (!me || seesRollsOf(me, instructorsOf(group))));
  const settled = classes.source === 'server' || classes.source === 'device' || classes.source === 'sample';
  // The server's own list of this visit (not the device's copy) without this activity: it does not exist.
  if (missing) {
    return <RecordNotFound record="activity" back={<BackToActivities />} />;
  }

  return (
    <>
      <PageTitle>{t`Attendance: ${name}, choose a class`}</PageTitle>
      <ListSourceBanner source={classes.source} savedAt={classes.savedAt} />
      {classes.source === 'loading' && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>
            <Trans>Loading classes…</Trans>
          </Text>
        </Group>
      )}
      {classes.source === 'error' && (
        <Stack align="flex-start" gap="sm">
          <Alert color="red.9" variant="filled" role="alert">
            <Trans>Error loading classes</Trans>
          </Alert>
          <BackToActivities />
        </Stack>
      )}
      {settled && mine.length === 0 && (
        <Stack align="flex-start" gap="sm" data-testid="no-classes">
          <Text>
            <Trans>This activity has no classes yet.</Trans>
          </Text>
          <BackToActivities />
        </Stack>
      )}
      {mine.length > 0 && (
        <>
          <Group mb="sm">
            <BackToActivities />
          </Group>
          <CardGrid>
            {mine.map((group) => (
              <PickerCard
                key={group.id}
                title={group.title}
                details={[scheduleOf.meetings(group).join(' · '), level(group.level)]}
                renderLink={(rootProps) => (
                  <Link
                    {...rootProps}
                    to="/frequencias/atividades/$activityId/turmas/$classId/chamada"
                    params={{ activityId, classId: group.id }}
                    // Opens on today's roll (issue 56): a roll call with no date could not be saved.
                    search={{ date1: localIsoDate() }}
                  />
                )}
              />
            ))}
          </CardGrid>
        </>
      )}
    </>
  );
}
