import { afterEach, describe, expect, it } from 'vitest';
import { meKeys } from '../../../src/api/me.ts';
import { db } from '../../../src/lib/db-dexie.ts';
import { queryClient } from '../../../src/offline/query-client.ts';
import { forgetDataWhenRoleNarrows, narrowed } from '../../../src/offline/role-narrowing.ts';

const me = (permissions: string[], id = 'u1') => ({ id, email: 'ana@example.org', full_name: 'Ana', access: 'coordenador' as const, permissions });

afterEach(() => queryClient.clear());

describe('a role narrowed while the device holds its data', () => {
  it('counts only a permission taken away from the same user', () => {
    expect(narrowed(me(['students:read', 'guardians:read']), me(['students:read']))).toBe(true);
    expect(narrowed(me(['students:read']), me(['students:read', 'guardians:read']))).toBe(false);
    expect(narrowed(me(['students:read', 'guardians:read']), me(['students:read'], 'u2'))).toBe(false);
    expect(narrowed(undefined, me(['students:read']))).toBe(false);
  });

  it('removes what the old role could read from the device, and keeps unsent work', async () => {
    queryClient.setQueryData(meKeys.all, me(['students:read', 'guardians:read']));
    queryClient.setQueryData(['guardians', 'stu-1'], [{ id: 'g1', name: 'Patrícia' }]);
    await db.outbox.put({ id: 'o1', kind: 'x', payload: {}, createdAt: 1, state: 'pending', nextAttemptAt: 0, attempts: [] });
    forgetDataWhenRoleNarrows();
    queryClient.setQueryData(meKeys.all, me(['students:read', 'guardians:read']));
    expect(queryClient.getQueryData(['guardians', 'stu-1'])).toBeDefined();
    queryClient.setQueryData(meKeys.all, me(['students:read']));
    await expect.poll(() => queryClient.getQueryData(['guardians', 'stu-1'])).toBeUndefined();
    expect(await db.outbox.get('o1')).toBeDefined();
    await db.outbox.clear();
  });

  it("keeps the drafts the new role may still save (a roll call's marks), and removes those it may not", async () => {
    const draft = { key: 'c1|2026-11-27', classId: 'c1', date: '2026-11-27', marks: { s1: { status: 'ABSENT' as const } }, updatedAt: 1 };
    await db.rollDrafts.put(draft);
    sessionStorage.setItem('quadra.guardian-edit.draft.g1', '{"phone":"1"}');
    queryClient.setQueryData(meKeys.all, me(['attendance:write', 'guardians:read', 'guardians:write', 'students:write']));
    forgetDataWhenRoleNarrows();
    // The guardians' reading goes; marking attendance stays: the roll call's unsaved marks stay with it.
    queryClient.setQueryData(meKeys.all, me(['attendance:write', 'guardians:write', 'students:write']));
    await expect.poll(() => queryClient.getQueryData(meKeys.all)).toBeUndefined();
    expect(await db.rollDrafts.get(draft.key)).toBeDefined();
    expect(sessionStorage.getItem('quadra.guardian-edit.draft.g1')).not.toBeNull();
    // Then marking attendance, and editing guardians, go too: their drafts with them.
    queryClient.setQueryData(meKeys.all, me(['attendance:write', 'guardians:write', 'students:write']));
    queryClient.setQueryData(meKeys.all, me(['students:write']));
    await expect.poll(async () => db.rollDrafts.get(draft.key)).toBeUndefined();
    expect(sessionStorage.getItem('quadra.guardian-edit.draft.g1')).toBeNull();
  });

  it("drops the roll drafts of a coordinator made an instructor: another class's marks are not theirs any more", async () => {
    const draft = { key: 'c9|2026-11-27', classId: 'c9', date: '2026-11-27', marks: { s1: { status: 'ABSENT' as const } }, updatedAt: 1 };
    await db.rollDrafts.put(draft);
    queryClient.setQueryData(meKeys.all, me(['attendance:write', 'reports:read']));
    forgetDataWhenRoleNarrows();
    queryClient.setQueryData(meKeys.all, { ...me(['attendance:write']), access: 'instrutor' as const });
    await expect.poll(async () => db.rollDrafts.get(draft.key)).toBeUndefined();
  });
});
