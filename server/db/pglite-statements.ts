/**
 * Statements run on PGlite as named prepared statements, each text parsed once (issue 23, the class-start rush).
 *
 * PGlite's own query() sends Parse, Describe, Bind, Describe, Execute and Sync as six calls into its WebAssembly, and
 * parses, analyses and plans the text every time. For the rush's statements that was most of their cost: a roll's
 * share of the kept counts took 15 ms through query() and 1.4 ms as EXECUTE of a prepared statement (7 ms of planning
 * alone), a trivial lookup 1.0 against 0.16 ms. Here a text is parsed and described once (its parameter types and
 * result columns kept); each run is then Bind, Execute and Sync in one call. PostgreSQL's plan cache decides between
 * a custom and a generic plan as it does for any prepared statement, and drops a plan the schema changed.
 *
 * Kept statements are bounded (least recently used ones are closed): bulk inserts make a text per row count.
 * The caller holds PGlite's locks (PGlite.runExclusive, and the transaction's or its own transaction lock).
 */
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { SqlParam } from './types.ts';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The result's RowDescription, or none (a statement without rows). */
  columns: BackendMessage | undefined;
}

/** How many statements stay prepared (the server runs fewer than 100 texts, apart from bulk inserts). */
const KEPT = 256;

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

export class PgliteStatements {
  /** By text, least recently used first. */
  readonly #kept = new Map<string, Prepared>();
  #next = 0;

  constructor(private readonly pg: PGlite) {}

  /** Runs one statement; the caller holds PGlite's query lock. */
  async run(sql: string, params: readonly SqlParam[]): Promise<{ rows: unknown[]; affectedRows: number }> {
    const prepared = this.#kept.get(sql) ?? (await this.#prepare(sql));
    this.#kept.delete(sql);
    this.#kept.set(sql, prepared);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = this.pg.serializers[prepared.paramTypes[i]!];
      return serialize ? (serialize(param) as string) : String(param);
    });
    const { messages } = await this.pg.execProtocol(
      concat([protocol.serialize.bind({ statement: prepared.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const [result] = parse.parseResults(prepared.columns ? [prepared.columns, ...messages] : messages, this.pg.parsers);
    return { rows: result!.rows, affectedRows: result!.affectedRows ?? 0 };
  }

  async #prepare(sql: string): Promise<Prepared> {
    const evicted: Uint8Array[] = [];
    while (this.#kept.size >= KEPT) {
      const [text, old] = this.#kept.entries().next().value!;
      this.#kept.delete(text);
      evicted.push(protocol.serialize.close({ type: 'S', name: old.name }));
    }
    const name = `quadra_${this.#next++}`;
    const { messages } = await this.pg.execProtocol(
      concat([
        ...evicted,
        protocol.serialize.parse({ name, text: sql, types: [] }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      columns: messages.find((message) => message.name === 'rowDescription'),
    };
  }
}
