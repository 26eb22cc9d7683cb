/**
 * A class's schedule (issue 52): weekly meetings with times, a first and a last day, several instructors. Written once
 * for the server (the original client's derived fields, its writes) and the app (lists, roll call, access), and
 * tolerant of a class as an older server or an older cached copy has it: only `weekDay`, `schedule` and `instructorId`.
 */
import { enums, type ClassGroup, type ClassMeeting } from './contract.ts';

type WeekDay = (typeof enums.weekDay)[number];

/** Sunday first, as Date.getUTCDay counts. */
const byDayNumber = ['DOMINGO', 'SEGUNDA', 'TERCA', 'QUARTA', 'QUINTA', 'SEXTA', 'SABADO'] as const;

/** The weekday code (filters/week-days) of a YYYY-MM-DD day. */
export function weekDayOf(date: string): WeekDay {
  return byDayNumber[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/**
 * Times read from a free-text schedule as the programme wrote them ("08:00 - 09:30", "8h às 9h30", "14h-15h"): null
 * when the text is anything else (then it is kept as written). The same pattern as migration 022_class_schedules.sql.
 */
export function parseScheduleTimes(text: string): { start: string; end: string } | null {
  const match = /^\s*(\d{1,2})\s*(?:[:hH]\s*(\d{2})?)?\s*(?:-|–|—|às|as|a|até)\s*(\d{1,2})\s*(?:[:hH]\s*(\d{2})?)?\s*$/.exec(text);
  if (!match) return null;
  const time = (hour: string, minute: string | undefined) => `${hour.padStart(2, '0')}:${minute ?? '00'}`;
  const start = time(match[1]!, match[2]);
  const end = time(match[3]!, match[4]);
  const valid = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
  return valid(start) && valid(end) && start < end ? { start, end } : null;
}

/** The weekly meetings: the class's own, or (an older copy) the one its weekday and schedule text make. */
export function meetingsOf(group: Pick<ClassGroup, 'weekDay' | 'schedule' | 'meetings'>): ClassMeeting[] {
  if (group.meetings && group.meetings.length > 0) return group.meetings;
  const times = parseScheduleTimes(group.schedule);
  return [{ weekDay: group.weekDay, start: times?.start ?? null, end: times?.end ?? null }];
}

/** The free text kept beside the meetings: the note, or (an older copy) the schedule text when it has no times. */
export function scheduleNoteOf(group: Pick<ClassGroup, 'schedule' | 'meetings' | 'scheduleNote'>): string {
  if (group.meetings && group.meetings.length > 0) return group.scheduleNote ?? '';
  return parseScheduleTimes(group.schedule) ? '' : group.schedule;
}

/** The weekdays the class meets on, each once, in week order (Monday first, as the codes are listed). */
export function weekDaysOf(group: Pick<ClassGroup, 'weekDay' | 'schedule' | 'meetings'>): string[] {
  const days = new Set(meetingsOf(group).map((meeting) => meeting.weekDay));
  return [...enums.weekDay.filter((day) => days.has(day)), ...[...days].filter((day) => !(enums.weekDay as readonly string[]).includes(day))];
}

const shortDay: Record<WeekDay, string> = {
  SEGUNDA: 'Seg',
  TERCA: 'Ter',
  QUARTA: 'Qua',
  QUINTA: 'Qui',
  SEXTA: 'Sex',
  SABADO: 'Sáb',
  DOMINGO: 'Dom',
};

/**
 * The schedule as one readable text, the original client's `schedule` (it shows it beside the weekday): one meeting's
 * "08:00 - 09:30" as that client always had it; several as "Seg 08:00 - 09:30, Qua 14:00 - 15:30" (Portuguese, the
 * programme's language: this text is data, the same for everyone); a note kept from the migration where times are
 * missing.
 */
export function scheduleTextOf(meetings: readonly ClassMeeting[], note: string): string {
  const times = (meeting: ClassMeeting) => (meeting.start && meeting.end ? `${meeting.start} - ${meeting.end}` : '');
  if (meetings.length === 1) return times(meetings[0]!) || note;
  const text = meetings
    .map((meeting) => [shortDay[meeting.weekDay as WeekDay] ?? meeting.weekDay, times(meeting)].filter(Boolean).join(' '))
    .join(', ');
  return note && meetings.some((meeting) => !times(meeting)) ? `${text} (${note})` : text;
}

/**
 * Whether the class meets on `date` (YYYY-MM-DD): one of its weekdays, on or after its first day and not after its
 * last. A class whose weekdays Quadra does not know meets on no day that can be told (undefined).
 */
export function meetsOn(group: Pick<ClassGroup, 'weekDay' | 'schedule' | 'meetings' | 'startsOn' | 'endsOn'>, date: string): boolean | undefined {
  const days = weekDaysOf(group);
  if (!days.some((day) => (enums.weekDay as readonly string[]).includes(day))) return undefined;
  if (group.startsOn && date < group.startsOn) return false;
  if (group.endsOn && date > group.endsOn) return false;
  return days.includes(weekDayOf(date));
}
