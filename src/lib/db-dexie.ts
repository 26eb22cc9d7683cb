/**
 * The device's database as Dexie opens it: its tables and their versions (what each holds: db.ts). Loaded on first use
 * (db.ts `database()`), not with the app's first script: Dexie is 30 KB gzipped that a first visit's first screen does
 * not need.
 */
import Dexie, { type Table } from 'dexie';
import { sessionUid } from './session-user.ts';
import { DATABASE_NAME, type DraftDocumentRow, type KvRow, type OutboxRow, type RollDraftRow } from './db.ts';

export { liveQuery } from 'dexie';

export class QuadraDb extends Dexie {
  kv!: Table<KvRow, string>;
  outbox!: Table<OutboxRow, string>;
  rollDrafts!: Table<RollDraftRow, string>;
  draftDocuments!: Table<DraftDocumentRow, string>;

  constructor(name = DATABASE_NAME) {
    // No optimistic live queries: a screen that says "saved on this device" (the outbox's rows) must say it only once
    // the write is stored. Dexie's default cache showed a row while its write was under way, and a reload then lost it.
    super(name, { cache: 'disabled' });
    this.version(1).stores({
      kv: 'key',
      outbox: 'id, kind, state, nextAttemptAt, dependsOn, createdAt',
    });
    // Version 2 adds the roll drafts; the other tables are kept as they are.
    this.version(2).stores({ rollDrafts: 'key' });
    // Version 3 adds the registration drafts' files.
    this.version(3).stores({ draftDocuments: 'key, clientId' });
    // Version 4: an outbox row names its author (OutboxRow.author). Rows saved before had none; they are taken as the
    // work of whoever was signed in when the app last ran, not of whoever signs in next (none without sign-in).
    this.version(4)
      .stores({})
      .upgrade(async (tx) => {
        const author = sessionUid();
        if (!author) return;
        await tx
          .table<OutboxRow, string>('outbox')
          .toCollection()
          .modify((row) => {
            row.author ??= author;
          });
      });
  }
}

export const db = new QuadraDb();
