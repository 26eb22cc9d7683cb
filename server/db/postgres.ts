/**
 * node-postgres adapter, used when DATABASE_URL is set. Same SQL and migrations as PGlite; the conversions below keep
 * answers identical across the two engines.
 */
import pg from 'pg';
import type { Db, Queryable, SqlParam } from './types.ts';

const DATE_OID = 1082;
const INT8_OID = 20;

// Per-pool parsers (not the global pg.types) so nothing else in the process is affected.
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === DATE_OID) return (value: string) => value;
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
};

interface ClientLike {
  query(sql: string | pg.QueryConfig): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/**
 * Statements of query() and run() run as named prepared statements, as on PGlite (pglite-statements.ts): each
 * connection parses a text once, not on every call. In the class-start rush, turn about: 394, 371, 376, 342 req/s
 * against 255, 321, 271, 344 unnamed. node-postgres keeps every name it prepared for the connection's life, so names
 * are bounded: the server's own texts are a small set, and past NAMED_TEXTS a new text runs unnamed; a statement with
 * more than NAMED_PARAMS parameters (a bulk insert, a text per row count) always does, its parse small beside its work.
 * A name is this process's number for its text.
 */
const NAMED_TEXTS = 256;
const NAMED_PARAMS = 1000;
const statementNames = new Map<string, string>();
function statementName(sql: string, paramCount: number): string | undefined {
  if (paramCount > NAMED_PARAMS) return undefined;
  let name = statementNames.get(sql);
  if (!name && statementNames.size < NAMED_TEXTS) statementNames.set(sql, (name = `quadra_${statementNames.size}`));
  return name;
}

function wrap(target: ClientLike): Queryable {
  const send = (sql: string, params: readonly SqlParam[]) =>
    target.query({ name: statementName(sql, params.length), text: sql, values: [...params] });
  return {
    async query<R>(sql: string, params: readonly SqlParam[] = []) {
      return (await send(sql, params)).rows as R[];
    },
    async run(sql: string, params: readonly SqlParam[] = []) {
      return (await send(sql, params)).rowCount ?? 0;
    },
    async exec(script: string) {
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await target.query(script);
    },
  };
}

export interface PostgresOptions {
  connectionString: string;
  /** Puts every connection in this schema (tests give each run a fresh one). */
  schema?: string;
  max?: number;
}

/**
 * The planner's settings for this server's connections: a random page read priced like a sequential one (1.1, not 4),
 * as PostgreSQL's documentation advises when the data is in memory or on an SSD, as a programme's database is (tens of
 * MB). With the default, a class's roster of ~50 students was found by reading all 5,000 students (a hash join, 1.4 of
 * its 2.4 ms) instead of through their key. The embedded database runs with the same (db/pglite.ts).
 * And no JIT compilation (the embedded database has none): the planner's row guesses for the reports' month series
 * (1,000 rows for a half year's 7 months) priced the funder pack's class-month lists past `jit_above_cost`, and each of
 * their 9 statements spent 1.3 s compiling for 0.3 s of work (issue 53: the pack 21-23 s, the lists 14.5-17 s of it).
 */
const planner = ['-c random_page_cost=1.1', '-c jit=off'];

export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    types: typeParsers,
    options: [...planner, ...(options.schema ? [`-c search_path=${options.schema}`] : [])].join(' '),
  });
  // Fail at start-up, not on the first request, when the server is unreachable.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
