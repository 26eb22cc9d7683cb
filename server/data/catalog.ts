/**
 * Activities and classes: where they are read and written (routes/catalog.ts answers them). Archived ones stay in the
 * tables (history: rolls, enrolments) and leave the lists unless asked for.
 */
import type { Activity, ClassCreate, ClassGroup } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';
import { foldedOrder } from './rules/name-order.ts';

/** The columns of an activity as GET /activities answers it (the sync sends the same, data/sync.ts). */
export const activityColumns = 'id, name, teacher, area, frequency, archived, version';
/** The columns of a class (alias `c`) as GET /classes answers it (the sync sends the same). */
export const classColumns =
  'c.id, c.title, c.week_day AS "weekDay", c.schedule, c.level, c.activity_id AS "activityId", c.instructor_id AS "instructorId", c.archived, c.version';

export type ActivityFields = Pick<Activity, 'name' | 'teacher' | 'area' | 'frequency'>;
export type ClassFields = Omit<ClassCreate, 'id'>;

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
export const listClasses = (db: Queryable, activityId: string | null, includeArchived: boolean): Promise<ClassGroup[]> =>
  db.query<ClassGroup>(
    `SELECT ${classColumns} FROM classes c JOIN activities a ON a.id = c.activity_id
          WHERE ($1::text IS NULL OR c.activity_id = $1) AND ($2 OR NOT (c.archived OR a.archived))
          ORDER BY ${foldedOrder('c.title', 'c.id')}`,
    [activityId, includeArchived],
  );

export const readClass = async (db: Queryable, id: string): Promise<ClassGroup | undefined> =>
  (await db.query<ClassGroup>(`SELECT ${classColumns} FROM classes c WHERE c.id = $1`, [id]))[0];

/** Locks the class for the change that reads it: false when there is no such class. */
export async function lockClass(tx: Queryable, id: string): Promise<boolean> {
  const [locked] = await tx.query('SELECT 1 FROM classes WHERE id = $1 FOR UPDATE', [id]);
  return locked !== undefined;
}

export async function insertClass(tx: Queryable, id: string, fields: ClassFields): Promise<void> {
  await tx.run(`INSERT INTO classes (id, title, week_day, schedule, level, activity_id, instructor_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    id,
    fields.title,
    fields.weekDay,
    fields.schedule,
    fields.level,
    fields.activityId,
    fields.instructorId ?? null,
  ]);
}

/** Writes the whole class and a new version. */
export async function updateClass(tx: Queryable, id: string, fields: ClassFields & { archived: boolean }): Promise<void> {
  await tx.run(
    `UPDATE classes SET title = $2, week_day = $3, schedule = $4, level = $5, activity_id = $6, instructor_id = $7, archived = $8,
                              version = version + 1
            WHERE id = $1`,
    [id, fields.title, fields.weekDay, fields.schedule, fields.level, fields.activityId, fields.instructorId ?? null, fields.archived],
  );
}

/** What decides who may see a class's students and rolls (routes/class-access.ts): undefined when there is no such class. */
export type ClassAccess = { archived: boolean; activityArchived: boolean; instructorId: string | null };

export async function classAccessOf(db: Queryable, id: string): Promise<ClassAccess | undefined> {
  const [found] = await db.query<ClassAccess>(
    `SELECT c.archived, a.archived AS "activityArchived", c.instructor_id AS "instructorId"
       FROM classes c JOIN activities a ON a.id = c.activity_id WHERE c.id = $1`,
    [id],
  );
  return found;
}
