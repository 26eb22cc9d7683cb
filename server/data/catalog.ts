/**
 * Activities and classes: where they are read and written (routes/catalog.ts answers them). Archived ones stay in the
 * tables (history: rolls, enrolments) and leave the lists unless asked for.
 */
import { scheduleTextOf } from '../../src/api/class-schedule.ts';
import type { Activity, ClassGroup, ClassMeeting } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';
import { foldedOrder } from './rules/name-order.ts';

/** The columns of an activity as GET /activities answers it (the sync sends the same, data/sync.ts). */
export const activityColumns = 'id, name, teacher, area, frequency, archived, version';
/**
 * The columns of a class (alias `c`) as stored; `toClassGroup` adds the original client's derived fields (weekDay,
 * schedule, instructorId) to make the answer of GET /classes (the sync sends the same).
 */
export const classColumns = `c.id, c.title, c.level, c.activity_id AS "activityId", c.meetings, c.schedule_note AS "scheduleNote",
  c.instructor_ids AS "instructorIds", to_char(c.starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(c.ends_on, 'YYYY-MM-DD') AS "endsOn",
  c.archived, c.version`;

/** A class as stored (classColumns). */
export type StoredClass = {
  id: string;
  title: string;
  level: string;
  activityId: string;
  meetings: ClassMeeting[];
  scheduleNote: string;
  instructorIds: string[];
  startsOn: string | null;
  endsOn: string | null;
  archived: boolean;
  version: number;
};

/** jsonb comes back parsed from node-postgres and PGlite alike; a text answer (an older driver) is parsed here. */
const parsedMeetings = (value: unknown): ClassMeeting[] =>
  typeof value === 'string' ? (JSON.parse(value) as ClassMeeting[]) : (value as ClassMeeting[]);

/** The answer of a stored class: its fields and the original client's (the first meeting's weekday, the schedule as text, the first instructor). */
export function toClassGroup(row: StoredClass): ClassGroup {
  const meetings = parsedMeetings(row.meetings);
  return {
    id: row.id,
    title: row.title,
    weekDay: meetings[0]?.weekDay ?? '',
    schedule: scheduleTextOf(meetings, row.scheduleNote),
    level: row.level,
    activityId: row.activityId,
    instructorId: row.instructorIds[0] ?? null,
    meetings,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    instructorIds: row.instructorIds,
    scheduleNote: row.scheduleNote,
    archived: row.archived,
    version: row.version,
  };
}

/** What a class write stores (routes/catalog.ts resolves the original client's fields into these). */
export type ClassFields = {
  title: string;
  activityId: string;
  level: string;
  meetings: ClassMeeting[];
  scheduleNote: string;
  instructorIds: string[];
  startsOn: string | null;
  endsOn: string | null;
};

export type ActivityFields = Pick<Activity, 'name' | 'teacher' | 'area' | 'frequency'>;

/** Every activity in name order; the archived ones only when `includeArchived`. */
export const listActivities = (db: Queryable, includeArchived: boolean): Promise<Activity[]> =>
  db.query<Activity>(`SELECT ${activityColumns} FROM activities WHERE $1 OR NOT archived ORDER BY ${foldedOrder('name', 'id')}`, [includeArchived]);

/** Inserts the activity unless its id exists: the new record, or undefined when there was one already. */
export async function insertActivity(db: Queryable, id: string, fields: ActivityFields): Promise<Activity | undefined> {
  const [created] = await db.query<Activity>(
    `INSERT INTO activities (id, name, teacher, area, frequency) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO NOTHING RETURNING ${activityColumns}`,
    [id, fields.name, fields.teacher, fields.area, fields.frequency],
  );
  return created;
}

export async function readActivity(db: Queryable, id: string): Promise<Activity | undefined> {
  const [existing] = await db.query<Activity>(`SELECT ${activityColumns} FROM activities WHERE id = $1`, [id]);
  return existing;
}

