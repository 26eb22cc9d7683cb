/** Create or edit a class (and archive it), through the outbox; an edit carries the version it started from. */
import { useState } from 'react';
import { Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EditModalActions } from '../../components/edit-modal-actions.tsx';
import { useLingui } from '@lingui/react/macro';
import { enums, type Activity, type ClassCreate, type ClassGroup } from '../../api/contract.ts';
import { enqueueClassCreate, enqueueClassUpdate } from '../../api/classes.ts';
import { usersQueryOptions } from '../../api/users.ts';
import { notifySaved } from '../../components/notify.ts';
import { useEnumOptions } from '../../components/use-enum.ts';
import { usePermissions } from '../../components/use-permissions.ts';

type Fields = { title: string; activityId: string; weekDay: string; schedule: string; level: string; instructorId: string };

export function ClassModal({ group, activities, onClose }: { group?: ClassGroup; activities: Activity[]; onClose: () => void }) {
  const { t } = useLingui();
  const { can } = usePermissions();
  const users = useQuery({ ...usersQueryOptions(), enabled: can('users:read') }).data ?? [];
  const instructors = users.filter((user) => user.active !== false);
  const [fields, setFields] = useState<Fields>({
    title: group?.title ?? '',
    activityId: group?.activityId ?? '',
    weekDay: group?.weekDay ?? '',
    schedule: group?.schedule ?? '',
    level: group?.level ?? '',
    instructorId: group?.instructorId ?? '',
  });
  const [tried, setTried] = useState(false);
  const set = (field: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    setFields((previous) => ({ ...previous, [field]: value }));
  };
  const missing = (value: string) => (tried && !value.trim() ? t`Required` : null);
  const weekDays = useEnumOptions('weekDay', t`Select…`);
  const levels = useEnumOptions('level', t`Select…`);

  const save = async (archived = false) => {
    setTried(true);
    const { title, activityId, weekDay, schedule, level, instructorId } = fields;
    if (!title.trim() || !activityId || !weekDay || !schedule.trim() || !level) return;
    const body: Omit<ClassCreate, 'id'> = {
      title: title.trim(),
      activityId,
      weekDay: weekDay as (typeof enums.weekDay)[number],
      schedule: schedule.trim(),
      level: level as (typeof enums.level)[number],
      instructorId: instructorId || null,
    };
    if (group) await enqueueClassUpdate(group.id, { ...body, archived, version: group.version ?? 1 });
    else await enqueueClassCreate(body);
    notifySaved(archived ? t`Class archived.` : t`Class saved.`);
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={group ? t`Edit class` : t`New class`} closeButtonProps={{ 'aria-label': t`Close` }}>
      <Stack>
        <TextInput label={t`Title`} value={fields.title} onChange={set('title')} withAsterisk error={missing(fields.title)} />
        <NativeSelect
          label={t`Activity`}
          value={fields.activityId}
          onChange={set('activityId')}
          withAsterisk
          error={missing(fields.activityId)}
          data={[{ value: '', label: t`Select…` }, ...activities.map((activity) => ({ value: activity.id, label: activity.name }))]}
        />
        <NativeSelect
          label={t`Weekday`}
          value={fields.weekDay}
          onChange={set('weekDay')}
          withAsterisk
          error={missing(fields.weekDay)}
          data={weekDays}
        />
        <TextInput
          label={t`Schedule`}
          placeholder={t`e.g. 08:00 - 09:00`}
          value={fields.schedule}
          onChange={set('schedule')}
          withAsterisk
          error={missing(fields.schedule)}
        />
        <NativeSelect label={t`Level`} value={fields.level} onChange={set('level')} withAsterisk error={missing(fields.level)} data={levels} />
        {can('users:read') && (
          <NativeSelect
            label={t`Instructor`}
            value={fields.instructorId}
            onChange={set('instructorId')}
            data={[{ value: '', label: t`None` }, ...instructors.map((user) => ({ value: user.id, label: user.full_name }))]}
          />
        )}
        <EditModalActions canArchive={Boolean(group)} onArchive={() => void save(true)} onCancel={onClose} onSave={() => void save()} />
      </Stack>
    </Modal>
  );
}
