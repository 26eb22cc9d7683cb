/**
 * What both imports (the students', a class list's) keep of each row they write: its outcome in import_rows, by
 * import id and row number, so a batch sent again (a lost answer) answers what became of each row the first time and
 * writes nothing twice; and the classes a batch's rows name, with whether they can be enrolled in. Inside the
 * caller's transaction.
 */
import type { ImportEnrolmentResultRow } from '../../src/api/enrolment-imports-contract.ts';
import type { ImportRowResult } from '../../src/api/imports-contract.ts';
import type { Queryable } from '../db/types.ts';

type Result = ImportRowResult | ImportEnrolmentResultRow;
type Stored = { row_number: number; outcome: Result['outcome']; student_id: string | null; reason: string | null; new_student: boolean };

const resultOf = (stored: Stored): Result => ({
  row: stored.row_number,
  outcome: stored.outcome,
  ...(stored.student_id === null ? {} : { studentId: stored.student_id }),
  ...(stored.new_student ? { newStudent: true } : {}),
  ...(stored.reason === null ? {} : { reason: stored.reason as NonNullable<Result['reason']> }),
});

/**
 * Each row written once by `write`, in the rows' order: a row the import wrote before answers what it did then.
 * `classOf` is the class a row enrolled its child in, kept with its outcome (a class list's rows).
 */
export async function writeRowsOnce<Row extends { row: number }, R extends Result>(
  tx: Queryable,
  batch: { importId: string; userId: string; rows: readonly Row[] },
  write: (row: Row) => Promise<R>,
  classOf: (row: Row) => string | null = () => null,
): Promise<R[]> {
  const done = await tx.query<Stored>(
    'SELECT row_number, outcome, student_id, reason, new_student FROM import_rows WHERE import_id = $1 AND row_number = ANY($2::int[])',
    [batch.importId, batch.rows.map((row) => String(row.row))],
  );
  const doneByRow = new Map(done.map((stored) => [stored.row_number, resultOf(stored) as R]));
  const results: R[] = [];
  for (const row of batch.rows) {
    const earlier = doneByRow.get(row.row);
    if (earlier) {
      results.push(earlier);
      continue;
    }
    const result = await write(row);
    await tx.run(
      `INSERT INTO import_rows (import_id, row_number, outcome, student_id, reason, user_id, new_student, class_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        batch.importId,
        row.row,
        result.outcome,
        result.studentId ?? null,
        result.reason ?? null,
        batch.userId,
        'newStudent' in result && result.newStudent === true,
        classOf(row),
      ],
    );
    doneByRow.set(row.row, result);
    results.push(result);
  }
  return results;
}

/** The classes of these ids that exist, each with whether it (or its activity) is archived. */
export async function classesOf(tx: Queryable, ids: readonly string[]): Promise<Map<string, { id: string; archived: boolean }>> {
  const classes = await tx.query<{ id: string; archived: boolean }>(
    'SELECT c.id, c.archived OR a.archived AS archived FROM classes c JOIN activities a ON a.id = c.activity_id WHERE c.id = ANY($1::text[])',
    [[...new Set(ids)]],
  );
  return new Map(classes.map((group) => [group.id, group]));
}
