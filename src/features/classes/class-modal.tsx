/**
 * Create or edit a class (and archive it), through the outbox; an edit carries the version it started from. A class
 * meets on several weekdays, each with its times, between an optional first and last day, and has several instructors
 * (issue 52). The write also carries the original client's fields (the first meeting's weekday, the schedule as text,
 * the first instructor), derived here as the server derives them.
 */
import { useId, useState } from 'react';
import { Button, Chip, Fieldset, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EditModalActions } from '../../components/edit-modal-actions.tsx';
import { CLASS_MEETINGS_MAX, enums, type Activity, type ClassCreate, type ClassGroup, type ClassMeetingWrite } from '../../api/contract.ts';
import { meetingsOf, scheduleNoteOf, scheduleTextOf } from '../../api/class-schedule.ts';
import { enqueueClassCreate, enqueueClassUpdate } from '../../api/classes.ts';
import { instructorsOf } from '../../api/permissions.ts';
import { usersQueryOptions } from '../../api/users.ts';
import { notifySaved } from '../../components/notify.ts';
import { useEnumOptions } from '../../components/use-enum.ts';
import { usePermissions } from '../../components/use-permissions.ts';
import classes from './class-modal.module.css';

type Fields = { title: string; activityId: string; level: string; startsOn: string; endsOn: string; instructorIds: string[] };
type MeetingRow = { key: number; weekDay: string; start: string; end: string };

let nextKey = 0;
const meetingRow = (meeting: { weekDay: string; start: string | null; end: string | null }): MeetingRow => ({
  key: (nextKey += 1),
  weekDay: (enums.weekDay as readonly string[]).includes(meeting.weekDay) ? meeting.weekDay : '',
  start: meeting.start ?? '',
  end: meeting.end ?? '',
});

