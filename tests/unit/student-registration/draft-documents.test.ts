import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db-dexie.ts';
import {
  clearDraftDocuments,
  DRAFT_DOCUMENTS_MAX_AGE_MS,
  dropDraftDocument,
  keepDraftDocuments,
  readDraftDocuments,
} from '../../../src/features/student-registration/registration-draft.ts';

const row = (clientId: string, id: string, addedAt: number) => ({ key: `${clientId}|${id}`, clientId, addedAt, document: { id } });

describe("a registration draft's documents on the device", () => {
  it("are removed one by one and with their draft, and other drafts' old ones go when a form opens", async () => {
    const now = 10 * DRAFT_DOCUMENTS_MAX_AGE_MS;
    await db.draftDocuments.bulkPut([
      row('mine', 'a', now - 2 * DRAFT_DOCUMENTS_MAX_AGE_MS), // this tab's: kept however old
      row('mine', 'b', now),
      row('closed-tab', 'c', now - DRAFT_DOCUMENTS_MAX_AGE_MS - 1),
      row('other-tab', 'd', now - 1000),
    ]);
    // Rows without a file are not documents to send (jsdom's Blobs do not survive fake-indexeddb: none is listed here).
    expect(await readDraftDocuments('mine', now)).toEqual([]);
    expect((await db.draftDocuments.toArray()).map((r) => r.key).sort()).toEqual(['mine|a', 'mine|b', 'other-tab|d']);
    await dropDraftDocument('mine', 'a');
    expect(await db.draftDocuments.get('mine|a')).toBeUndefined();
    await clearDraftDocuments('mine');
    expect((await db.draftDocuments.toArray()).map((r) => r.key)).toEqual(['other-tab|d']);
    await db.draftDocuments.clear();
  });

  it('says whether they were kept: the form tells the user when a reload would lose them', async () => {
    const document = { id: 'd1' } as Parameters<typeof keepDraftDocuments>[1][number];
    expect(await keepDraftDocuments('mine', [document])).toBe(true);
    expect(await db.draftDocuments.get('mine|d1')).toBeDefined();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(db.draftDocuments, 'bulkPut').mockRejectedValueOnce(new Error('QuotaExceededError'));
    expect(await keepDraftDocuments('mine', [{ ...document, id: 'd2' }])).toBe(false);
    vi.restoreAllMocks();
    await db.draftDocuments.clear();
  });
});
