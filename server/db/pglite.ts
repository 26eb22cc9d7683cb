/**
 * PGlite adapter: PostgreSQL in WASM, file-backed under a data folder (kept across restarts) or in memory
 * ('memory://', tests). One process per data folder: PGlite takes no lock, so two servers on one folder corrupt it.
 */
import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable, SqlParam } from './types.ts';

// Same conversions as the node-postgres adapter: dates stay 'YYYY-MM-DD' strings (a JS Date would shift them by
// the time zone), 64-bit integers become numbers (our counts never pass 2^53).
const parsers = {
  [types.DATE]: (value: string) => value,
  [types.INT8]: (value: string) => Number(value),
};

interface PgliteLike {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(target: PgliteLike): Queryable {
  return {
    async query<R>(sql: string, params: readonly SqlParam[] = []) {
      return (await target.query<R>(sql, [...params])).rows;
    },
    async run(sql: string, params: readonly SqlParam[] = []) {
      return (await target.query(sql, [...params])).affectedRows ?? 0;
    },
    async exec(script: string) {
      await target.exec(script);
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
}

export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDb> {
  const pg = await PGlite.create(options.dataDir ?? 'memory://', {
    parsers,
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('none'),
  };
}
