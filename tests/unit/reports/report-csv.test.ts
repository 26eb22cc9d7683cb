import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../src/lib/csv.ts';
import { arrivalsRows, belowThresholdRows, classRows } from '../../../src/features/reports/report-csv.ts';
import { isMonth, shiftMonth } from '../../../src/lib/calendar-date.ts';
import type { AttendanceAlerts, FrequencyReport } from '../../../src/api/contract.ts';

const alerts: AttendanceAlerts = {
  month: '2026-03',
  minPercent: 75,
  belowThreshold: [
    { studentId: '1', studentName: 'Ana Souza', frequencyPercent: 62.5, rollDays: 8 },
    { studentId: '2', studentName: '=Bruno', frequencyPercent: 0, rollDays: 3 },
  ],
  absenceStreaks: [],
  missingRolls: [],
};
const report: FrequencyReport = {
  month: '2026-03',
  activities: [],
  classes: [
    {
      classId: 'c1',
      className: 'Capoeira; Segunda',
      activityId: 'a1',
      activityName: 'Capoeira',
      present: 5,
      absent: 2,
      justified: 1,
      rolls: 3,
      rollDays: 9,
      frequencyPercent: 62.5,
    },
  ],
};

describe("the reports' CSV rows", () => {
  it('lists the students below the threshold: name, frequency with a decimal comma in pt-BR, roll days', () => {
    const rows = belowThresholdRows(alerts, 'pt-BR', { student: 'Educando', frequency: 'Frequência (%)', rollDays: 'Dias de chamada' });
    expect(toCsv(rows, 'pt-BR')).toBe("\uFEFFEducando;Frequência (%);Dias de chamada\r\nAna Souza;62,5;8\r\n'=Bruno;0;3\r\n");
  });

  it("lists the month's classes with their figures (en-US: commas, a decimal point, quoted separators)", () => {
    const headers = { activity: 'A', class: 'C', present: 'P', absent: 'Ab', justified: 'J', rolls: 'R', rollDays: 'RD', frequency: 'F' };
    expect(toCsv(classRows(report, 'en-US', headers), 'en-US')).toBe('\uFEFFA,C,P,Ab,J,R,RD,F\r\nCapoeira,Capoeira; Segunda,5,2,1,3,9,62.5\r\n');
    expect(toCsv(classRows(report, 'pt-BR', headers), 'pt-BR')).toContain('Capoeira;"Capoeira; Segunda";5;2;1;3;9;62,5\r\n');
  });
});

describe('the arrivals per day as CSV rows', () => {
  it('lists each day with its arrivals, those marked at the general roll and those through a class roll only', () => {
    const arrivals = {
      month: '2026-03',
      days: [
        { date: '2026-03-02', arrived: 12, atGeneralRoll: 9 },
        { date: '2026-03-03', arrived: 0, atGeneralRoll: 0 },
      ],
    };
    const headers = { date: 'Dia', arrived: 'Chegaram', atGeneralRoll: 'Geral', classOnly: 'Turma' };
    expect(toCsv(arrivalsRows(arrivals, 'pt-BR', headers), 'pt-BR')).toBe(
      '\uFEFFDia;Chegaram;Geral;Turma\r\n02/03/2026;12;9;3\r\n03/03/2026;0;0;0\r\n',
    );
    expect(toCsv(arrivalsRows(arrivals, 'en-US', headers), 'en-US')).toContain('2026-03-02,12,9,3\r\n');
  });
});

describe('the month switcher', () => {
  it('steps across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-03', -15)).toBe('2024-12');
  });

  it('takes only YYYY-MM months 01 to 12', () => {
    expect(['2026-03', '2026-12'].every(isMonth)).toBe(true);
    expect(['2026-13', '2026-00', '2026-3', '2026-03-01', 202603, undefined].some(isMonth)).toBe(false);
  });
});
