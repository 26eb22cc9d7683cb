import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Badge, Button, Card, CloseButton, Group, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCalendar, IconClock, IconPlus } from '@tabler/icons-react';
import type { ClassGroup } from '../../api/contract.ts';
import { classesQueryOptions } from '../../api/classes.ts';
import { weekDaysOf } from '../../api/class-schedule.ts';
import { activitiesQueryOptions } from '../../api/activities.ts';
import { listState } from '../../offline/list-source.ts';
import { sampleActivities, sampleClasses } from '../../offline/sample-data.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { CardGrid } from '../../components/card-grid.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { notify } from '../../components/notify.ts';
import { useEnumLabel, useEnumOptions } from '../../components/use-enum.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import { useOnDemand } from '../../components/use-on-demand.ts';
import { activityNames, filterClasses, noClassFilters, type ClassFilters } from './filter-classes.ts';
import { useClassSchedule } from '../../components/use-class-schedule.ts';

// The form (Modal, selects, the contract's checks) loads when it is first opened, not with the list.
const loadClassModal = () => import('./class-modal.tsx').then((module) => ({ default: module.ClassModal }));

/**
 * SPEC §2 "turmas": filters activity, weekday and level; a card per class, which opens the class's page (its students,
 * enrolments). Create class and each card's Edit (with Archive) for the roles that may (classes:write); never for
 * sample records.
 */
