/**
 * What a class write stores (issue 52 item 4): the newer client sends `meetings`, `instructorIds` and the dates; the
 * programme's original client, and an older Quadra app (an edit still queued on a device), send only `weekDay`,
 * `schedule` and `instructorId`. Those keep what the class has when they are what it answers, and replace it otherwise,
 * so an old write of a class's title never takes away its other meetings or instructors.
 */
import { parseScheduleTimes } from '../../src/api/class-schedule.ts';
import type { ClassCreate, ClassMeeting } from '../../src/api/contract.ts';
import { toClassGroup, type ClassFields, type StoredClass } from '../data/catalog.ts';
import { badRequest } from '../errors.ts';

export type ClassWrite = Omit<ClassCreate, 'id'>;

/** The fields to store from a write's body, on top of the class as stored (undefined: a new class). */
export function classFieldsOf(body: ClassWrite, stored: StoredClass | undefined): ClassFields {
  const answered = stored && toClassGroup(stored);
  let meetings: ClassMeeting[];
  let scheduleNote: string;
  if (body.meetings) {
    meetings = body.meetings.map(({ weekDay, start, end }) => ({ weekDay, start, end }));
    scheduleNote = '';
  } else if (stored && answered?.weekDay === body.weekDay && answered.schedule === body.schedule) {
    meetings = stored.meetings;
    scheduleNote = stored.scheduleNote;
  } else {
    // The original client's one weekday and schedule text: the times when the text reads as times, else the text kept.
    const times = parseScheduleTimes(body.schedule);
    meetings = [{ weekDay: body.weekDay, start: times?.start ?? null, end: times?.end ?? null }];
    scheduleNote = times ? '' : body.schedule;
  }

  const before = stored?.instructorIds ?? [];
  let instructorIds: string[];
  if (body.instructorIds) instructorIds = [...new Set(body.instructorIds)];
  // A writer that does not send an instructor does not know them: it keeps the class's.
  else if (body.instructorId === undefined || body.instructorId === (before[0] ?? null)) instructorIds = before;
  // The original client's one instructor: none takes every one off; another takes the first place.
  else if (body.instructorId === null) instructorIds = [];
  else instructorIds = [body.instructorId, ...before.slice(1).filter((id) => id !== body.instructorId)];

  const startsOn = body.startsOn === undefined ? (stored?.startsOn ?? null) : body.startsOn;
  const endsOn = body.endsOn === undefined ? (stored?.endsOn ?? null) : body.endsOn;
  if (startsOn && endsOn && endsOn < startsOn) throw badRequest('A class ends on or after the day it starts');

  return { title: body.title, activityId: body.activityId, level: body.level, meetings, scheduleNote, instructorIds, startsOn, endsOn };
}

/** Whether storing `fields` would change nothing of the class as stored (a resend of a write already applied). */
export function sameClass(stored: StoredClass, fields: ClassFields): boolean {
  return (
    stored.title === fields.title &&
    stored.activityId === fields.activityId &&
    stored.level === fields.level &&
    JSON.stringify(stored.meetings) === JSON.stringify(fields.meetings) &&
    stored.scheduleNote === fields.scheduleNote &&
    stored.instructorIds.join('\n') === fields.instructorIds.join('\n') &&
    stored.startsOn === fields.startsOn &&
    stored.endsOn === fields.endsOn
  );
}
