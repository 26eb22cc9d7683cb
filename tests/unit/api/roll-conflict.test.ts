/**
 * A roll taken on an older state of the day's roll comes back from the server as a conflict (409 stale-version, with
 * the roll as it is): it waits in the failed list beside theirs, and "keep mine" sends the same marks based on theirs.
 * A second save of the day made while the first is on its way is based on what the first saved.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db-dexie.ts';
import { drainOutbox, keepMine } from '../../../src/offline/outbox.ts';
import { setSessionUid } from '../../../src/lib/session-user.ts';
import { enqueueRoll, registerAttendanceHandlers } from '../../../src/api/attendance.ts';
import type { RollInput } from '../../../src/api/contract.ts';

const roll = (takenAt: string, basedOn: string | null, status: 'PRESENT' | 'ABSENT'): RollInput => ({
  takenBy: 'ana@example.com',
  takenAt,
  basedOn,
  entries: [{ studentId: 's1', status }],
});

/** The server's day roll, refusing a save based on anything but its latest save (or a resend of that save). */
function fakeServer(latest: { takenAt: string; takenBy: string }) {
  const bodies: RollInput[] = [];
  let release: (() => void) | undefined;
  const gate = { hold: false, loseAnswer: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const body = (await request.json()) as RollInput;
      bodies.push(body);
      if (gate.hold) await new Promise<void>((resolve) => (release = resolve));
      const current = { classId: 'c1', date: '2026-11-24', entries: [{ studentId: 's1', status: 'ABSENT' }], ...latest };
      const own = [body.basedOn, body.takenAt, ...(body.supersedes ?? [])];
      if (body.basedOn !== undefined && !own.includes(latest.takenAt)) {
        return new Response(JSON.stringify({ statusCode: 409, error: 'Conflict', message: 'stale', code: 'stale-version', current }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        });
      }
      latest.takenAt = body.takenAt;
      latest.takenBy = body.takenBy;
      // Saved, but the answer never reaches the tablet (the link dropped on the way back).
      if (gate.loseAnswer) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ ...body, basedOn: undefined, classId: 'c1', date: '2026-11-24' }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { bodies, gate, release: () => release?.() };
}

beforeEach(async () => {
  await db.outbox.clear();
  registerAttendanceHandlers();
});
afterEach(() => vi.unstubAllGlobals());

describe("a roll saved on an older state of the day's roll", () => {
  it('waits beside theirs as a conflict, and "keep mine" sends the same marks based on theirs', async () => {
    const server = fakeServer({ takenAt: '2026-11-24T10:05:00.000Z', takenBy: 'Outra Instrutora' });
    const row = await enqueueRoll({
      classId: 'c1',
      date: '2026-11-24',
      roll: roll('2026-11-24T10:09:00.000Z', '2026-11-24T10:00:00.000Z', 'PRESENT'),
    });
    await drainOutbox();
    const failed = (await db.outbox.get(row.id))!;
    expect(failed).toMatchObject({ state: 'failed', reasonCode: 'stale-version', conflict: { current: { takenBy: 'Outra Instrutora' } } });
    expect(await keepMine(row.id)).toBe(true);
    await drainOutbox();
    expect(await db.outbox.count()).toBe(0);
    expect(server.bodies.at(-1)).toMatchObject({ basedOn: '2026-11-24T10:05:00.000Z', entries: [{ studentId: 's1', status: 'PRESENT' }] });
  });

  it("taken where the device could not tell the day's roll (based on null), meets the roll the server has as a conflict", async () => {
    const server = fakeServer({ takenAt: '2026-11-24T10:05:00.000Z', takenBy: 'Outra Instrutora' });
    const row = await enqueueRoll({ classId: 'c1', date: '2026-11-24', roll: roll('2026-11-24T10:09:00.000Z', null, 'PRESENT') });
    await drainOutbox();
    expect(await db.outbox.get(row.id)).toMatchObject({ state: 'failed', reasonCode: 'stale-version' });
    expect(server.bodies).toHaveLength(1);
  });

  it("a correction made after a save whose answer was lost replaces the user's own roll, not met as someone else's", async () => {
    const server = fakeServer({ takenAt: '2026-11-24T10:00:00.000Z', takenBy: 'Outra Instrutora' });
    server.gate.loseAnswer = true;
    const first = await enqueueRoll({
      classId: 'c1',
      date: '2026-11-24',
      roll: roll('2026-11-24T10:09:00.000Z', '2026-11-24T10:00:00.000Z', 'ABSENT'),
    });
    await drainOutbox();
    expect(await db.outbox.get(first.id)).toMatchObject({ state: 'pending' });
    server.gate.loseAnswer = false;
    // The roll call offers the waiting save's basis for the correction (use-roll-call.ts): the roll before it.
    const second = await enqueueRoll({
      classId: 'c1',
      date: '2026-11-24',
      roll: roll('2026-11-24T10:12:00.000Z', '2026-11-24T10:00:00.000Z', 'PRESENT'),
    });
    expect(await db.outbox.get(first.id)).toBeUndefined();
    await drainOutbox();
    expect(await db.outbox.get(second.id)).toBeUndefined();
    expect(server.bodies.at(-1)).toMatchObject({ takenAt: '2026-11-24T10:12:00.000Z', supersedes: ['2026-11-24T10:09:00.000Z'] });
  });

  it("a second save made while the first is on its way is based on the first's save, not refused as a conflict with it", async () => {
    const server = fakeServer({ takenAt: '2026-11-24T10:00:00.000Z', takenBy: 'Outra Instrutora' });
    server.gate.hold = true;
    await enqueueRoll({ classId: 'c1', date: '2026-11-24', roll: roll('2026-11-24T10:09:00.000Z', '2026-11-24T10:00:00.000Z', 'PRESENT') });
    await vi.waitFor(() => expect(server.bodies).toHaveLength(1));
    server.gate.hold = false;
    await enqueueRoll({ classId: 'c1', date: '2026-11-24', roll: roll('2026-11-24T10:12:00.000Z', '2026-11-24T10:00:00.000Z', 'ABSENT') });
    server.release();
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(server.bodies.map((body) => body.basedOn)).toEqual(['2026-11-24T10:00:00.000Z', '2026-11-24T10:09:00.000Z']);
  });

  it("another account's roll of the day waiting on a shared tablet is not replaced: it is sent under their sign-in, and meets the newer as a conflict", async () => {
    const server = fakeServer({ takenAt: '2026-11-24T10:00:00.000Z', takenBy: 'Ninguém' });
    setSessionUid('ana');
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const anas = await enqueueRoll({
      classId: 'c1',
      date: '2026-11-24',
      roll: roll('2026-11-24T10:09:00.000Z', '2026-11-24T10:00:00.000Z', 'PRESENT'),
    });
    setSessionUid('bruno');
    const brunos = await enqueueRoll({
      classId: 'c1',
      date: '2026-11-24',
      roll: roll('2026-11-24T10:20:00.000Z', '2026-11-24T10:00:00.000Z', 'ABSENT'),
    });
    expect(await db.outbox.get(anas.id)).toBeDefined();
    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    await drainOutbox();
    expect(server.bodies.map((body) => body.takenAt)).toEqual(['2026-11-24T10:20:00.000Z']);
    expect(await db.outbox.get(brunos.id)).toBeUndefined();
    setSessionUid('ana');
    await drainOutbox();
    expect((await db.outbox.get(anas.id))?.reasonCode).toBe('stale-version');
    setSessionUid(null);
  });
});
