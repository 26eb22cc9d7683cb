import { describe, expect, it } from 'vitest';
import type { Roll } from '../../../src/api/contract.ts';
import { deviceGrid } from '../../../src/features/class-history/device-grid.ts';

const roll = (date: string, entries: Roll['entries'], extra: Partial<Roll> = {}): Roll => ({
  classId: 'c1',
  date,
  takenBy: 'ana@example.org',
  takenAt: `${date}T17:00:00.000Z`,
  entries,
  ...extra,
});

describe("a month's grid from the device's rolls", () => {
  it('has the marks of the month, totals per date and per student, and who took and corrected each roll', () => {
    const grid = deviceGrid(
      'c1',
      '2026-11',
      [
        roll('2026-11-12', [
          { studentId: 'b', status: 'ABSENT' },
          { studentId: 'a', status: 'JUSTIFIED', reason: 'HEALTH' },
        ]),
        roll(
          '2026-11-05',
          [
            { studentId: 'a', status: 'PRESENT' },
            { studentId: 'b', status: 'PRESENT' },
          ],
          { correctedBy: 'bia@example.org', correctedAt: '2026-11-06T10:00:00.000Z' },
        ),
        roll('2026-10-29', [{ studentId: 'a', status: 'ABSENT' }]),
        { ...roll('2026-11-19', [{ studentId: 'a', status: 'ABSENT' }]), classId: 'other' },
      ],
      [
        { id: 'a', name: 'Ana' },
        { id: 'b', name: 'Bruno' },
      ],
    )!;
    expect(grid.dates).toEqual(['2026-11-05', '2026-11-12']);
    expect(grid.students.map((s) => [s.name, s.cells, s.present, s.absent, s.justified, s.rollDays, s.frequencyPercent])).toEqual([
      ['Ana', ['P', 'J'], 1, 0, 1, 2, 100],
      ['Bruno', ['P', 'A'], 1, 1, 0, 2, 50],
    ]);
    expect(grid.totals).toEqual([
      { date: '2026-11-05', present: 2, absent: 0, justified: 0 },
      { date: '2026-11-12', present: 0, absent: 1, justified: 1 },
    ]);
    expect(grid.rolls[0]).toMatchObject({ firstTakenBy: 'ana@example.org', correctedBy: 'bia@example.org' });
    expect(grid.rolls[1]).toMatchObject({ correctedBy: null, correctedAt: null });
  });

  it('is null when the device holds no roll of that month', () => {
    expect(deviceGrid('c1', '2026-09', [roll('2026-11-05', [{ studentId: 'a', status: 'PRESENT' }])], [])).toBeNull();
  });
});
