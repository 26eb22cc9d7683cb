/**
 * The month grid as CSV rows (src/lib/csv.ts writes the file): a header, one row per student with P/A/J/N per date and
 * their totals and frequency, then the totals per date. Labels come from the screen, in the user's language. A date that
 * was no roll day (a class not held, a calendar day off: issue 50) says so in its column's header, with its reason.
 */
import type { AttendanceGrid } from '../../api/contract.ts';
import { csvDate, csvNumber, type CsvCell } from '../../lib/csv.ts';
import type { Locale } from '../../lib/i18n.ts';

export type GridCsvLabels = {
  student: string;
  present: string;
  absent: string;
  justified: string;
  frequency: string;
  totalPresent: string;
  totalAbsent: string;
  totalJustified: string;
  /** Issue 56: on a date's roster, not on its roll (the server's grid only). */
  notMarked: string;
  totalNotMarked: string;
  /** What a date's column says when it was no roll day (a class not held, a day off), with its reason; undefined otherwise. */
  notHeld: (roll: AttendanceGrid['rolls'][number]) => string | undefined;
};

export function gridCsvRows(grid: AttendanceGrid, labels: GridCsvLabels, locale: Locale): CsvCell[][] {
  const hasNotMarked = grid.students.some((student) => student.notMarked !== undefined);
  const header: CsvCell[] = [
    labels.student,
    ...grid.dates.map((date) => {
      const roll = grid.rolls.find((item) => item.date === date);
      const note = roll ? labels.notHeld(roll) : undefined;
      return note ? `${csvDate(date, locale)} (${note})` : csvDate(date, locale);
    }),
    labels.present,
    labels.absent,
    labels.justified,
    ...(hasNotMarked ? [labels.notMarked] : []),
    labels.frequency,
  ];
  const students = grid.students.map((student): CsvCell[] => [
    student.name,
    ...grid.dates.map((_, i) => student.cells[i] ?? ''),
    student.present,
    student.absent,
    student.justified,
    ...(hasNotMarked ? [student.notMarked ?? 0] : []),
    csvNumber(student.frequencyPercent, locale),
  ]);
  const totalRow = (label: string, count: (total: AttendanceGrid['totals'][number]) => number): CsvCell[] => [
    label,
    ...grid.dates.map((date) => {
      const total = grid.totals.find((item) => item.date === date);
      return total ? count(total) : '';
    }),
  ];
  const totals = grid.dates.length
    ? [
        totalRow(labels.totalPresent, (total) => total.present),
        totalRow(labels.totalAbsent, (total) => total.absent),
        totalRow(labels.totalJustified, (total) => total.justified),
        ...(hasNotMarked ? [totalRow(labels.totalNotMarked, (total) => total.notMarked ?? 0)] : []),
      ]
    : [];
  return [header, ...students, ...totals];
}

/** A file name a spreadsheet user recognises: prefix, class and month, without characters file systems refuse. */
export function gridCsvFileName(prefix: string, className: string, month: string): string {
  const slug = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return `${[slug(prefix), slug(className), month].filter(Boolean).join('-')}.csv`;
}
