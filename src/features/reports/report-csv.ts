/**
 * The rows of /relatorios' CSV exports (built and downloaded by src/lib/csv.ts): the students below the threshold
 * (from the alerts' answer), the month's classes and its arrivals per day. Headers come translated from the screen.
 */
import type { AttendanceAlerts, FrequencyReport } from '../../api/contract.ts';
import type { ArrivalsReport } from '../../api/general-roll-contract.ts';
import { csvDate, csvNumber, type CsvCell } from '../../lib/csv.ts';
import type { Locale } from '../../lib/i18n.ts';

export function belowThresholdRows(
  alerts: AttendanceAlerts,
  locale: Locale,
  headers: { student: string; frequency: string; rollDays: string },
): CsvCell[][] {
  return [
    [headers.student, headers.frequency, headers.rollDays],
    ...alerts.belowThreshold.map((student) => [student.studentName, csvNumber(student.frequencyPercent, locale), student.rollDays]),
  ];
}

export function classRows(
  report: FrequencyReport,
  locale: Locale,
  headers: {
    activity: string;
    class: string;
    present: string;
    absent: string;
    justified: string;
    rolls: string;
    rollDays: string;
    frequency: string;
  },
): CsvCell[][] {
  return [
    [headers.activity, headers.class, headers.present, headers.absent, headers.justified, headers.rolls, headers.rollDays, headers.frequency],
    ...report.classes.map((row) => [
      row.activityName,
      row.className,
      row.present,
      row.absent,
      row.justified,
      row.rolls,
      row.rollDays,
      csvNumber(row.frequencyPercent, locale),
    ]),
  ];
}

export function arrivalsRows(
  report: ArrivalsReport,
  locale: Locale,
  headers: { date: string; arrived: string; atGeneralRoll: string; classOnly: string },
): CsvCell[][] {
  return [
    [headers.date, headers.arrived, headers.atGeneralRoll, headers.classOnly],
    ...report.days.map((day) => [csvDate(day.date, locale), day.arrived, day.atGeneralRoll, day.arrived - day.atGeneralRoll]),
  ];
}
