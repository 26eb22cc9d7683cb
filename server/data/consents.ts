/**
 * The consents of a child's guardians per purpose, and the programme's versioned term texts (issue 51). The history is
 * append-only (a withdrawal is a later entry that refuses); a purpose's current state is its latest entry, by date and
 * then by when it was recorded.
 */
import type { Queryable } from '../db/types.ts';
import type { Consent, ConsentInput, ConsentTerm, ConsentToRenew } from '../../src/api/consents-contract.ts';
import { consentPurposes, type ConsentPurpose, type ConsentStateMap } from '../../src/api/consent-states.ts';

const instant = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const noConsents = (): ConsentStateMap => Object.fromEntries(consentPurposes.map((purpose) => [purpose, 'MISSING'])) as ConsentStateMap;

type LatestRow = { student_id: string; purpose: ConsentPurpose; granted: boolean; term_version: number | null; latest: number | null };

/** Each purpose's latest entry of these students, with the latest version of the purpose's term. */
const latestEntries = (db: Queryable, studentIds: readonly string[]) =>
  db.query<LatestRow>(
    `SELECT c.student_id, c.purpose, c.granted, c.term_version,
            (SELECT max(t.version) FROM consent_terms t WHERE t.purpose = c.purpose) AS latest
       FROM (SELECT DISTINCT ON (student_id, purpose) student_id, purpose, granted, term_version
               FROM student_consents WHERE student_id = ANY($1::text[])
              ORDER BY student_id, purpose, date DESC, recorded_at DESC, id DESC) c`,
    [studentIds],
  );

/** Given on an older version of its term than the latest (or before there was one). */
const toRenew = (row: LatestRow): boolean => row.granted && row.latest !== null && (row.term_version ?? 0) < row.latest;

/** The current state per purpose of each of these students (MISSING where no entry). */
export async function currentConsents(db: Queryable, studentIds: readonly string[]): Promise<Map<string, ConsentStateMap>> {
  const states = new Map<string, ConsentStateMap>(studentIds.map((id) => [id, noConsents()]));
  if (studentIds.length === 0) return states;
  for (const row of await latestEntries(db, studentIds)) states.get(row.student_id)![row.purpose] = row.granted ? 'GRANTED' : 'REFUSED';
  return states;
}

/** A student's whole history, oldest first, the current state per purpose and the purposes to renew. */
export async function consentHistory(db: Queryable, studentId: string) {
  const entries = await db.query<Consent>(
    `SELECT c.id, c.purpose, c.granted, c.guardian_id AS "guardianId", g.name AS "guardianName",
            to_char(c.date, 'YYYY-MM-DD') AS date, c.term_version AS "termVersion", c.method, c.document_id AS "documentId",
            coalesce(u.full_name, c.recorded_by) AS "recordedBy", ${instant('c.recorded_at')} AS "recordedAt"
       FROM student_consents c JOIN guardians g ON g.id = c.guardian_id LEFT JOIN users u ON u.id = c.recorded_by
      WHERE c.student_id = $1
      ORDER BY c.date, c.recorded_at, c.id`,
    [studentId],
  );
  const latest = await latestEntries(db, [studentId]);
  const current = noConsents();
  for (const row of latest) current[row.purpose] = row.granted ? 'GRANTED' : 'REFUSED';
  return { entries, current, toRenew: latest.filter(toRenew).map((row) => row.purpose) };
}

export type ConsentRecordResult = { ok: true; created: boolean } | { ok: false; reason: 'guardian' | 'document' | 'term' | 'id-taken' };

/**
 * Adds one entry (idempotent by id: the same entry sent again adds nothing). The guardian must be the student's and not
 * removed, the document the student's, the term version one that exists (the latest when absent; none before an admin
 * wrote the purpose's first term).
 */