export function ClassesPage() {
  const { t } = useLingui();
  const query = useQuery(classesQueryOptions());
  const { items, source, savedAt } = listState(query, sampleClasses);
  const activities = listState(useQuery(activitiesQueryOptions()), sampleActivities).items;
  const [filters, setFilters] = useState<ClassFilters>(noClassFilters);
  const visible = useMemo(() => filterClasses(items, activities, filters), [items, activities, filters]);
  const names = useMemo(() => activityNames(activities), [activities]);
  const activityListId = useId();
  const activityName = useMemo(() => new Map(activities.map((a) => [a.id, a.name])), [activities]);
  const weekDayOptions = useEnumOptions('weekDay', t`Any weekday`);
  const levelOptions = useEnumOptions('level', t`Any level`);
  // Not when the device's copy is on screen (its banner says the server could not be reached): no failure to announce.
  useFailureToast(source === 'sample' || source === 'error', query.errorUpdatedAt);
  const { can } = usePermissions();
  const canWrite = can('classes:write');
  const canReadAttendance = can('attendance:read');
  const [editing, setEditing] = useState<ClassGroup | 'new' | null>(null);
  const [ClassModal, loadClassModalNow] = useOnDemand(loadClassModal);
  const edit = (target: ClassGroup | 'new') => {
    loadClassModalNow();
    setEditing(target);
  };

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle>{t`Classes`}</PageTitle>
        {/* SPEC §2 had it disabled; it works for the roles allowed, and stays disabled for the others. */}
        <Button leftSection={<IconPlus size={18} aria-hidden />} disabled={!canWrite} mih={44} onClick={() => edit('new')}>
          <Trans>Create class</Trans>
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm" mb="md" role="search" aria-label={t`Filter classes`}>
        {/*
          The browser's own autocomplete (an input with a datalist), not Mantine's Autocomplete: that one brings its
          combobox and floating-ui into this page's first load (about 25 KB gzip). It suggests the names as people type.
        */}
        <TextInput
          label={t`Activity`}
          list={activityListId}
          autoComplete="off"
          value={filters.activity}
          onChange={(event) => {
            const activity = event.currentTarget.value;
            setFilters((previous) => ({ ...previous, activity }));
          }}
          rightSection={
            filters.activity ? (
              <CloseButton aria-label={t`Clear activity`} onClick={() => setFilters((previous) => ({ ...previous, activity: '' }))} />
            ) : null
          }
        />
        <datalist id={activityListId}>
          {names.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <NativeSelect
          label={t`Weekday`}
          value={filters.weekDay}
          onChange={(event) => {
            const weekDay = event.currentTarget.value;
            setFilters((previous) => ({ ...previous, weekDay }));
          }}
          data={weekDayOptions}
        />
        <NativeSelect
          label={t`Level`}
          value={filters.level}
          onChange={(event) => {
            const level = event.currentTarget.value;
            setFilters((previous) => ({ ...previous, level }));
          }}
          data={levelOptions}
        />
      </SimpleGrid>
      <ListStatus
        source={source}
        savedAt={savedAt}
        empty={visible.length === 0}
        errorText={<Trans>Error loading classes</Trans>}
        loadingLabel={t`Loading classes`}
        emptyText={<Trans>No classes found</Trans>}
      >
        <CardGrid>
          {visible.map((item) => (
            <ClassCard
              key={item.id}
              item={item}
              activity={activityName.get(item.activityId)}
              real={source !== 'sample'}
              history={canReadAttendance}
              onEdit={canWrite && source !== 'sample' ? () => edit(item) : undefined}
            />
          ))}
        </CardGrid>
      </ListStatus>
      {editing && ClassModal && (
        <ClassModal
          group={editing === 'new' ? undefined : editing}
          activities={source === 'sample' ? [] : activities}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** SPEC §8: a failed load of the classes (sample data or the error text shown) also shows a toast, once per failure. */
function useFailureToast(failed: boolean, errorUpdatedAt: number) {
  const { t } = useLingui();
  const shownFor = useRef<number | null>(null);
  useEffect(() => {
    if (!failed || shownFor.current === errorUpdatedAt) return;
    shownFor.current = errorUpdatedAt;
    notify({ message: t`Error loading classes`, severity: 'error', closable: true });
  }, [failed, errorUpdatedAt, t]);
}

function ClassCard({
  item,
  activity,
  real,
  history,
  onEdit,
}: {
  item: ClassGroup;
  activity: string | undefined;
  real: boolean;
  /** Whether to link to the class's attendance history (attendance:read). */
  history: boolean;
  onEdit?: () => void;
}) {
  const { t } = useLingui();
  const title = item.title;
  const weekDay = useEnumLabel('weekDay');
  const level = useEnumLabel('level');
  const scheduleOf = useClassSchedule();
  const schedule = scheduleOf.times(item);
  const dates = scheduleOf.dates(item);
  return (
    <Card withBorder padding="md" role="listitem" data-testid="class-card">
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
        {item.title.trim() ? item.title : t`Unknown class`}
      </Text>
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {activity?.trim() ? activity : t`Unknown activity`}
      </Text>
      <Group gap="xs" mt="sm">
        {weekDaysOf(item).map((code) => (
          <Badge key={code} variant="light" color="quadra" c="quadra.9">
            {weekDay(code)}
          </Badge>
        ))}
        <Badge variant="outline" color="gray" c="gray.8">
          {level(item.level)}
        </Badge>
      </Group>
      <Group gap={6} mt="sm">
        <IconClock size={16} aria-hidden />
        <Text size="sm">
          <Trans>Schedule: {schedule}</Trans>
        </Text>
      </Group>
      {dates && (
        <Group gap={6} mt={4}>
          <IconCalendar size={16} aria-hidden />
          <Text size="sm">{dates}</Text>
        </Group>
      )}
      {real && (
        <Group mt="sm" gap="xs">
          <Button
            variant="light"
            size="sm"
            mih={44}
            renderRoot={(props) => <Link to="/turmas/$classId" params={{ classId: item.id }} {...props} />}
            aria-label={t`Students of ${title}`}
          >
            <Trans>Students</Trans>
          </Button>
          {history && (
            <Button
              variant="light"
              size="sm"
              mih={44}
              renderRoot={(props) => <Link to="/turmas/$classId/frequencia" params={{ classId: item.id }} {...props} />}
              aria-label={t`Attendance history of ${title}`}
            >
              <Trans>Attendance history</Trans>
            </Button>
          )}
          {onEdit && (
            <Button variant="default" size="sm" mih={44} onClick={onEdit} aria-label={t`Edit ${title}`}>
              <Trans>Edit</Trans>
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}
