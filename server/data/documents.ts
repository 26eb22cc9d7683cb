/**
 * Student documents: metadata and bytes in one row (bytea), so one backup holds everything. The bytes travel to and
 * from the database as base64 text: PGlite's bytea parameter path is ~10x slower (18 s for 10 MB on a busy machine),
 * and reading raw bytea from it ~8x.
 */
import type { StudentDocument } from '../../src/api/contract.ts';
import type { Queryable } from '../db/types.ts';

const documentColumns = `id, student_id AS "studentId", file_name AS "fileName", file_type AS "fileType", origin, date,
  description, mime_type AS "mimeType", size`;

/** The metadata the upload's fields gave, as they were checked (routes/documents.ts). */
export type DocumentFields = { fileName: string; fileType: string; origin: string; date: string; description: string };

/** Stores the document unless its id exists: the stored metadata, or undefined when there was one already. */
export async function insertDocument(
  tx: Queryable,
  document: { id: string; studentId: string; mimeType: string; content: Buffer } & DocumentFields,
): Promise<StudentDocument | undefined> {
  const inserted = await tx.query<StudentDocument>(
    `INSERT INTO student_documents (id, student_id, file_name, file_type, origin, date, description, mime_type,
                                          size, content)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, decode($10, 'base64'))
           ON CONFLICT (id) DO NOTHING RETURNING ${documentColumns}`,
    [
      document.id,
      document.studentId,
      document.fileName,
      document.fileType,
      document.origin,
      document.date,
      document.description,
      document.mimeType,
      document.content.length,
      document.content.toString('base64'),
    ],
  );
  return inserted[0];
}

/** The metadata of the document of this id, whatever its student; undefined when there is none. */
export async function readDocument(tx: Queryable, id: string): Promise<StudentDocument | undefined> {
  const [existing] = await tx.query<StudentDocument>(`SELECT ${documentColumns} FROM student_documents WHERE id = $1`, [id]);
  return existing;
}

/** A student's documents (metadata only), in the order they were stored. */
export const listDocuments = (db: Queryable, studentId: string): Promise<StudentDocument[]> =>
  db.query<StudentDocument>(`SELECT ${documentColumns} FROM student_documents WHERE student_id = $1 ORDER BY created_at, id`, [studentId]);

/** A student's document's file: its name, sniffed type and bytes; undefined when there is none. */
export async function readDocumentFile(
  db: Queryable,
  studentId: string,
  id: string,
): Promise<{ fileName: string; mimeType: string; content: Buffer } | undefined> {
  const [doc] = await db.query<{ file_name: string; mime_type: string; content: string }>(
    `SELECT file_name, mime_type, encode(content, 'base64') AS content
           FROM student_documents WHERE id = $1 AND student_id = $2`,
    [id, studentId],
  );
  return doc && { fileName: doc.file_name, mimeType: doc.mime_type, content: Buffer.from(doc.content, 'base64') };
}

/** A student's documents with their files, in the order they were stored (a guardian's copy of everything, issue 51). */
export async function documentsWithFiles(db: Queryable, studentId: string): Promise<(StudentDocument & { content: Buffer })[]> {
  const rows = await db.query<StudentDocument & { content: string }>(
    `SELECT ${documentColumns}, encode(content, 'base64') AS content FROM student_documents WHERE student_id = $1 ORDER BY created_at, id`,
    [studentId],
  );
  return rows.map((row) => ({ ...row, content: Buffer.from(row.content, 'base64') }));
}

/** Deletes a student's document, its file included (nothing is kept). */
export async function deleteDocument(db: Queryable, studentId: string, id: string): Promise<void> {
  await db.run('DELETE FROM student_documents WHERE id = $1 AND student_id = $2', [id, studentId]);
}