export async function recordConsent(
  tx: Queryable,
  studentId: string,
  id: string,
  input: ConsentInput,
  recordedBy: string,
): Promise<ConsentRecordResult> {
  const [existing] = await tx.query<{ student_id: string }>('SELECT student_id FROM student_consents WHERE id = $1', [id]);
  if (existing) return existing.student_id === studentId ? { ok: true, created: false } : { ok: false, reason: 'id-taken' };
  const [guardian] = await tx.query('SELECT 1 FROM guardians WHERE id = $1 AND student_id = $2 AND removed_at IS NULL', [
    input.guardianId,
    studentId,
  ]);
  if (!guardian) return { ok: false, reason: 'guardian' };
  if (input.documentId !== undefined) {
    const [document] = await tx.query('SELECT 1 FROM student_documents WHERE id = $1 AND student_id = $2', [input.documentId, studentId]);
    if (!document) return { ok: false, reason: 'document' };
  }
  const [term] = await tx.query<{ latest: number | null; exists: boolean }>(
    'SELECT max(version) AS latest, bool_or(version = $2) AS exists FROM consent_terms WHERE purpose = $1',
    [input.purpose, input.termVersion ?? null],
  );
  if (input.termVersion !== undefined && !term?.exists) return { ok: false, reason: 'term' };
  const rows = await tx.query(
    `INSERT INTO student_consents (id, student_id, purpose, granted, guardian_id, date, term_version, method, document_id, recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      id,
      studentId,
      input.purpose,
      input.granted,
      input.guardianId,
      input.date,
      input.termVersion ?? term?.latest ?? null,
      input.method ?? null,
      input.documentId ?? null,
      recordedBy,
    ],
  );
  return { ok: true, created: rows.length === 1 };
}

/** Every version of every purpose's term, each purpose's latest last. */
export const consentTerms = (db: Queryable) =>
  db.query<ConsentTerm>(`SELECT purpose, version, text, ${instant('created_at')} AS "createdAt" FROM consent_terms ORDER BY purpose, version`);

/** A new version of a purpose's term (idempotent by client id). */
export async function addConsentTerm(
  tx: Queryable,
  clientId: string,
  purpose: ConsentPurpose,
  text: string,
  createdBy: string,
): Promise<{ term: ConsentTerm; created: boolean }> {
  const read = (where: string, params: (string | number)[]) =>
    tx.query<ConsentTerm>(`SELECT purpose, version, text, ${instant('created_at')} AS "createdAt" FROM consent_terms WHERE ${where}`, params);
  const [sent] = await read('client_id = $1', [clientId]);
  if (sent) return { term: sent, created: false };
  // One writer at a time per purpose: two admins saving at once get versions n and n + 1, not a key clash.
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`consent_terms:${purpose}`]);
  const [row] = await tx.query<{ version: number }>(
    `INSERT INTO consent_terms (purpose, version, text, client_id, created_by)
     VALUES ($1, (SELECT coalesce(max(version), 0) + 1 FROM consent_terms WHERE purpose = $1), $2, $3, $4) RETURNING version`,
    [purpose, text, clientId, createdBy],
  );
  return { term: (await read('purpose = $1 AND version = $2', [purpose, row!.version]))[0]!, created: true };
}

/** Whom to ask: active students whose current consent of a purpose was granted on an older version of its term. */
export async function consentsToRenew(db: Queryable): Promise<ConsentToRenew[]> {
  return db.query<ConsentToRenew>(
    `WITH latest AS (SELECT purpose, max(version) AS version FROM consent_terms GROUP BY purpose),
          current AS (
            SELECT DISTINCT ON (student_id, purpose) student_id, purpose, granted, term_version
              FROM student_consents ORDER BY student_id, purpose, date DESC, recorded_at DESC, id DESC)
     SELECT c.student_id AS "studentId", s.shown_name AS name, c.purpose, c.term_version AS "termVersion", l.version AS "latestVersion"
       FROM current c JOIN latest l ON l.purpose = c.purpose JOIN students s ON s.id = c.student_id
      WHERE c.granted AND coalesce(c.term_version, 0) < l.version AND s.active
      ORDER BY s.shown_name, s.id, c.purpose`,
  );
}
