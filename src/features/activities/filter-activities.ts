/** SPEC §5, §9: name matches by case-insensitive substring; area and frequency by case-insensitive equality. */
import type { Activity } from '../../api/contract.ts';

/** The select values of SPEC §9, exactly as written there. */
export const areaFilterValues = ['esportes', 'academia', 'aquáticos'] as const;
export const frequencyFilterValues = ['diária', 'semanal', 'mensal'] as const;

export type ActivityFilters = { name: string; area: string; frequency: string };
export const noActivityFilters: ActivityFilters = { name: '', area: '', frequency: '' };

const lower = (value: string) => value.toLocaleLowerCase('pt-BR');

export function filterActivities(items: Activity[], filters: ActivityFilters): Activity[] {
  const name = lower(filters.name.trim());
  const area = lower(filters.area);
  const frequency = lower(filters.frequency);
  return items.filter(
    (activity) =>
      (name === '' || lower(activity.name).includes(name)) &&
      (area === '' || lower(activity.area) === area) &&
      (frequency === '' || lower(activity.frequency) === frequency),
  );
}
