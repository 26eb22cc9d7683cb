/**
 * GET /api/students is the app's busiest call and its answer is the whole list, so the list is kept in memory, one
 * entry per variant (active, inactive, all), each with the change cursor it was read at (data/rules/change-cursor.ts). Before
 * an entry is answered, the database is asked whether a student changed since that cursor (one indexed query). If some
 * did, only those students are read again and put in place (issue 23: a roll saved changes ~30 students' frequency,
 * not 5,000); a student who came or was renamed is put where the database's order places them. The database decides, not
 * the process: several server processes on one PostgreSQL never answer a list that another one has made stale, and
 * the ETag (a hash of the body) is the same from all of them.
 *
 * The list is kept in blocks of about BLOCK students, each with its JSON and, once asked for, its compressed form
 * (gzip-pieces.ts): a patch encodes and compresses again only the blocks it touched, so its cost follows the students
 * that changed, not the length of the list (50,000 students are 6 MB of JSON).
 */
import { createHash } from 'node:crypto';
import { idsChangedSince, readAtCursor } from './data/rules/change-cursor.ts';
import type { Db, Queryable } from './db/types.ts';
import { deflatePiece, gzipOfPieces } from './gzip-pieces.ts';

/** One student as the list shows them (the exact columns of the answer's schema). */
export interface ListRow {
  id: string;
  name: string;
}

/** How one variant of the list is read: whole, or only some students, and where some students stand in it. */
export interface ListReader {
  rows(tx: Queryable, ids?: readonly string[]): Promise<ListRow[]>;
  /**
   * These students in the variant's order, as the database sorts it (its collation, not ours), each with the student
   * just before it in that order who is not one of them (`after`; null when there is none). An index finds each one,
   * so placing a student costs the same at 50,000 as at 50 (counting the students before one read them all).
   */
  neighbours(tx: Queryable, ids: readonly string[]): Promise<Placed[]>;
}

/** A student to put in the list right after another one (`after`), or first (null). */
export interface Placed {
  id: string;
  after: string | null;
}

export interface CachedList {
  /** UTF-8 JSON, joined from the blocks once, when first asked for. */
  body(): Buffer;
  /** The same, gzipped (its blocks compressed on first use, gzip-pieces.ts): ~4x smaller for a tablet's link. */
  gzipped(): Buffer;
  /** UTF-8 JSON of the list's first `count` students only (a first screenful, see routes/students.ts). */
  first(count: number): Buffer;
  etag: string;
}

/** Consecutive students of the list: their JSON objects joined by commas, and that compressed once asked for. */
interface Block {
  readonly ids: readonly string[];
  readonly json: Buffer;
  deflated?: Buffer;
}

/** Each student's name (a rename moves them) and JSON, and the block that holds them. */
interface Item {
  name: string;
  json: string;
  block: Block;
}

export interface Entry extends CachedList {
  cursor: string;
  blocks: readonly Block[];
  /** By id. Handed from an entry to the next one made from it (only the newest entry is ever patched). */
  items: Map<string, Item>;
}

/** Students in a block: a roll touches ~30 students, so it re-encodes ~30 blocks of 64, not the list. */
const BLOCK = 64;
/** Past this many changed students a patch reads the list whole (after a restore or a bulk import). */
const PATCH_LIMIT = 1000;

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
const [OPEN_DEFLATED, COMMA_DEFLATED, CLOSE_DEFLATED] = [OPEN, COMMA, CLOSE].map(deflatePiece) as [Buffer, Buffer, Buffer];

/** A read of the list under way, and when it began (Infinity while it waits for the one before it). */
interface Refresh {
  loading: Promise<Entry>;
  began: number;
}

export class StudentListCache {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Refresh>();
  /** Stamps in the order things happen in this process: a read's check done, a refresh begun. */
  #clock = 0;

  constructor(readonly enabled = true) {}

