/**
 * On a first visit the device's database is not created during the first screen (nothing in it to read): what can
 * wait for it waits until a moment after start, or until the first write.
 */
import { describe, expect, it } from 'vitest';
import { deviceStoreReady, openDeviceStoreNow } from '../../../src/lib/db.ts';

const databaseExists = async () => (await indexedDB.databases()).some((info) => info.name === 'quadra');

describe('the database on a first visit', () => {
  it('is not created at start; the first write lets everything that waits for it go', async () => {
    expect(await databaseExists()).toBe(false);
    let ready = false;
    const waiting = deviceStoreReady().then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ready).toBe(false);
    expect(await databaseExists()).toBe(false);
    openDeviceStoreNow();
    await waiting;
    expect(ready).toBe(true);
  });
});
