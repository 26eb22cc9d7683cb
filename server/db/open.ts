/**
 * Opens the database the server runs on: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR (a folder
 * created on first start and kept across restarts). Either way it is migrated and, when empty, seeded.
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { lockDataDir } from './data-dir-lock.ts';
import { migrate } from './migrate.ts';
import { isNewDataDir, openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { seedDatabase, type SeedOptions } from './seed.ts';
import { fillCountsIfEmpty } from '../data/rules/counts.ts';
import type { Db } from './types.ts';

export interface OpenDatabaseOptions extends SeedOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Who holds the data folder, for the message a second opener gets (server/db/data-dir-lock.ts). */
  purpose?: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Db> {
  let db: Db;
  if (options.databaseUrl) {
    db = await openPostgres({ connectionString: options.databaseUrl });
  } else {
    await mkdir(options.dataDir, { recursive: true });
    // One process per data folder: a second one stops here with DataDirHeldError, before PGlite touches anything.
    const release = lockDataDir(options.dataDir, options.purpose ?? 'the Quadra server');
    try {
      if (isNewDataDir(options.dataDir)) await prepareInChild(options.dataDir, options);
      const pglite = await openPglite({ dataDir: options.dataDir });
      db = {
        ...pglite,
        async close() {
          try {
            await pglite.close();
          } finally {
            release();
          }
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  try {
    await prepareDatabase(db, options);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/**
 * A new data folder is created, migrated and seeded by a child process (db/prepare-data-dir.ts), whose peak memory
 * leaves with it. From the sources (tests, tsx) the child runs the .ts entry through tsx; from the server's bundle
 * (server/dist/main.mjs, `npm start`) the bundle's own prepare-data-dir.mjs beside it.
 */
async function prepareInChild(dataDir: string, options: SeedOptions): Promise<void> {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(fromSources ? './prepare-data-dir.ts' : './prepare-data-dir.mjs', import.meta.url));
  const args = [
    ...(fromSources ? ['--import', 'tsx'] : []),
    entry,
    dataDir,
    String(options.extraStudents ?? 0),
    options.demo === false ? 'empty' : 'demo',
  ];
  await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
}

/** Migrates, then seeds if empty. Safe to call on every start. */
export async function prepareDatabase(db: Db, options: SeedOptions = {}): Promise<void> {
  await migrate(db);
  await seedDatabase(db, options);
  // The maintained attendance counts of a database that has rolls but no counts yet (just migrated or seeded), then
  // their statistics: the seed's ANALYZE came before them, and without statistics the planner guesses their size.
  if (await db.transaction(fillCountsIfEmpty)) await db.exec('ANALYZE attendance_counts, attendance_month_counts');
}
