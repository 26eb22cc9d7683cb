/** Class filters: activity (typed or picked name; case- and accent-insensitive substring), weekday and level (codes). */
import { weekDaysOf } from '../../api/class-schedule.ts';
import type { Activity, ClassGroup } from '../../api/contract.ts';
import { foldForSearch } from '../../lib/fold-for-search.ts';

export type ClassFilters = { activity: string; weekDay: string; level: string };
export const noClassFilters: ClassFilters = { activity: '', weekDay: '', level: '' };

const sameCode = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/** A class whose activity is unknown matches no activity text (it has no name to match). */
export function filterClasses(items: ClassGroup[], activities: Activity[], filters: ClassFilters): ClassGroup[] {
  const names = new Map(activities.map((a) => [a.id, foldForSearch(a.name)]));
  const needle = foldForSearch(filters.activity);
  return items.filter((item) => {
    if (needle && !(names.get(item.activityId) ?? '').includes(needle)) return false;
    // A class meets on several weekdays (issue 52): any of them matches.
    if (filters.weekDay && !weekDaysOf(item).some((day) => sameCode(day, filters.weekDay))) return false;
    if (filters.level && !sameCode(item.level, filters.level)) return false;
    return true;
  });
}

/** Distinct activity names for the autocomplete, sorted as people read them. */
export function activityNames(activities: Activity[]): string[] {
  return [...new Set(activities.map((a) => a.name).filter((n) => n.trim() !== ''))].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}
