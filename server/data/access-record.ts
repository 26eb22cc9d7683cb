/**
 * The access record (LGPD art. 37): one append-only row of access_log for every write and every read of a student's
 * personal data (server/access.ts decides which; routes/access-log.ts shows a student's), written and read here.
 */
import { ACCESS_LOG_PAGE, type AccessDetail, type AccessLogEntry } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';

export type AccessRow = {
  userId: string;
  userEmail: string;
  kind: 'read' | 'write';
  method: string;
  /** The route's path without /api, e.g. /students/:id. */
  route: string;
  /** The students it was about; null: about none (one row without a student). */
  students: readonly string[] | null;
  status: number;
  /** What it did beyond its route (a status change's direction, an edit's fields); null: nothing more to say. */
  detail?: AccessDetail | null;
};

/** A row per student (one statement for any number: one text, one prepared statement); one row for none. */
export async function appendAccessRecord(db: Queryable, row: AccessRow): Promise<void> {
  await db.run(
    `INSERT INTO access_log (user_id, user_email, kind, method, route, student_id, status, detail)
         SELECT $1, $2, $3, $4, $5, s, $7, $9::jsonb FROM unnest(CASE WHEN $8 THEN ARRAY[NULL]::text[] ELSE $6::text[] END) AS s`,
    [
      row.userId,
      row.userEmail,
      row.kind,
      row.method,
      row.route,
      row.students ?? [],
      row.status,
      row.students === null,
      row.detail ? JSON.stringify(row.detail) : null,
    ],
  );
}

/** An entry as the screen and the export show it: who (their name as it is now), when, what, and the status. */
const entryColumns = `l.id::text AS id, to_char(l.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, l.user_email AS "userEmail",
                u.full_name AS "userName", l.kind, l.method, l.route, l.status, l.detail`;

/** A page of a student's record, newest first: the ACCESS_LOG_PAGE entries before the entry `before` (null: the first page). */
export const accessLogPage = (db: Queryable, studentId: string, before: string | null): Promise<AccessLogEntry[]> =>
  db.query<AccessLogEntry>(
    `SELECT ${entryColumns}
           FROM access_log l LEFT JOIN users u ON u.id = l.user_id
          WHERE l.student_id = $1
            AND ($2::bigint IS NULL OR (l.at, l.id) < (SELECT o.at, o.id FROM access_log o WHERE o.id = $2::bigint))
          ORDER BY l.at DESC, l.id DESC
          LIMIT ${ACCESS_LOG_PAGE}`,
    [studentId, before],
  );

/** A student's whole record, oldest first (a guardian's copy of everything, issue 51). */
export const accessRecordOf = (db: Queryable, studentId: string): Promise<AccessLogEntry[]> =>
  db.query<AccessLogEntry>(
    `SELECT ${entryColumns} FROM access_log l LEFT JOIN users u ON u.id = l.user_id WHERE l.student_id = $1 ORDER BY l.at, l.id`,
    [studentId],
  );