export function ClassModal({ group, activities, onClose }: { group?: ClassGroup; activities: Activity[]; onClose: () => void }) {
  const { t } = useLingui();
  const { can } = usePermissions();
  const users = useQuery({ ...usersQueryOptions(), enabled: can('users:read') }).data ?? [];
  const [fields, setFields] = useState<Fields>({
    title: group?.title ?? '',
    activityId: group?.activityId ?? '',
    level: group?.level ?? '',
    startsOn: group?.startsOn ?? '',
    endsOn: group?.endsOn ?? '',
    instructorIds: group ? [...instructorsOf(group)] : [],
  });
  const [meetings, setMeetings] = useState<MeetingRow[]>(() =>
    group ? meetingsOf(group).map(meetingRow) : [meetingRow({ weekDay: '', start: '', end: '' })],
  );
  // A class migrated from a free-text schedule that had no times: the text, shown until times are written.
  const oldSchedule = group ? scheduleNoteOf(group) : '';
  const [tried, setTried] = useState(false);
  const instructorsHelp = useId();
  const set =
    (field: 'title' | 'activityId' | 'level' | 'startsOn' | 'endsOn') => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = event.currentTarget.value;
      setFields((previous) => ({ ...previous, [field]: value }));
    };
  const setMeeting = (key: number, field: 'weekDay' | 'start' | 'end') => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    setMeetings((previous) => previous.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  };
  const required = (value: string) => (tried && !value.trim() ? t`Required` : null);
  const endError = (row: MeetingRow) => required(row.end) ?? (tried && row.start && row.end && row.end <= row.start ? t`Ends after it starts` : null);
  const datesError = tried && fields.startsOn && fields.endsOn && fields.endsOn < fields.startsOn ? t`The last day is on or after the first` : null;
  const weekDays = useEnumOptions('weekDay', t`Select…`);
  const levels = useEnumOptions('level', t`Select…`);
  // Active staff, and any instructor the class already names (kept even if since deactivated).
  const instructorOptions = users
    .filter((user) => user.active !== false || fields.instructorIds.includes(user.id))
    .map((user) => ({ value: user.id, label: user.full_name }));

  // Archiving sends the class as it is stored: its meetings and instructors stay as they are (a class migrated without
  // times can be archived without writing them first).
  const archive = async (current: ClassGroup) => {
    await enqueueClassUpdate(current.id, {
      title: current.title,
      activityId: current.activityId,
      level: current.level as (typeof enums.level)[number],
      weekDay: current.weekDay as (typeof enums.weekDay)[number],
      schedule: current.schedule,
      archived: true,
      version: current.version ?? 1,
    });
    notifySaved(t`Class archived.`);
    onClose();
  };

  const save = async (archived = false) => {
    if (archived && group) return archive(group);
    setTried(true);
    const { title, activityId, level, startsOn, endsOn, instructorIds } = fields;
    const meetingsValid = meetings.every((row) => row.weekDay && row.start && row.end && row.start < row.end);
    if (!title.trim() || !activityId || !level || !meetingsValid || (startsOn && endsOn && endsOn < startsOn)) return;
    const written: ClassMeetingWrite[] = meetings.map(({ weekDay, start, end }) => ({
      weekDay: weekDay as (typeof enums.weekDay)[number],
      start,
      end,
    }));
    const body: Omit<ClassCreate, 'id'> = {
      title: title.trim(),
      activityId,
      level: level as (typeof enums.level)[number],
      meetings: written,
      startsOn: startsOn || null,
      endsOn: endsOn || null,
      // The original client's fields, as the server answers them (it reads `meetings` and `instructorIds`).
      weekDay: written[0]!.weekDay,
      schedule: scheduleTextOf(written, ''),
      ...(can('users:read') ? { instructorIds, instructorId: instructorIds[0] ?? null } : {}),
    };
    if (group) await enqueueClassUpdate(group.id, { ...body, archived, version: group.version ?? 1 });
    else await enqueueClassCreate(body);
    notifySaved(archived ? t`Class archived.` : t`Class saved.`);
    onClose();
  };

  return (
    <Modal opened onClose={onClose} size="lg" title={group ? t`Edit class` : t`New class`} closeButtonProps={{ 'aria-label': t`Close` }}>
      <Stack>
        <TextInput label={t`Title`} value={fields.title} onChange={set('title')} withAsterisk error={required(fields.title)} />
        <NativeSelect
          label={t`Activity`}
          value={fields.activityId}
          onChange={set('activityId')}
          withAsterisk
          error={required(fields.activityId)}
          data={[{ value: '', label: t`Select…` }, ...activities.map((activity) => ({ value: activity.id, label: activity.name }))]}
        />
        <Fieldset legend={t`Weekdays and times`} variant="unstyled" data-testid="class-meetings">
          <Stack gap="sm">
            {oldSchedule && (
              <Text size="sm" c="gray.8">
                <Trans>Schedule written before: {oldSchedule}</Trans>
              </Text>
            )}
            {meetings.map((row, index) => {
              const n = index + 1;
              return (
                <Group key={row.key} gap="xs" align="flex-start" wrap="wrap" role="group" aria-label={t`Meeting ${n}`}>
                  <NativeSelect
                    label={t`Weekday`}
                    value={row.weekDay}
                    onChange={setMeeting(row.key, 'weekDay')}
                    withAsterisk
                    error={required(row.weekDay)}
                    data={weekDays}
                    style={{ flex: '1 1 10rem' }}
                  />
                  <TextInput
                    type="time"
                    label={t`Starts at`}
                    value={row.start}
                    onChange={setMeeting(row.key, 'start')}
                    withAsterisk
                    error={required(row.start)}
                    style={{ flex: '1 1 7rem' }}
                  />
                  <TextInput
                    type="time"
                    label={t`Ends at`}
                    value={row.end}
                    onChange={setMeeting(row.key, 'end')}
                    withAsterisk
                    error={endError(row)}
                    style={{ flex: '1 1 7rem' }}
                  />
                  {meetings.length > 1 && (
                    <Button
                      variant="subtle"
                      color="red"
                      c="red.9"
                      w={44}
                      h={44}
                      p={0}
                      mt={25}
                      style={{ flexShrink: 0 }}
                      aria-label={t`Remove meeting ${n}`}
                      title={t`Remove meeting ${n}`}
                      onClick={() => setMeetings((previous) => previous.filter((other) => other.key !== row.key))}
                    >
                      <IconTrash size={20} aria-hidden />
                    </Button>
                  )}
                </Group>
              );
            })}
            {meetings.length < CLASS_MEETINGS_MAX && (
              <Group>
                <Button
                  variant="light"
                  mih={44}
                  leftSection={<IconPlus size={18} aria-hidden />}
                  onClick={() => setMeetings((previous) => [...previous, meetingRow({ weekDay: '', start: '', end: '' })])}
                >
                  <Trans>Add a weekday</Trans>
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput type="date" label={t`First day`} value={fields.startsOn} onChange={set('startsOn')} style={{ flex: '1 1 10rem' }} />
          <TextInput
            type="date"
            label={t`Last day`}
            value={fields.endsOn}
            onChange={set('endsOn')}
            error={datesError}
            style={{ flex: '1 1 10rem' }}
          />
        </Group>
        <NativeSelect label={t`Level`} value={fields.level} onChange={set('level')} withAsterisk error={required(fields.level)} data={levels} />
        {can('users:read') && (
          <Chip.Group multiple value={fields.instructorIds} onChange={(instructorIds) => setFields((previous) => ({ ...previous, instructorIds }))}>
            <Fieldset legend={t`Instructors`} variant="unstyled">
              <Text size="sm" c="gray.8" mb="xs" id={instructorsHelp}>
                <Trans>Each one sees the class as their own. None: every instructor sees it.</Trans>
              </Text>
              <Group gap="xs" aria-describedby={instructorsHelp}>
                {instructorOptions.map((option) => (
                  <Chip key={option.value} value={option.value} variant="outline" classNames={{ label: classes.instructorChip }}>
                    {option.label}
                  </Chip>
                ))}
              </Group>
            </Fieldset>
          </Chip.Group>
        )}
        <EditModalActions canArchive={Boolean(group)} onArchive={() => void save(true)} onCancel={onClose} onSave={() => void save()} />
      </Stack>
    </Modal>
  );
}
