/**
 * The persisted query cache in db.kv, one row per query (`<key>/<queryHash>`; a long list's items in rows of their own,
 * `#0`, `#1`...) beside a row of its own (`<key>`: the buster and the time of the last save). A save writes only the queries that changed since the last one, and removes
 * the rows of queries gone; each row is put in its own step of one IndexedDB transaction, so a save is all or nothing
 * and a tap gets through between two rows. One row of the whole cache cost a put of all of it on every change: a first
 * sync of 5,000 students was a task of 150-200 ms at 4x CPU under the roll call's taps, to write a single roster.
 */
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { database } from '../lib/db.ts';
import type { QuadraDb } from '../lib/db-dexie.ts';
import { queryFromRows, queryToRows, slicer, StaleSave, type SavedQuery } from './query-rows.ts';

type RowPersisterOptions = {
  /** The row of the buster and time; the queries' rows are under `<key>/`. */
  key: string;
  /** Whether the device's data was forgotten since `generation()` was read (a save begun before must not write). */
  generation: () => number;
  /** A save that could not be written (storage full or blocked). */
  onError: (error: unknown) => void;
};

/** What a query's rows hold, as far as a save needs to know whether to write them again; `parts`: its list's rows. */
type Written = { data: unknown; dataUpdatedAt: number; isInvalidated: boolean; status: string; parts: number };
const writtenOf = ({ state }: SavedQuery, parts: number): Written => ({
  data: state.data,
  dataUpdatedAt: state.dataUpdatedAt,
  isInvalidated: state.isInvalidated,
  status: state.status,
  parts,
});
/** A long list's part rows are `<key>/<queryHash>#<n>` (a query hash is a JSON array: it ends in "]"). */
const PART = /^(.*)#(\d+)$/;
const partKeys = (head: string, from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => `${head}#${from + i}`);
const sameAs = (a: Written | undefined, b: Written): boolean =>
  a !== undefined && a.data === b.data && a.dataUpdatedAt === b.dataUpdatedAt && a.isInvalidated === b.isInvalidated && a.status === b.status;

export function createRowPersister({ key, generation, onError }: RowPersisterOptions): Persister {
  const prefix = `${key}/`;
  const rowsOf = (db: QuadraDb) => db.kv.where('key').startsWith(prefix);
  /** The queries' rows on the device, by query hash (the data is the cache's own object, compared by identity). */
  const written = new Map<string, Written>();
  let saving: Promise<void> | null = null;
  /** The client to write next, with the generation it belongs to (read when it was handed over, not when written). */
  let next: { client: PersistedClient; generation: number } | null = null;

  async function write(client: PersistedClient, started: number): Promise<void> {
    const stale = () => generation() !== started;
    const maybePause = slicer(stale);
    const rows: { key: string; value: string }[] = [];
    const removed: string[] = [];
    const changed = new Map<string, Written>();
    const present = new Set<string>();
    for (const query of client.clientState.queries) {
      present.add(query.queryHash);
      const before = written.get(query.queryHash);
      if (before && sameAs(before, writtenOf(query, before.parts))) continue;
      const head = prefix + query.queryHash;
      const { head: value, parts } = await queryToRows(query, maybePause);
      rows.push({ key: head, value }, ...parts.map((part, i) => ({ key: `${head}#${i}`, value: part })));
      removed.push(...partKeys(head, parts.length, before?.parts ?? 0));
      changed.set(query.queryHash, writtenOf(query, parts.length));
      await maybePause();
    }
    const gone = [...written.keys()].filter((hash) => !present.has(hash));
    for (const hash of gone) removed.push(prefix + hash, ...partKeys(prefix + hash, 0, written.get(hash)!.parts));
    const db = await database();
    if (stale()) throw new StaleSave('the device data was forgotten during the save');
    await db.transaction('rw', db.kv, async () => {
      for (const row of rows) {
        // Each put in the task of the last one's success: the page handles input between two rows.
        await db.kv.put(row);
        if (stale()) throw new StaleSave('the device data was forgotten during the save');
      }
      if (removed.length > 0) await db.kv.bulkDelete(removed);
      await db.kv.put({ key, value: JSON.stringify({ buster: client.buster, timestamp: client.timestamp }) });
    });
    for (const [hash, now] of changed) written.set(hash, now);
    for (const hash of gone) written.delete(hash);
  }

  /** Saves one after another; a save asked for while one runs writes the latest client once it ends. */
  async function drain(): Promise<void> {
    try {
      while (next) {
        const { client, generation: started } = next;
        next = null;
        try {
          await write(client, started);
        } catch (error) {
          if (!(error instanceof StaleSave)) onError(error);
        }
      }
    } finally {
      saving = null;
    }
  }

  return {
    persistClient(client) {
      // A client handed over before the device's data was forgotten (a sign-out) while another save ran must never be
      // written after it: the previous user's cache would come back at the next start.
      next = { client, generation: generation() };
      saving ??= drain();
      return saving;
    },

    async restoreClient() {
      const db = await database();
      const head = await db.kv.get(key);
      if (!head) return undefined;
      const saved = JSON.parse(head.value) as Partial<PersistedClient>;
      // The one-row format of earlier versions: the whole client in this row (its next save writes rows).
      if (saved.clientState) return saved as PersistedClient;
      const heads = new Map<string, string>();
      const parts = new Map<string, string[]>();
      for (const row of await rowsOf(db).toArray()) {
        const part = PART.exec(row.key);
        if (!part) heads.set(row.key, row.value);
        else {
          const list = parts.get(part[1]!) ?? [];
          list[Number(part[2])] = row.value;
          parts.set(part[1]!, list);
        }
      }
      written.clear();
      const queries: SavedQuery[] = [];
      for (const [head, value] of heads) {
        const query = queryFromRows(value, parts.get(head) ?? []);
        queries.push(query);
        written.set(query.queryHash, writtenOf(query, parts.get(head)?.length ?? 0));
      }
      return { buster: saved.buster ?? '', timestamp: saved.timestamp ?? 0, clientState: { mutations: [], queries } };
    },

    async removeClient() {
      written.clear();
      const db = await database();
      await db.transaction('rw', db.kv, async () => {
        await db.kv.delete(key);
        await rowsOf(db).delete();
      });
    },
  };
}
