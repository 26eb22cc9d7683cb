/**
 * Run as a child process by openDatabase (db/open.ts) for a new PGlite data folder: creates the cluster, migrates it,
 * seeds it and fills the attendance counts, then exits. Their peak memory (initdb alone grows a WASM heap to about
 * 800 MB, seeding 5,000 students by another 100 MB) leaves with this process; a WASM heap never shrinks, so the server
 * that opens the folder afterwards starts at its resting size.
 *   node prepare-data-dir.mjs DATA_DIR EXTRA_STUDENTS demo|empty
 */
import { prepareDatabase } from './open.ts';
import { openPglite } from './pglite.ts';

const [dataDir, extraStudents = '0', sample = 'demo'] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: prepare-data-dir DATA_DIR [EXTRA_STUDENTS] [demo|empty]');
const db = await openPglite({ dataDir });
try {
  await prepareDatabase(db, { extraStudents: Number(extraStudents), demo: sample !== 'empty' });
} finally {
  await db.close();
}
