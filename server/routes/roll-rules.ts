/**
 * What a class roll's save and a general roll's save check alike (routes/attendance.ts, routes/general-roll.ts): its
 * date and time, each child once, and whether the day's roll is still the one the save was taken on.
 */
import { latestToday } from '../data/rules/roster.ts';
import { badRequest, HttpError, listed } from '../errors.ts';

const DAY_MS = 86_400_000;

/**
 * A roll is taken on its day or later: a date after today is refused (400 'roll-date-future'), "today" being the
 * server's UTC day plus one (no device's today is refused whatever its time zone); and it was taken no later than a day
 * past the server's clock (a device's clock may run ahead; year 9999 does not).
 */
export function requireRollTimes(date: string, takenAt: string, now: Date): void {
  if (date > latestToday(now)) throw new HttpError(400, `A roll cannot be dated after today (${date})`, 'roll-date-future');
  if (Date.parse(takenAt) > now.getTime() + DAY_MS) throw new HttpError(400, `A roll's takenAt cannot be later than tomorrow (${takenAt})`);
}

/** Each student at most once in a roll (400 otherwise, naming the repeated ones). */
export function requireOnceEach(entries: readonly { studentId: string }[]): void {
  const seen = new Set<string>();
  const repeated = entries.filter(({ studentId }) => seen.has(studentId) || !seen.add(studentId));
  if (repeated.length > 0) {
    throw badRequest(`Each student may appear once in a roll; repeated: ${listed([...new Set(repeated.map((e) => e.studentId))])}`);
  }
}

/**
 * Whether a save may replace the day's roll last saved at `takenAtBefore` (undefined: none): it is the same save again
 * (its answer lost), one taken on that roll (`basedOn`), or one replacing this device's own save that arrived
 * (`supersedes`). Otherwise it is stale: someone else saved the day's roll since.
 */
export function unchangedSince(
  takenAtBefore: string | undefined,
  { basedOn, takenAt, supersedes = [] }: { basedOn: string | null; takenAt: string; supersedes?: readonly string[] | undefined },
): boolean {
  if (takenAtBefore === undefined) return true;
  const latest = Date.parse(takenAtBefore);
  const own = [takenAt, ...(basedOn === null ? [] : [basedOn]), ...supersedes];
  return own.some((at) => Date.parse(at) === latest);
}
