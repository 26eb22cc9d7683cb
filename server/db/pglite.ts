/**
 * PGlite adapter: PostgreSQL in WASM, file-backed under a data folder (kept across restarts) or in memory
 * ('memory://', tests). One process per data folder: PGlite takes no lock, so two servers on one folder corrupt it.
 *
 * Memory: a WASM instance's memory only grows, and a process never gets it back. Creating a cluster (initdb) grows it
 * to about 800 MB, so the server has a new data folder created, migrated and seeded by a short-lived child process
 * (db/open.ts, db/prepare-data-dir.ts) and only then opens it here (its first start went from about 880 to about
 * 220 MB resident). Opened here, a new folder is created in this process. PostgreSQL's default 128 MB of shared buffers
 * are touched at start; 16 MB hold the working set of a programme's database (the whole 5,000-student seed is under
 * 20 MB) and the operating system's page cache holds the rest.
 *
 * It runs on the server's own thread. Tried on a thread of its own (worker_threads, each statement a message;
 * 2026-11-26, turn about with this): the students list under wrk rose from ~4,200 to ~7,350 req/s, but the class-start
 * rush fell from 447-471 to 393-408 req/s. A transaction holds PGlite's lock across a round trip per statement, so
 * every statement waited on the two threads' ping-pong (both under 60 % busy) on the machine's two cores.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { PgliteStatements } from './pglite-statements.ts';
import type { Db, Queryable, SqlParam } from './types.ts';

// Same conversions as the node-postgres adapter: dates stay 'YYYY-MM-DD' strings (a JS Date would shift them by
// the time zone), 64-bit integers become numbers (our counts never pass 2^53).
const parsers = {
  [types.DATE]: (value: string) => value,
  [types.INT8]: (value: string) => Number(value),
};

/**
 * Every statement of query() and run() runs as a named prepared statement (pglite-statements.ts); exec() scripts run as
 * they are. Outside a transaction a statement takes PGlite's transaction lock too, as PGlite's own query() does, so it
 * never runs inside another caller's transaction.
 */
function wrap(pg: PGlite, statements: PgliteStatements, tx?: Transaction): Queryable {
  const run = (sql: string, params: readonly SqlParam[]) => {
    const once = () => pg.runExclusive(() => statements.run(sql, params));
    return tx ? once() : pg._runExclusiveTransaction(once);
  };
  return {
    async query<R>(sql: string, params: readonly SqlParam[] = []) {
      return (await run(sql, params)).rows as R[];
    },
    async run(sql: string, params: readonly SqlParam[] = []) {
      return (await run(sql, params)).affectedRows;
    },
    async exec(script: string) {
      await (tx ?? pg).exec(script);
    },
  };
}

export interface PgliteOptions {
  /** A folder path, or 'memory://' (the default) for a throw-away database. */
  dataDir?: string;
  /** A snapshot made with dumpPglite(): the new database starts as a copy of it (fast test setup). */
  snapshot?: Blob;
}

export interface PgliteDb extends Db {
  /** A tarball of the whole database, to clone it cheaply with { snapshot }. */
  dump(): Promise<Blob>;
  /**
   * A consistent backup while the database is in use (gzipped tarball, what `npm run restore` and { snapshot } load):
   * a checkpoint writes everything committed to the files, then the folder is copied between two statements, with no
   * transaction half done (it waits for the running one and holds the next).
   */
  backup(): Promise<Blob>;
}

/**
 * PGlite's own start-up parameters (single-user mode, no parallel workers ...), which startParams replaces, and ours:
 * 16 MB of shared buffers (above), and a random page read priced like a sequential one, as on PostgreSQL with its data
 * in memory or on an SSD: PGlite's data is in the page cache, and with the default (4) a class's roster summed every
 * student's kept counts by reading the whole table (4 ms) instead of its ~30 students' rows through the key (0.8 ms).
 */
const defaultStartParams = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
const startParams = [...defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'random_page_cost=1.1'];

/** Whether a data folder holds no database yet (PGlite would create one). */
export function isNewDataDir(dataDir: string): boolean {
  return !dataDir.startsWith('memory://') && !existsSync(join(dataDir, 'PG_VERSION'));
}

export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDb> {
  const dataDir = options.dataDir ?? 'memory://';
  const pg = await PGlite.create(dataDir, {
    parsers,
    startParams,
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  });
  const statements = new PgliteStatements(pg);
  return {
    kind: 'pglite',
    ...wrap(pg, statements),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(pg, statements, tx))),
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('none'),
    async backup() {
      await pg.exec('CHECKPOINT');
      return pg.transaction(() => pg.dumpDataDir('gzip'));
    },
  };
}
