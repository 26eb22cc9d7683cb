/**
 * One thin query interface over both engines the reference server runs on: PGlite (embedded, default) and a real
 * PostgreSQL server through node-postgres (DATABASE_URL). Route code only ever sees these types, so every SQL
 * statement is written once, `$1`-parameterised, and must run unchanged on PostgreSQL 15 and PGlite.
 */
export type SqlParam = string | number | boolean | null | Uint8Array | Date | readonly string[];

export interface Queryable {
  /** Runs one statement and answers its rows. */
  query<R = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<R[]>;
  /** Runs one statement and answers how many rows it inserted, updated or deleted. */
  run(sql: string, params?: readonly SqlParam[]): Promise<number>;
  /** Runs a parameter-free script of several statements (migrations). */
  exec(script: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN/COMMIT; any throw rolls everything back, so a rejected request writes nothing. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
