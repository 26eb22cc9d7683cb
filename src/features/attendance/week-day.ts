/**
 * The class's schedule against the date of a roll (issue 24: a gentle warning, never a refusal: classes get moved).
 * A class meets on several weekdays, from its first day to its last (issue 52).
 */
import { weekDayOf, weekDaysOf } from '../../api/class-schedule.ts';
import { enums, type ClassGroup } from '../../api/contract.ts';

export type RollDateNote =
  { kind: 'other-day'; dateDay: string; classDays: string[] } | { kind: 'before-start'; startsOn: string } | { kind: 'after-end'; endsOn: string };

/**
 * What to say of a roll's date: before the class's first day, after its last, or not one of its weekdays; null when
 * it is a day the class meets, when there is no date or class, or when none of the class's weekdays is a code Quadra
 * knows (nothing can be said then).
 */
export function rollDateNote(
  group: Pick<ClassGroup, 'weekDay' | 'schedule' | 'meetings' | 'startsOn' | 'endsOn'> | undefined,
  date: string | undefined,
): RollDateNote | null {
  if (!date || !group) return null;
  if (group.startsOn && date < group.startsOn) return { kind: 'before-start', startsOn: group.startsOn };
  if (group.endsOn && date > group.endsOn) return { kind: 'after-end', endsOn: group.endsOn };
  const classDays = weekDaysOf(group).filter((day) => (enums.weekDay as readonly string[]).includes(day));
  if (classDays.length === 0) return null;
  const dateDay = weekDayOf(date);
  return classDays.includes(dateDay) ? null : { kind: 'other-day', dateDay, classDays };
}