/** The activity, locked for the change that reads it. */
export async function lockActivity(tx: Queryable, id: string): Promise<(Activity & { version: number; archived: boolean }) | undefined> {
  const [current] = await tx.query<Activity & { version: number; archived: boolean }>(
    `SELECT ${activityColumns} FROM activities WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return current;
}

/** Writes the whole activity and a new version; answers it as stored. */
export async function updateActivity(tx: Queryable, id: string, fields: ActivityFields & { archived: boolean }): Promise<Activity> {
  const [updated] = await tx.query<Activity>(
    `UPDATE activities SET name = $2, teacher = $3, area = $4, frequency = $5, archived = $6, version = version + 1
            WHERE id = $1 RETURNING ${activityColumns}`,
    [id, fields.name, fields.teacher, fields.area, fields.frequency, fields.archived],
  );
  return updated!;
}

/** Whether the activity is archived; undefined when there is no such activity. */
export async function activityArchived(db: Queryable, id: string): Promise<boolean | undefined> {
  const [activity] = await db.query<{ archived: boolean }>('SELECT archived FROM activities WHERE id = $1', [id]);
  return activity?.archived;
}

/** Every class in title order, or one activity's; archived ones (and those of an archived activity) only when asked. */
export const listClasses = async (db: Queryable, activityId: string | null, includeArchived: boolean): Promise<ClassGroup[]> =>
  (
    await db.query<StoredClass>(
      `SELECT ${classColumns} FROM classes c JOIN activities a ON a.id = c.activity_id
          WHERE ($1::text IS NULL OR c.activity_id = $1) AND ($2 OR NOT (c.archived OR a.archived))
          ORDER BY ${foldedOrder('c.title', 'c.id')}`,
      [activityId, includeArchived],
    )
  ).map(toClassGroup);

/** The class as stored; undefined when there is no such class. */
export const readStoredClass = async (db: Queryable, id: string): Promise<StoredClass | undefined> => {
  const [row] = await db.query<StoredClass>(`SELECT ${classColumns} FROM classes c WHERE c.id = $1`, [id]);
  return row && { ...row, meetings: parsedMeetings(row.meetings) };
};

export const readClass = async (db: Queryable, id: string): Promise<ClassGroup | undefined> => {
  const row = await readStoredClass(db, id);
  return row && toClassGroup(row);
};

/** Locks the class for the change that reads it: false when there is no such class. */
export async function lockClass(tx: Queryable, id: string): Promise<boolean> {
  const [locked] = await tx.query('SELECT 1 FROM classes WHERE id = $1 FOR UPDATE', [id]);
  return locked !== undefined;
}

const classValues = (fields: ClassFields) => [
  fields.title,
  fields.level,
  fields.activityId,
  JSON.stringify(fields.meetings),
  fields.scheduleNote,
  fields.instructorIds,
  fields.startsOn,
  fields.endsOn,
];

export async function insertClass(tx: Queryable, id: string, fields: ClassFields): Promise<void> {
  await tx.run(
    `INSERT INTO classes (id, title, level, activity_id, meetings, schedule_note, instructor_ids, starts_on, ends_on)
          VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::text[], $8::date, $9::date)`,
    [id, ...classValues(fields)],
  );
}

/** Writes the whole class and a new version. */
export async function updateClass(tx: Queryable, id: string, fields: ClassFields & { archived: boolean }): Promise<void> {
  await tx.run(
    `UPDATE classes SET title = $2, level = $3, activity_id = $4, meetings = $5::jsonb, schedule_note = $6, instructor_ids = $7::text[],
                        starts_on = $8::date, ends_on = $9::date, archived = $10, version = version + 1
            WHERE id = $1`,
    [id, ...classValues(fields), fields.archived],
  );
}

/** What decides who may see a class's students and rolls (routes/class-access.ts): undefined when there is no such class. */
export type ClassAccess = { archived: boolean; activityArchived: boolean; instructorIds: string[] };

export async function classAccessOf(db: Queryable, id: string): Promise<ClassAccess | undefined> {
  const [found] = await db.query<ClassAccess>(
    `SELECT c.archived, a.archived AS "activityArchived", c.instructor_ids AS "instructorIds"
       FROM classes c JOIN activities a ON a.id = c.activity_id WHERE c.id = $1`,
    [id],
  );
  return found;
}
