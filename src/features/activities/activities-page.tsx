import { useMemo, useState } from 'react';
import { Badge, Button, Card, Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconPlus } from '@tabler/icons-react';
import type { Activity } from '../../api/contract.ts';
import { activitiesQueryOptions } from '../../api/activities.ts';
import { listState } from '../../offline/list-source.ts';
import { sampleActivities } from '../../offline/sample-data.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { CardGrid } from '../../components/card-grid.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { areaFilterValues, filterActivities, frequencyFilterValues, noActivityFilters, type ActivityFilters } from './filter-activities.ts';
import { useActivityLabels } from '../../components/activity-labels.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { useOnDemand } from '../../components/use-on-demand.ts';

// The form (Modal, selects, the contract's checks) loads when it is first opened, not with the list.
const loadActivityModal = () => import('./activity-modal.tsx').then((module) => ({ default: module.ActivityModal }));

/**
 * SPEC §2 "atividades": filters name, area and frequency; a card per activity. Create New Activity and each card's
 * Edit (with Archive) for the roles that may (activities:write); never for sample records.
 */
export function ActivitiesPage() {
  const { t } = useLingui();
  const query = useQuery(activitiesQueryOptions());
  const { items, source, savedAt } = listState(query, sampleActivities);
  const [filters, setFilters] = useState<ActivityFilters>(noActivityFilters);
  const visible = useMemo(() => filterActivities(items, filters), [items, filters]);
  const labels = useActivityLabels();
  const { can } = usePermissions();
  const canWrite = can('activities:write');
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const [ActivityModal, loadActivityModalNow] = useOnDemand(loadActivityModal);
  const edit = (target: Activity | 'new') => {
    loadActivityModalNow();
    setEditing(target);
  };
  const set = (field: keyof ActivityFilters) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    setFilters((previous) => ({ ...previous, [field]: value }));
  };

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle>{t`Activities`}</PageTitle>
        {/* SPEC §2 had it disabled; it works for the roles allowed, and stays disabled for the others. */}
        <Button leftSection={<IconPlus size={18} aria-hidden />} disabled={!canWrite} mih={44} onClick={() => edit('new')}>
          <Trans>Create New Activity</Trans>
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm" mb="md" role="search" aria-label={t`Filter activities`}>
        <TextInput label={t`Name`} value={filters.name} onChange={set('name')} />
        <NativeSelect
          label={t`Area`}
          value={filters.area}
          onChange={set('area')}
          data={[{ value: '', label: t`Any area` }, ...areaFilterValues.map((value) => ({ value, label: labels.area(value) }))]}
        />
        <NativeSelect
          label={t`Frequency`}
          value={filters.frequency}
          onChange={set('frequency')}
          data={[{ value: '', label: t`Any frequency` }, ...frequencyFilterValues.map((value) => ({ value, label: labels.frequency(value) }))]}
        />
      </SimpleGrid>
      <ListStatus
        source={source}
        savedAt={savedAt}
        empty={visible.length === 0}
        errorText={<Trans>Error loading activities</Trans>}
        loadingLabel={t`Loading activities`}
        emptyText={<Trans>No activities found</Trans>}
      >
        <CardGrid>
          {visible.map((activity) => (
            <ActivityCard
              key={activity.id}
              activity={activity}
              area={labels.area(activity.area)}
              frequency={labels.frequency(activity.frequency)}
              onEdit={canWrite && source !== 'sample' ? () => edit(activity) : undefined}
            />
          ))}
        </CardGrid>
      </ListStatus>
      {editing && ActivityModal && <ActivityModal activity={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function ActivityCard({ activity, area, frequency, onEdit }: { activity: Activity; area: string; frequency: string; onEdit?: () => void }) {
  const { t } = useLingui();
  const teacher = activity.teacher;
  const activityName = activity.name;
  return (
    <Card withBorder padding="md" role="listitem" data-testid="activity-card">
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
        {activity.name.trim() ? activity.name : t`Unknown activity`}
      </Text>
      <Group gap="xs" mt="xs">
        <Badge variant="light" color="quadra" c="quadra.9">
          {area}
        </Badge>
        <Badge variant="outline" color="gray" c="gray.8">
          {frequency}
        </Badge>
      </Group>
      <Text size="sm" mt="sm">
        <Trans>Teacher: {teacher}</Trans>
      </Text>
      {onEdit && (
        <Button variant="light" size="sm" mt="sm" mih={44} onClick={onEdit} aria-label={t`Edit ${activityName}`}>
          <Trans>Edit</Trans>
        </Button>
      )}
    </Card>
  );
}
