import { describe, expect, it } from 'vitest';
import type { AttendanceGrid } from '../../../src/api/contract.ts';
import { toCsv } from '../../../src/lib/csv.ts';
import { gridCsvFileName, gridCsvRows, type GridCsvLabels } from '../../../src/features/class-history/grid-csv.ts';

const grid: AttendanceGrid = {
  classId: 'c1',
  month: '2025-03',
  dates: ['2025-03-03', '2025-03-10'],
  students: [
    { id: 's1', name: 'Ana Souza', cells: ['P', 'J'], present: 1, absent: 0, justified: 1, rollDays: 2, frequencyPercent: 100 },
    { id: 's2', name: 'Bruno; Lima', cells: [null, 'A'], present: 0, absent: 1, justified: 0, rollDays: 1, frequencyPercent: 0 },
    { id: 's3', name: 'Carla Dias', cells: ['P', 'A'], present: 1, absent: 1, justified: 0, rollDays: 2, frequencyPercent: 33.3 },
  ],
  totals: [
    { date: '2025-03-03', present: 2, absent: 0, justified: 0 },
    { date: '2025-03-10', present: 0, absent: 2, justified: 1 },
  ],
  rolls: [
    { date: '2025-03-03', firstTakenBy: 'Carlos', firstTakenAt: '2025-03-03T17:00:00.000Z', correctedBy: null, correctedAt: null },
    {
      date: '2025-03-10',
      firstTakenBy: 'Carlos',
      firstTakenAt: '2025-03-10T17:00:00.000Z',
      correctedBy: 'Márcia',
      correctedAt: '2025-03-11T09:00:00.000Z',
    },
  ],
};
const labels: GridCsvLabels = {
  student: 'Educando',
  present: 'Presentes',
  absent: 'Ausentes',
  justified: 'Justificadas',
  frequency: 'Frequência (%)',
  totalPresent: 'Total de presentes',
  totalAbsent: 'Total de ausentes',
  totalJustified: 'Total de justificadas',
  notMarked: 'Sem marcação',
  totalNotMarked: 'Total sem marcação',
  notHeld: (roll) => (roll.notHeld ? `não realizada: ${roll.notHeld.reason}` : roll.dayOff ? `folga: ${roll.dayOff}` : undefined),
};

describe("a class's month grid as CSV", () => {
  it('has a header with the dates, one row per student with P/A/J and totals, and the totals per date (pt-BR)', () => {
    expect(gridCsvRows(grid, labels, 'pt-BR')).toEqual([
      ['Educando', '03/03/2025', '10/03/2025', 'Presentes', 'Ausentes', 'Justificadas', 'Frequência (%)'],
      ['Ana Souza', 'P', 'J', 1, 0, 1, '100'],
      ['Bruno; Lima', '', 'A', 0, 1, 0, '0'],
      ['Carla Dias', 'P', 'A', 1, 1, 0, '33,3'],
      ['Total de presentes', 2, 0],
      ['Total de ausentes', 0, 2],
      ['Total de justificadas', 0, 1],
    ]);
  });

  it('keeps ISO dates and a decimal point in en-US', () => {
    const rows = gridCsvRows(grid, labels, 'en-US');
    expect(rows[0]!.slice(1, 3)).toEqual(['2025-03-03', '2025-03-10']);
    expect(rows[3]!.at(-1)).toBe('33.3');
  });

  it('writes a file a spreadsheet reads: BOM, ; in pt-BR, a name with ; quoted', () => {
    const text = toCsv(gridCsvRows(grid, labels, 'pt-BR'), 'pt-BR');
    expect(text.startsWith('\uFEFFEducando;03/03/2025;10/03/2025;')).toBe(true);
    expect(text).toContain('\r\n"Bruno; Lima";;A;0;1;0;0\r\n');
  });

  it("gives the server's not-marked children (on the date's roster, not on its roll) their own mark, column and total row, and every row adds up", () => {
    const served: AttendanceGrid = {
      ...grid,
      students: [
        { ...grid.students[0]!, notMarked: 0 },
        { ...grid.students[1]!, cells: ['N', 'A'], notMarked: 1 },
        { ...grid.students[2]!, notMarked: 0 },
      ],
      totals: [
        { ...grid.totals[0]!, notMarked: 1 },
        { ...grid.totals[1]!, notMarked: 0 },
      ],
    };
    const rows = gridCsvRows(served, labels, 'pt-BR');
    expect(rows[0]).toEqual(['Educando', '03/03/2025', '10/03/2025', 'Presentes', 'Ausentes', 'Justificadas', 'Sem marcação', 'Frequência (%)']);
    expect(rows[2]).toEqual(['Bruno; Lima', 'N', 'A', 0, 1, 0, 1, '0']);
    expect(rows.at(-1)).toEqual(['Total sem marcação', 1, 0]);
  });

  it('says in its column which date was no roll day, and why (a class not held, a day off)', () => {
    const withDays: AttendanceGrid = {
      ...grid,
      dates: [...grid.dates, '2025-03-17', '2025-03-24'],
      students: grid.students.map((student) => ({ ...student, cells: [...student.cells, null, null] })),
      rolls: [
        ...grid.rolls,
        {
          date: '2025-03-17',
          firstTakenBy: 'Carlos',
          firstTakenAt: '2025-03-17T17:00:00.000Z',
          correctedBy: null,
          correctedAt: null,
          notHeld: { reason: 'WEATHER' },
        },
        {
          date: '2025-03-24',
          firstTakenBy: 'Carlos',
          firstTakenAt: '2025-03-24T17:00:00.000Z',
          correctedBy: null,
          correctedAt: null,
          dayOff: 'Recesso',
        },
      ],
    };
    const rows = gridCsvRows(withDays, labels, 'pt-BR');
    expect(rows[0]!.slice(1, 5)).toEqual(['03/03/2025', '10/03/2025', '17/03/2025 (não realizada: WEATHER)', '24/03/2025 (folga: Recesso)']);
    expect(rows[1]!.slice(1, 5)).toEqual(['P', 'J', '', '']);
  });

  it('is only the header for a month without rolls', () => {
    expect(gridCsvRows({ ...grid, dates: [], totals: [], rolls: [], students: [] }, labels, 'en-US')).toEqual([
      ['Educando', 'Presentes', 'Ausentes', 'Justificadas', 'Frequência (%)'],
    ]);
  });

  it('names the file after the class and the month, without accents or characters file systems refuse', () => {
    expect(gridCsvFileName('frequencia', 'Futebol Sub-11 / Manhã', '2025-03')).toBe('frequencia-futebol-sub-11-manha-2025-03.csv');
  });
});
