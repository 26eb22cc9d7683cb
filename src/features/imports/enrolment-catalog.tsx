/**
 * The activities and classes a class list names that Quadra does not have: offered for creation (the user may refuse
 * it, and their rows are then not imported), each completed here with what Quadra needs of one (prefilled with what
 * the file says: weekday, time, level, teacher, the activity a class's name starts with).
 */
import type { ChangeEvent, ReactNode } from 'react';
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

/** A table of the new activities or classes: each one's name, then its fields to complete. */
function DraftTable(props: {
  label: string;
  testId: string;
  minWidth: number;
  columns: readonly string[];
  rows: readonly { key: string; name: string; cells: readonly ReactNode[] }[];
}) {
  return (
    <WideTable label={props.label} minWidth={props.minWidth}>
      <Table data-testid={props.testId}>
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.name}</Table.Td>
              {row.cells.map((cell, column) => (
                <Table.Td key={column}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

/** A field of a new activity or class: a select (with `data`) or a text; a required one says so while it is empty. */
function DraftField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  data?: readonly { value: string; label: string }[];
  placeholder?: string;
}) {
  const { t } = useLingui();
  const shared = {
    'aria-label': props.label,
    value: props.value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => props.onChange(event.currentTarget.value),
    error: props.required && !props.value.trim() ? t`Required` : undefined,
    styles: input,
  };
  return props.data ? <NativeSelect {...shared} data={props.data} /> : <TextInput {...shared} placeholder={props.placeholder} />;
}

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
  const areas = activityAreas.map((value) => ({ value, label: labels.area(value) }));
  const frequencies = activityFrequencies.map((value) => ({ value, label: labels.frequency(value) }));
  const weekDays = [
    { value: '', label: t`Choose the weekday` },
    ...enums.weekDay.map((value) => ({ value, label: i18n._(enumLabels.weekDay[value]!) })),
  ];
  const levels = enums.level.map((value) => ({ value, label: i18n._(enumLabels.level[value]!) }));
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
        <DraftTable
          label={t`New activities`}
          testId="import-new-activities"
          minWidth={720}
          columns={[t`New activity`, t`Teacher`, t`Area`, t`Frequency`]}
          rows={activityKeys.map((key) => {
            const draft = activities[key]!;
            const set = (change: Partial<ActivityDraft>) => onActivity(key, { ...draft, ...change });
            return {
              key,
              name: draft.name,
              cells: [
                <DraftField
                  key="teacher"
                  label={t`Teacher of ${draft.name}`}
                  value={draft.teacher}
                  onChange={(teacher) => set({ teacher })}
                  required
                />,
                <DraftField
                  key="area"
                  label={t`Area of ${draft.name}`}
                  value={draft.area}
                  onChange={(area) => set({ area: area as ActivityDraft['area'] })}
                  data={areas}
                />,
                <DraftField
                  key="frequency"
                  label={t`Frequency of ${draft.name}`}
                  value={draft.frequency}
                  onChange={(frequency) => set({ frequency: frequency as ActivityDraft['frequency'] })}
                  data={frequencies}
                />,
              ],
            };
          })}
        />
      )}
      {canCreate && createMissing && (
        <DraftTable
          label={t`New classes`}
          testId="import-new-classes"
          minWidth={900}
          columns={[t`New class`, t`Activity`, t`Weekday`, t`Time`, t`Level`]}
          rows={classKeys.map((key) => {
            const draft = classes[key]!;
            const set = (change: Partial<ClassDraft>) => onClass(key, { ...draft, ...change });
            return {
              key,
              name: draft.title,
              cells: [
                <DraftField
                  key="activity"
                  label={t`Activity of ${draft.title}`}
                  value={draft.activityKey}
                  onChange={(activityKey) => set({ activityKey })}
                  data={activityOptions}
                  required
                />,
                <DraftField
                  key="weekDay"
                  label={t`Weekday of ${draft.title}`}
                  value={draft.weekDay}
                  onChange={(weekDay) => set({ weekDay })}
                  data={weekDays}
                  required
                />,
                <DraftField
                  key="schedule"
                  label={t`Time of ${draft.title}`}
                  placeholder="14:00 - 15:30"
                  value={draft.schedule}
                  onChange={(schedule) => set({ schedule })}
                  required
                />,
                <DraftField key="level" label={t`Level of ${draft.title}`} value={draft.level} onChange={(level) => set({ level })} data={levels} />,
              ],
            };
          })}
        />
      )}
    </Stack>
  );
}
