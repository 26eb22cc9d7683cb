/**
 * The activities and classes a class list names that Quadra does not have: offered for creation (the user may refuse
 * it, and their rows are then not imported), each completed here with what Quadra needs of one (prefilled with what
 * the file says: weekday, time, level, teacher, the activity a class's name starts with).
 */
import { Checkbox, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { activityAreas, activityFrequencies, enums, type Activity } from '../../api/contract.ts';
import { useActivityLabels } from '../../components/activity-labels.ts';
import { enumLabels } from '../../components/enum-labels.ts';
import { WideTable } from '../../components/wide-table.tsx';
import { radioTarget } from './targets.ts';
import type { ActivityDraft, ClassDraft } from './enrolment-plan.ts';

type Props = {
  canCreate: boolean;
  createMissing: boolean;
  onCreateMissing: (create: boolean) => void;
  activities: Record<string, ActivityDraft>;
  onActivity: (key: string, draft: ActivityDraft) => void;
  classes: Record<string, ClassDraft>;
  onClass: (key: string, draft: ClassDraft) => void;
  existing: readonly Activity[];
};

const input = { input: { minHeight: 44 } };

export function EnrolmentCatalog({ canCreate, createMissing, onCreateMissing, activities, onActivity, classes, onClass, existing }: Props) {
  const { t, i18n } = useLingui();
  const labels = useActivityLabels();
  const activityKeys = Object.keys(activities);
  const classKeys = Object.keys(classes);
  if (classKeys.length === 0) return null;
  const activityOptions = [
    { value: '', label: t`Choose the activity` },
    ...activityKeys.map((key) => ({ value: key, label: t`${activities[key]!.name} (new)` })),
    ...existing.map((activity) => ({ value: `id:${activity.id}`, label: activity.name })),
  ];
  return (
    <Stack gap="xs" data-testid="import-new-catalog">
      <Text fw={600}>{t`Activities and classes Quadra does not have`}</Text>
      {canCreate ? (
        <Checkbox
          checked={createMissing}
          onChange={(event) => onCreateMissing(event.currentTarget.checked)}
          label={t`Create them with the import (${activityKeys.length} activities, ${classKeys.length} classes)`}
          styles={radioTarget}
        />
      ) : (
        <Text>{t`Your access does not create activities or classes: the rows naming them are not imported. A coordinator can create them first.`}</Text>
      )}
      {canCreate && createMissing && activityKeys.length > 0 && (
        <WideTable label={t`New activities`} minWidth={720}>
          <Table data-testid="import-new-activities">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`New activity`}</Table.Th>
                <Table.Th>{t`Teacher`}</Table.Th>
                <Table.Th>{t`Area`}</Table.Th>
                <Table.Th>{t`Frequency`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {activityKeys.map((key) => {
                const draft = activities[key]!;
                return (
                  <Table.Tr key={key}>
                    <Table.Td>{draft.name}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t`Teacher of ${draft.name}`}
                        value={draft.teacher}
                        onChange={(event) => onActivity(key, { ...draft, teacher: event.currentTarget.value })}
                        error={draft.teacher.trim() ? undefined : t`Required`}
                        styles={input}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={t`Area of ${draft.name}`}
                        value={draft.area}
                        onChange={(event) => onActivity(key, { ...draft, area: event.currentTarget.value as ActivityDraft['area'] })}
                        data={activityAreas.map((value) => ({ value, label: labels.area(value) }))}
                        styles={input}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={t`Frequency of ${draft.name}`}
                        value={draft.frequency}
                        onChange={(event) => onActivity(key, { ...draft, frequency: event.currentTarget.value as ActivityDraft['frequency'] })}
                        data={activityFrequencies.map((value) => ({ value, label: labels.frequency(value) }))}
                        styles={input}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </WideTable>
      )}
      {canCreate && createMissing && (
        <WideTable label={t`New classes`} minWidth={900}>
          <Table data-testid="import-new-classes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`New class`}</Table.Th>
                <Table.Th>{t`Activity`}</Table.Th>
                <Table.Th>{t`Weekday`}</Table.Th>
                <Table.Th>{t`Time`}</Table.Th>
                <Table.Th>{t`Level`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {classKeys.map((key) => {
                const draft = classes[key]!;
                return (
                  <Table.Tr key={key}>
                    <Table.Td>{draft.title}</Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={t`Activity of ${draft.title}`}
                        value={draft.activityKey}
                        onChange={(event) => onClass(key, { ...draft, activityKey: event.currentTarget.value })}
                        data={activityOptions}
                        error={draft.activityKey ? undefined : t`Required`}
                        styles={input}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={t`Weekday of ${draft.title}`}
                        value={draft.weekDay}
                        onChange={(event) => onClass(key, { ...draft, weekDay: event.currentTarget.value })}
                        data={[
                          { value: '', label: t`Choose the weekday` },
                          ...enums.weekDay.map((value) => ({ value, label: i18n._(enumLabels.weekDay[value]!) })),
                        ]}
                        error={draft.weekDay ? undefined : t`Required`}
                        styles={input}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t`Time of ${draft.title}`}
                        placeholder="14:00 - 15:30"
                        value={draft.schedule}
                        onChange={(event) => onClass(key, { ...draft, schedule: event.currentTarget.value })}
                        error={draft.schedule.trim() ? undefined : t`Required`}
                        styles={input}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={t`Level of ${draft.title}`}
                        value={draft.level}
                        onChange={(event) => onClass(key, { ...draft, level: event.currentTarget.value })}
                        data={enums.level.map((value) => ({ value, label: i18n._(enumLabels.level[value]!) }))}
                        styles={input}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </WideTable>
      )}
    </Stack>
  );
}
