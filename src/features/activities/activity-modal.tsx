/** Create or edit an activity (and archive it), through the outbox; an edit carries the version it started from. */
import { useState } from 'react';
import { Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { EditModalActions } from '../../components/edit-modal-actions.tsx';
import { useLingui } from '@lingui/react/macro';
import { activityAreas, activityFrequencies, type Activity, type ActivityCreate } from '../../api/contract.ts';
import { enqueueActivityCreate, enqueueActivityUpdate } from '../../api/activities.ts';
import { useActivityLabels } from '../../components/activity-labels.ts';
import { notifySaved } from '../../components/notify.ts';

type Fields = Omit<ActivityCreate, 'id'>;

export function ActivityModal({ activity, onClose }: { activity?: Activity; onClose: () => void }) {
  const { t } = useLingui();
  const labels = useActivityLabels();
  const [fields, setFields] = useState<Fields>({
    name: activity?.name ?? '',
    teacher: activity?.teacher ?? '',
    area: (activityAreas as readonly string[]).includes(activity?.area ?? '') ? (activity!.area as Fields['area']) : activityAreas[0],
    frequency: (activityFrequencies as readonly string[]).includes(activity?.frequency ?? '')
      ? (activity!.frequency as Fields['frequency'])
      : activityFrequencies[0],
  });
  const [tried, setTried] = useState(false);
  const set = (field: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    setFields((previous) => ({ ...previous, [field]: value }));
  };
  const missing = (value: string) => (tried && !value.trim() ? t`Required` : null);

  const save = async (archived = false) => {
    setTried(true);
    if (!fields.name.trim() || !fields.teacher.trim()) return;
    const trimmed = { ...fields, name: fields.name.trim(), teacher: fields.teacher.trim() };
    if (activity) await enqueueActivityUpdate(activity.id, { ...trimmed, archived, version: activity.version ?? 1 });
    else await enqueueActivityCreate(trimmed);
    notifySaved(archived ? t`Activity archived.` : t`Activity saved.`);
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={activity ? t`Edit activity` : t`New activity`} closeButtonProps={{ 'aria-label': t`Close` }}>
      <Stack>
        <TextInput label={t`Name`} value={fields.name} onChange={set('name')} withAsterisk error={missing(fields.name)} />
        <TextInput label={t`Teacher`} value={fields.teacher} onChange={set('teacher')} withAsterisk error={missing(fields.teacher)} />
        <NativeSelect
          label={t`Area`}
          value={fields.area}
          onChange={set('area')}
          data={activityAreas.map((value) => ({ value, label: labels.area(value) }))}
        />
        <NativeSelect
          label={t`Frequency`}
          value={fields.frequency}
          onChange={set('frequency')}
          data={activityFrequencies.map((value) => ({ value, label: labels.frequency(value) }))}
        />
        <EditModalActions canArchive={Boolean(activity)} onArchive={() => void save(true)} onCancel={onClose} onSave={() => void save()} />
      </Stack>
    </Modal>
  );
}
