import { afterEach, describe, expect, it, vi } from 'vitest';
import { weekDayOf } from '../../../src/api/class-schedule.ts';
import { rollDateNote } from '../../../src/features/attendance/week-day.ts';
import { unsavedMarks } from '../../../src/features/attendance/use-roll-call.ts';
import { ABSENT_MARK, justifiedMark, markOfDraft, PRESENT_MARK } from '../../../src/features/attendance/roll-mark.ts';
import { listState } from '../../../src/offline/list-source.ts';
import { RecordNotFoundError } from '../../../src/lib/http.ts';
import { reportServerAnswer, reportServerUnreachable, resetServerState, serverState } from '../../../src/lib/server-status.ts';
import { connectionState } from '../../../src/components/network-status.tsx';

describe("the class's weekday", () => {
  it('names the weekday of a calendar day', () => {
    expect(weekDayOf('2026-11-24')).toBe('TERCA');
    expect(weekDayOf('2026-11-26')).toBe('QUINTA');
    expect(weekDayOf('2026-11-29')).toBe('DOMINGO');
  });

  it("warns only when the date is not the class's day, and says nothing without a date or a known day", () => {
    const thursday = { weekDay: 'QUINTA', schedule: '08:00 - 09:00' };
    expect(rollDateNote(thursday, '2026-11-24')).toEqual({ kind: 'other-day', dateDay: 'TERCA', classDays: ['QUINTA'] });
    expect(rollDateNote(thursday, '2026-11-26')).toBeNull();
    expect(rollDateNote(thursday, undefined)).toBeNull();
    expect(rollDateNote(undefined, '2026-11-24')).toBeNull();
    expect(rollDateNote({ weekDay: 'SOMEDAY', schedule: '' }, '2026-11-24')).toBeNull();
  });

  it('knows a class of two weekdays meets on either, and only between its first and last day (issue 52)', () => {
    const twice = {
      weekDay: 'SEGUNDA',
      schedule: 'Seg 08:00 - 09:00, Qua 14:00 - 15:00',
      meetings: [
        { weekDay: 'SEGUNDA', start: '08:00', end: '09:00' },
        { weekDay: 'QUARTA', start: '14:00', end: '15:00' },
      ],
      startsOn: '2026-03-02',
      endsOn: '2026-11-30',
    };
    expect(rollDateNote(twice, '2026-11-23')).toBeNull(); // a Monday
    expect(rollDateNote(twice, '2026-11-25')).toBeNull(); // a Wednesday
    expect(rollDateNote(twice, '2026-11-24')).toEqual({ kind: 'other-day', dateDay: 'TERCA', classDays: ['SEGUNDA', 'QUARTA'] });
    expect(rollDateNote(twice, '2026-03-01')).toEqual({ kind: 'before-start', startsOn: '2026-03-02' });
    expect(rollDateNote(twice, '2026-12-02')).toEqual({ kind: 'after-end', endsOn: '2026-11-30' });
  });
});

describe('the roll draft', () => {
  it('keeps only the marks that differ from the saved roll (else from everyone present)', () => {
    const base = new Map([
      ['a', ABSENT_MARK],
      ['j', justifiedMark('HEALTH')],
    ]);
    const changes = new Map([
      ['a', ABSENT_MARK],
      ['b', ABSENT_MARK],
      ['c', PRESENT_MARK],
      ['j', justifiedMark('HEALTH')],
    ]);
    expect(unsavedMarks(changes, base)).toEqual({ b: ABSENT_MARK });
    expect(unsavedMarks(new Map([['a', PRESENT_MARK]]), base)).toEqual({ a: PRESENT_MARK });
    // Another reason, or another note, is a change.
    expect(unsavedMarks(new Map([['j', justifiedMark('OTHER', 'rain')]]), base)).toEqual({
      j: { status: 'JUSTIFIED', reason: 'OTHER', note: 'rain' },
    });
  });

  it("reads back a draft's marks, older ones included, and leaves out what it cannot read", () => {
    expect(markOfDraft('ABSENT')).toBe(ABSENT_MARK);
    expect(markOfDraft({ status: 'PRESENT' })).toBe(PRESENT_MARK);
    expect(markOfDraft({ status: 'JUSTIFIED', reason: 'OTHER', note: ' rain ' })).toEqual({ status: 'JUSTIFIED', reason: 'OTHER', note: 'rain' });
    // A note only goes with OTHER, as the API says.
    expect(markOfDraft({ status: 'JUSTIFIED', reason: 'HEALTH', note: 'flu' })).toEqual({ status: 'JUSTIFIED', reason: 'HEALTH' });
    expect(markOfDraft({ status: 'JUSTIFIED', reason: 'WEATHER' })).toBeNull();
    expect(markOfDraft({ status: 'LATE' })).toBeNull();
  });
});

describe('a record the server does not have', () => {
  it('is "not found": no saved copy, no sample data', () => {
    const query = { data: [{ id: 'x' }], isError: true, isPending: false, fetchStatus: 'idle' as const, error: new RecordNotFoundError('class') };
    expect(listState(query, [{ id: 'sample' }])).toEqual({ items: [], source: 'not-found' });
  });

  it('is not confused with a server that cannot be reached', () => {
    const query = { data: undefined, isError: true, isPending: false, fetchStatus: 'idle' as const, error: new TypeError('Failed to fetch') };
    expect(listState(query, [{ id: 'sample' }], true)).toEqual({ items: [{ id: 'sample' }], source: 'sample' });
  });
});

describe("the header's status", () => {
  afterEach(() => {
    resetServerState();
    vi.unstubAllGlobals();
  });

  it('is connected when the server answers (a 4xx is an answer), unavailable on a 5xx or no answer, offline first', () => {
    expect(connectionState(true, serverState())).toBe('checking');
    reportServerAnswer(404);
    expect(connectionState(true, serverState())).toBe('connected');
    reportServerAnswer(500);
    expect(connectionState(true, serverState())).toBe('server-unavailable');
    reportServerAnswer(200);
    reportServerUnreachable();
    expect(connectionState(true, serverState())).toBe('server-unavailable');
    expect(connectionState(false, serverState())).toBe('offline');
  });
});