  /** The list of one variant (`key`): kept, patched with the students changed since it was read, or read whole. */
  async get(db: Db, reader: ListReader, key = ''): Promise<CachedList> {
    if (!this.enabled) return build(await reader.rows(db), '0');
    const kept = this.#entries.get(key);
    if (kept && !(await idsChangedSince(db, 'students', kept.cursor, 1)).length) return kept;
    // Concurrent reads of a stale or missing list share one refresh instead of each running it, but only one that
    // begins after this read saw the change: one that began before could miss the very write this read saw (a client
    // would not find the roll it was just told was saved). Refreshes run one after the other (each patches the last).
    const seen = ++this.#clock;
    const pending = this.#pending.get(key);
    if (pending && pending.began > seen) return pending.loading;
    let began = Infinity;
    const loading = (pending?.loading.catch(() => undefined) ?? Promise.resolve())
      .then(() => {
        began = ++this.#clock;
        return readAtCursor(db, (tx) => refresh(tx, reader, this.#entries.get(key)));
      })
      .then(({ cursor, value }) => ({ ...value, cursor }));
    const next: Refresh = {
      loading,
      get began() {
        return began;
      },
    };
    this.#pending.set(key, next);
    const settle = () => {
      if (this.#pending.get(key) === next) this.#pending.delete(key);
    };
    loading.then((entry) => {
      this.#entries.set(key, entry);
      settle();
    }, settle);
    return loading;
  }
}

/**
 * Inside the read's snapshot: the kept entry patched with what changed since its cursor, or the list read whole. Every
 * read comes first; the patch itself runs without a pause, so the kept items are never seen half changed.
 */
async function refresh(tx: Queryable, reader: ListReader, kept: Entry | undefined): Promise<Omit<Entry, 'cursor'>> {
  const changed = kept ? await idsChangedSince(tx, 'students', kept.cursor, PATCH_LIMIT + 1) : [];
  if (!kept || changed.length > PATCH_LIMIT) return build(await reader.rows(tx), '');
  const fresh = new Map((await reader.rows(tx, changed)).map((row) => [row.id, row]));
  // A student new to this variant, or renamed, has a new place in the list.
  const moved = changed.filter((id) => fresh.has(id) && kept.items.get(id)?.name !== fresh.get(id)!.name);
  const placed = moved.length ? await reader.neighbours(tx, moved) : [];
  return patch(kept, changed, fresh, placed);
}

/** A block being patched: its ids copied on the first change. */
interface Draft {
  ids: readonly string[];
  block?: Block;
}

/**
 * The kept entry with the `changed` students put right: `fresh` has the ones still in this variant (as read now),
 * `placed` each one new to it or renamed, in the database's order, with its neighbour (ListReader.neighbours). Exported
 * for its property test.
 */
export function patch(
  kept: Entry,
  changed: readonly string[],
  fresh: ReadonlyMap<string, ListRow>,
  placed: readonly Placed[],
): Omit<Entry, 'cursor'> {
  const { items } = kept;
  const drafts: Draft[] = kept.blocks.map((block) => ({ ids: block.ids, block }));
  const draftOf = new Map(drafts.map((draft) => [draft.block!, draft]));
  const edit = (draft: Draft): string[] => {
    if (draft.block) {
      draft.ids = [...draft.ids];
      delete draft.block;
    }
    return draft.ids as string[];
  };
  const moving = new Set(placed.map(({ id }) => id));
  for (const id of changed) {
    const item = items.get(id);
    const row = fresh.get(id);
    if (item && (!row || moving.has(id))) {
      const ids = edit(draftOf.get(item.block)!);
      ids.splice(ids.indexOf(id), 1);
    } else if (item) edit(draftOf.get(item.block)!);
    if (row) items.set(id, { name: row.name, json: JSON.stringify(row), block: item?.block as Block });
    else items.delete(id);
  }
  // Each one moved goes in right after its neighbour, or, when the one placed before it has the same neighbour, right
  // after that one (nothing else lies between them in the database's order).
  let previous: (Placed & { draft: Draft }) | undefined;
  for (const { id, after } of placed) {
    const anchor = previous?.after === after ? previous.id : after;
    let draft: Draft;
    if (anchor === previous?.id) draft = previous!.draft;
    else if (anchor !== null) draft = draftOf.get(items.get(anchor)!.block)!;
    else draft = drafts[0] ?? drafts[drafts.push({ ids: [] }) - 1]!;
    const ids = edit(draft);
    ids.splice(anchor === null ? 0 : ids.indexOf(anchor) + 1, 0, id);
    previous = { id, after, draft };
  }
  const blocks: Block[] = [];
  for (const draft of drafts) {
    if (draft.block) blocks.push(draft.block);
    // A block grown past twice its size is cut in blocks of BLOCK; an emptied one is dropped.
    else blocks.push(...makeBlocks(draft.ids, items, draft.ids.length > 2 * BLOCK ? BLOCK : 2 * BLOCK));
  }
  return assemble(blocks, items);
}

/** Blocks of at most `size` of these students, each item pointed at its block. */
function makeBlocks(ids: readonly string[], items: Map<string, Item>, size = BLOCK): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < ids.length; i += size) {
    const slice = ids.slice(i, i + size);
    const block: Block = { ids: slice, json: Buffer.from(slice.map((id) => items.get(id)!.json).join(',')) };
    for (const id of slice) items.get(id)!.block = block;
    blocks.push(block);
  }
  return blocks;
}

/** The entry of a list read whole. */
export function build(rows: readonly ListRow[], cursor: string): Entry {
  const items = new Map<string, Item>(
    rows.map((row) => [row.id, { name: row.name, json: JSON.stringify(row), block: undefined as unknown as Block }]),
  );
  return {
    ...assemble(
      makeBlocks(
        rows.map((row) => row.id),
        items,
      ),
      items,
    ),
    cursor,
  };
}

/**
 * The entry's answers from its blocks. Nothing here copies the whole list (6 MB of JSON at 50,000 students, on every
 * patch): the ETag and the gzip trailer's CRC-32 are computed over the pieces in a row, and the uncompressed body is
 * joined only when a client asks for it (browsers ask for gzip).
 */
function assemble(blocks: readonly Block[], items: Map<string, Item>): Omit<Entry, 'cursor'> {
  const pieces: Buffer[] = [OPEN];
  blocks.forEach((block, i) => pieces.push(...(i > 0 ? [COMMA] : []), block.json));
  pieces.push(CLOSE);
  const hash = createHash('sha1');
  for (const piece of pieces) hash.update(piece);
  let body: Buffer | undefined;
  let gzipped: Buffer | undefined;
  return {
    blocks,
    items,
    body: () => (body ??= Buffer.concat(pieces)),
    etag: `"${hash.digest('base64url')}"`,
    first(count) {
      const json: string[] = [];
      for (const block of blocks) {
        if (json.length === count) break;
        for (const id of block.ids.slice(0, count - json.length)) json.push(items.get(id)!.json);
      }
      return Buffer.from(`[${json.join(',')}]`);
    },
    gzipped() {
      if (gzipped) return gzipped;
      const parts: Buffer[] = [OPEN_DEFLATED];
      blocks.forEach((block, i) => parts.push(...(i > 0 ? [COMMA_DEFLATED] : []), (block.deflated ??= deflatePiece(block.json))));
      parts.push(CLOSE_DEFLATED);
      return (gzipped = gzipOfPieces(parts, pieces));
    },
  };
}
