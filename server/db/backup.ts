/**
 * Backup and restore of the embedded database (scripts/backup.ts, scripts/restore.ts), and moving it to PostgreSQL.
 *
 * A backup is PGlite's own dump of the data folder: a gzipped tarball of the whole database (students, guardians,
 * documents with their bytes, rolls, users, the access record, the schema version), taken consistently (PgliteDb.backup).
 * While a server runs, only that server can open its folder, so the backup is asked of it through its control socket
 * (server/control-socket.ts); with no server running, the folder is opened here (and held meanwhile).
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { request } from 'node:http';
import { insertRows } from './bulk-insert.ts';
import { controlSocketOf, holderOf, lockDataDir } from './data-dir-lock.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db, Queryable, SqlParam } from './types.ts';

/** Where the backup came from, for the message the script prints. */
export type BackupSource = 'running server' | 'data folder';

function fetchFromServer(socketPath: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/backup', method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) resolve(body);
        else reject(new Error(`the running server could not make the backup: ${body.toString().trim()}`));
      });
      response.on('error', reject);
    });
    req.on('error', (error) => reject(new Error(`cannot reach the running server's control socket ${socketPath}: ${error.message}`)));
    req.end();
  });
}

/** A consistent backup of the PGlite database in `dataDir`, whether or not a server is running on it. */
export async function backupDataDir(dataDir: string): Promise<{ bytes: Buffer; source: BackupSource }> {
  if (!existsSync(dataDir) || !existsSync(`${dataDir}/PG_VERSION`)) throw new Error(`${dataDir} holds no database (no PG_VERSION there)`);
  if (holderOf(dataDir)) return { bytes: await fetchFromServer(controlSocketOf(dataDir)), source: 'running server' };
  const release = lockDataDir(dataDir, 'npm run backup');
  try {
    const db = await openPglite({ dataDir });
    try {
      return { bytes: Buffer.from(await (await db.backup()).arrayBuffer()), source: 'data folder' };
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

/** Counts of what a database holds, to show after a backup or a restore. */
export async function countRows(db: Queryable): Promise<Record<string, number>> {
  const [row] = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM students) AS students, (SELECT count(*) FROM guardians) AS guardians,
            (SELECT count(*) FROM student_documents) AS documents, (SELECT count(*) FROM attendance_rolls) AS rolls,
            (SELECT count(*) FROM users) AS users`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));
}

/** Brings a backup back into `dataDir`, which must be empty or absent. Answers what it holds. */
export async function restoreDataDir(backup: Buffer, dataDir: string): Promise<Record<string, number>> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: a restore goes into an empty folder (move the old one away, or set DATA_DIR to a new folder)`);
  }
  await mkdir(dataDir, { recursive: true });
  const release = lockDataDir(dataDir, 'npm run restore');
  try {
    const db = await openPglite({ dataDir, snapshot: new Blob([new Uint8Array(backup)]) });
    try {
      return await countRows(db);
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

/** The tables of the public schema, each after the tables it references (so rows can be inserted in that order). */
async function tablesInOrder(db: Queryable): Promise<string[]> {
  const tables = (
    await db.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY 1`,
    )
  ).map((row) => row.name);
  const references = await db.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
       FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
  );
  const ordered: string[] = [];
  const visit = (table: string, path: string[] = []): void => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const { parent } of references.filter((r) => r.child === table && r.parent !== table)) visit(parent, [...path, table]);
    ordered.push(table);
  };
  tables.forEach((table) => visit(table));
  return ordered;
}

/**
 * Copies a backup of the embedded database into an empty PostgreSQL database (DATABASE_URL): the schema by the same
 * migrations, then every row of every table, identities carried on. The way a growing programme moves to PostgreSQL.
 */
export async function copyBackupToPostgres(backup: Buffer, databaseUrl: string, schema?: string): Promise<Record<string, number>> {
  const source = await openPglite({ snapshot: new Blob([new Uint8Array(backup)]) });
  let target: Db | undefined;
  try {
    target = await openPostgres({ connectionString: databaseUrl, max: 2, ...(schema ? { schema } : {}) });
    const [existing] = await target.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'students'`,
    );
    if (existing && Number(existing.n) > 0 && (await target.query('SELECT 1 FROM students LIMIT 1')).length > 0) {
      throw new Error('the PostgreSQL database already holds students: restore into an empty database');
    }
    const sourceVersions = (await source.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version);
    await migrate(target);
    const targetVersions = (await target.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version);
    if (sourceVersions.join() !== targetVersions.slice(0, sourceVersions.length).join()) {
      throw new Error(`the backup's schema (${sourceVersions.at(-1)}) is not one this version of Quadra knows`);
    }
    // The change cursor's log (004_change_cursor.sql) is not copied: its transaction ids belong to the old database,
    // and the copy's own triggers write a fresh one. A device's cursor from the old database is then either one this
    // database never gave (answered with a full sync) or older than every copied row (all of them come as changes).
    // Nor are the rolls to complete (027_rolls_not_marked.sql): the copy's triggers count them as its rows arrive.
    const tables = (await tablesInOrder(source)).filter((table) => table !== 'changes' && table !== 'rolls_not_marked');
    await target.transaction(async (tx) => {
      // Rows the migrations wrote themselves (the assessment forms' first versions) give way to the backup's own.
      for (const table of [...tables].reverse()) await tx.run(`DELETE FROM ${table}`);
      for (const table of tables) {
        const columnTypes = await source.query<{ name: string; type: string }>(
          // Not a generated column (a student's sort key): the copy computes its own.
          `SELECT column_name AS name, data_type AS type FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
          [table],
        );
        const columns = columnTypes.map((c) => c.name);
        const json = new Set(columnTypes.filter((c) => c.type === 'json' || c.type === 'jsonb').map((c) => c.name));
        const rows = await source.query<Record<string, SqlParam>>(`SELECT * FROM ${table}`);
        if (rows.length === 0) continue;
        // Identity columns (GENERATED ALWAYS) keep their values.
        await insertRows(
          { ...tx, run: (sql, params) => tx.run(sql.replace(/\) VALUES /, ') OVERRIDING SYSTEM VALUE VALUES '), params) },
          table,
          columns.map((c) => `"${c}"`),
          // node-postgres sends a Buffer as bytea, not a plain Uint8Array (what PGlite answers), and a JS array as a
          // PostgreSQL array: a json column's value goes as its JSON text.
          rows.map((row) =>
            columns.map((c) => {
              const value = row[c] ?? null;
              if (value !== null && json.has(c)) return JSON.stringify(value);
              return value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value;
            }),
          ),
        );
        const identities = await source.query<{ name: string }>(
          `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND is_identity = 'YES'`,
          [table],
        );
        for (const { name } of identities) {
          await tx.query(`SELECT setval(pg_get_serial_sequence($1, $2), (SELECT max("${name}") FROM ${table}))`, [table, name]);
        }
      }
    });
    return await countRows(target);
  } finally {
    await target?.close();
    await source.close();
  }
}
