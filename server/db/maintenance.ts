/**
 * What autovacuum does on a PostgreSQL server, for the embedded database: PGlite runs PostgreSQL in single-user mode,
 * where autovacuum never runs. Without it the statistics stay those of the last ANALYZE (the planner's guesses drift as
 * the tables grow), no page is ever marked all-visible (an index-only scan reads every row it counts: placing a student
 * in a list of 50,000 read 34,000 rows, 123 ms, against 43 ms once vacuumed), and the entries of deleted rows (every
 * roll correction deletes and inserts its marks) stay in the indexes.
 *
 * VACUUM (ANALYZE) runs when enough was written since the last one (rows of the change log, `changes`), and only once
 * the server has had no request for a while: it holds PGlite's one thread (0.1-1.5 s with 5,000-50,000 students). The
 * first one runs at the first quiet moment after start, whatever was written (a database from an older version was
 * never vacuumed; on one that was, VACUUM skips the pages it marked).
 */
import { currentCursor } from '../data/rules/change-cursor.ts';
import type { Db } from './types.ts';

export interface MaintenanceOptions {
  /** How long ago, in ms, the server's last request came (server/main.ts counts from each request's start). */
  idleFor: () => number;
  /** Told of each run and of a failed one. */
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  /** How often to look (default every 5 minutes). */
  checkEveryMs?: number;
  /** The quiet wanted first (default 30 s). */
  quietMs?: number;
  /** Rows of the change log since the last run that call for the next (default 2,000: about 35 rolls saved). */
  minChanges?: number;
}

export interface Maintenance {
  /** One look: runs VACUUM (ANALYZE) if it is due and the server is quiet; answers whether it ran. */
  check(): Promise<boolean>;
  stop(): void;
}

export function startMaintenance(db: Db, options: MaintenanceOptions): Maintenance {
  const { idleFor, log, checkEveryMs = 5 * 60_000, quietMs = 30_000, minChanges = 2_000 } = options;
  /** The change cursor when the last run began (none yet: the first quiet moment runs one). */
  let since: string | undefined;
  let running = false;

  async function due(): Promise<boolean> {
    if (since === undefined) return true;
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT 1 FROM changes WHERE xid >= $1::xid8 LIMIT $2) c', [
      since,
      minChanges,
    ]);
    return (row?.n ?? 0) >= minChanges;
  }

  async function check(): Promise<boolean> {
    if (running || idleFor() < quietMs) return false;
    running = true;
    try {
      if (!(await due())) return false;
      const cursor = await currentCursor(db);
      const started = performance.now();
      await db.exec('VACUUM (ANALYZE)');
      since = cursor;
      log.info({ ms: Math.round(performance.now() - started) }, 'database maintenance: VACUUM (ANALYZE) done');
      return true;
    } catch (error) {
      log.error({ err: error }, 'database maintenance failed; it is tried again at the next look');
      return false;
    } finally {
      running = false;
    }
  }

  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
