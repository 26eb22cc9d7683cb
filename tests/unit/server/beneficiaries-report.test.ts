// @vitest-environment node
/**
 * The period report's beneficiaries (issue 53): who was served in a period and who came, by age band, gender, race,
 * school year, social programme and special needs, and the nominal list with each child's frequency by the one rule,
 * on a hand-checked fixture (March 2025, before any seeded enrolment, so the whole programme is the fixture alone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiariesReportSchema, parseAgeBands, type Beneficiary, type BeneficiariesReport } from '../../../src/api/beneficiaries-contract.ts';
import { attendanceGridSchema } from '../../../src/api/contract.ts';
import { countingPlan, periodCountsParams, periodCountsSql, periodParts } from '../../../server/data/period-counts.ts';
import { attendanceCountsSql } from '../../../server/data/rules/frequency.ts';
import { funderFixture } from './support/funder-fixture.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

/** The report with its nominal list (the route's default). */
async function report(query: string): Promise<BeneficiariesReport & { students: Beneficiary[] }> {
  const response = await server.app.inject(`/api/reports/beneficiaries?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const answer = beneficiariesReportSchema.parse(response.json());
  expect(answer.students).toBeDefined();
  return { ...answer, students: answer.students! };
}

describe('GET /api/reports/beneficiaries', () => {
  // Hand-checked fixture, the period 2025-03-01 to 2025-03-31 (age at the period's start):
  //   Futebol / Segunda (Mondays): 3rd, 10th (class not held), 17th, 24th, 31st (a roll, then made a holiday: counts for no one)
  //   Xadrez / Quarta (Wednesdays): 5th, 12th
  // Neighbourhoods as typed: Ana, Carla "Boa Vista", Bruno "boa  vista", Davi "Várzea", Hana " Varzea ", Iris none.
  //   Ana    8 (6–10)  both classes   Seg 3 P, 17 J, 24 P; Qua 5 P, 12 A: roll days 5, P 3, A 1, J 1: 3/(5-1) = 75 %
  //   Bruno 12 (11–14) Seg, enrolled on the 10th (inside): 17 P, 24 A: 1/2 = 50 %
  //   Carla 15 (15–17) Seg, left on the 18th (inside; last day the 17th): 3 A, 17 P: 50 %
  //   Davi  19 (18+)   Seg: 3 A, 17 A, 24 A: 0 %, served but never present
  //   Hana  12 (11–14) Seg, inactive from the 4th to the 19th: 3 P, 24 A: 50 %; first day the 1st, last the 31st
  //   Iris  10 (6–10)  Qua: 5 P, 12 A: 50 %
  //   not served: Eva (enrolled from April), Fábio (left in February), Gil (inactive since February)
  //   Ana's absence on 2025-02-24 and April's roll are outside the period.
  let futebol: string, xadrez: string, segunda: string;
  beforeAll(async () => {
    ({ futebol, xadrez, segunda } = await funderFixture(server));
  });

  it('counts the children served in the period and those who came, with each one’s days and frequency by the one rule', async () => {
    const answer = await report('from=2025-03-01&to=2025-03-31');
    expect(answer).toMatchObject({ from: '2025-03-01', to: '2025-03-31', activityIds: [], served: 6, attended: 5 });
    const byName = Object.fromEntries(answer.students.map((s) => [s.name, s]));
    expect(answer.students.map((s) => s.name)).toEqual(['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Rocha', 'Hana Melo', 'Iris Prado']);
    expect(byName['Ana Souza']).toMatchObject({ age: 8, ageBand: '6–10', rollDays: 5, present: 3, absent: 1, justified: 1, frequencyPercent: 75 });
    expect(byName['Ana Souza']!.classes.map((c) => c.className).sort()).toEqual(['Quarta', 'Segunda']);
    expect(byName['Bruno Lima']).toMatchObject({ age: 12, ageBand: '11–14', firstDay: '2025-03-10', lastDay: '2025-03-31', frequencyPercent: 50 });
    expect(byName['Carla Dias']).toMatchObject({ age: 15, ageBand: '15–17', firstDay: '2025-03-01', lastDay: '2025-03-17', frequencyPercent: 50 });
    expect(byName['Davi Rocha']).toMatchObject({ age: 19, ageBand: '18+', rollDays: 3, present: 0, frequencyPercent: 0 });
    expect(byName['Hana Melo']).toMatchObject({ firstDay: '2025-03-01', lastDay: '2025-03-31', rollDays: 2, present: 1, frequencyPercent: 50 });
    expect(byName['Iris Prado']).toMatchObject({ age: 10, ageBand: '6–10', rollDays: 2, frequencyPercent: 50 });
    // the nominal list gives the neighbourhood as the record has it (trimmed; none: null)
    expect(answer.students.map((s) => s.neighborhood)).toEqual(['Boa Vista', 'boa  vista', 'Boa Vista', 'Várzea', 'Varzea', null]);
  });

  it('breaks the two counts down by age band at the period’s start, gender, race, neighbourhood, school year, social programme and special needs', async () => {
    const { breakdowns } = await report('from=2025-03-01&to=2025-03-31');
    expect(breakdowns.ageBand).toEqual([
      { value: '6–10', served: 2, attended: 2 },
      { value: '11–14', served: 2, attended: 2 },
      { value: '15–17', served: 1, attended: 1 },
      { value: '18+', served: 1, attended: 0 },
    ]);
    expect(breakdowns.gender).toEqual([
      { value: 'FEMININO', served: 4, attended: 4 },
      { value: 'MASCULINO', served: 2, attended: 1 },
    ]);
    expect(breakdowns.race).toEqual([
      { value: 'PARDA', served: 2, attended: 2 },
      { value: 'BRANCA', served: 1, attended: 0 },
      { value: 'INDIGENA', served: 1, attended: 1 },
      { value: 'PRETA', served: 1, attended: 1 },
      { value: null, served: 1, attended: 1 },
    ]);
    // spellings that differ in case, accents or spaces are one neighbourhood, named by its most frequent spelling (Davi's
    // "Várzea" and Hana's "Varzea" once each: the first in name order)
    expect(breakdowns.neighborhood).toEqual([
      { value: 'Boa Vista', served: 3, attended: 3 },
      { value: 'Várzea', served: 2, attended: 1 },
      { value: null, served: 1, attended: 1 },
    ]);
    expect(breakdowns.schoolYear).toEqual([
      { value: '3º ano', served: 1, attended: 1 },
      { value: '7º ano', served: 1, attended: 1 },
      { value: null, served: 4, attended: 3 },
    ]);
    expect(breakdowns.socialProgram).toEqual([
      { value: 'BOLSA_FAMILIA', served: 2, attended: 2 },
      { value: null, served: 4, attended: 3 },
    ]);
    expect(breakdowns.specialNeeds).toEqual([
      { value: 'NO', served: 1, attended: 0 },
      { value: 'YES', served: 1, attended: 1 },
      { value: null, served: 4, attended: 4 },
    ]);
  });

  it('takes only the activities asked for, one or several', async () => {
    const one = await report(`from=2025-03-01&to=2025-03-31&activityId=${xadrez}`);
    expect(one).toMatchObject({ served: 2, attended: 2, activityIds: [xadrez] });
    // Ana over Xadrez alone: 5 P, 12 A
    expect(one.students.map((s) => [s.name, s.frequencyPercent])).toEqual([
      ['Ana Souza', 50],
      ['Iris Prado', 50],
    ]);
    const both = await report(`from=2025-03-01&to=2025-03-31&activityId=${xadrez}&activityId=${futebol}`);
    expect(both).toMatchObject({ served: 6, attended: 5 });
  });

  it('gives a child’s month in one class the figure the month grid gives', async () => {
    const grid = attendanceGridSchema.parse((await server.app.inject(`/api/classes/${segunda}/attendance?month=2025-03`)).json());
    const answer = await report(`from=2025-03-01&to=2025-03-31&activityId=${futebol}`);
    for (const student of answer.students) {
      const row = grid.students.find((s) => s.id === student.id)!;
      expect([student.rollDays, student.frequencyPercent], student.name).toEqual([row.rollDays, row.frequencyPercent]);
    }
  });

  it('counts a period of whole months and parts of months alike, by the same rule', async () => {
    // 15 Feb to 5 Apr: February's 24th (Ana A, Carla A, Davi A, Hana P), all of March, nothing of April's 7th
    const answer = await report('from=2025-02-15&to=2025-04-05');
    const byName = Object.fromEntries(answer.students.map((s) => [s.name, s]));
    expect(byName['Ana Souza']).toMatchObject({ rollDays: 6, present: 3, absent: 2, justified: 1, frequencyPercent: 60 });
    expect(byName['Hana Melo']).toMatchObject({ rollDays: 3, present: 2, frequencyPercent: 66.7 });
    // Fábio left on 20 February: served in this period, never marked
    expect(byName['Fábio Reis']).toMatchObject({ rollDays: 0, frequencyPercent: 0, lastDay: '2025-02-19' });
    // Eva, enrolled from 1 April, is served from then; Gil, inactive since 1 February, is not
    expect(byName['Eva Nunes']).toMatchObject({ firstDay: '2025-04-01', lastDay: '2025-04-05', rollDays: 0 });
    expect(answer).toMatchObject({ served: 8, attended: 5 });
    expect(periodParts('2025-02-15', '2025-04-05')).toEqual({
      months: ['2025-03-01', '2025-03-01'],
      edges: [
        ['2025-02-15', '2025-02-28'],
        ['2025-04-01', '2025-04-05'],
      ],
    });
    expect(periodParts('0001-01-01', '9999-12-31')).toEqual({ months: ['0001-01-01', '9999-12-01'], edges: [] });
  });

  it('counts an end of the period from its rolls, or as its whole month less the rest of it, with the same figures', async () => {
    // 15 Feb to 5 Apr: both ends counted from their rolls; 31 Jan to 20 Mar: March as its kept counts less 21-31 March
    expect(countingPlan('2025-02-15', '2025-04-05')).toEqual({
      months: ['2025-03-01', '2025-03-01'],
      add: [
        ['2025-02-15', '2025-02-28'],
        ['2025-04-01', '2025-04-05'],
      ],
      subtract: [],
    });
    expect(countingPlan('2025-01-31', '2025-03-20')).toEqual({
      months: ['2025-02-01', '2025-03-01'],
      add: [['2025-01-31', '2025-01-31']],
      subtract: [['2025-03-21', '2025-03-31']],
    });
    // a period inside one month, less its two sides; a short one across two months, from its rolls
    expect(countingPlan('2025-03-02', '2025-03-30').subtract).toEqual([
      ['2025-03-01', '2025-03-01'],
      ['2025-03-31', '2025-03-31'],
    ]);
    expect(countingPlan('2025-02-23', '2025-03-04')).toEqual({ months: null, add: [['2025-02-23', '2025-03-04']], subtract: [] });
    // every way of counting gives the rule applied to the period's rolls, per child, class and month
    for (const [from, to] of [
      ['2025-01-31', '2025-03-20'],
      ['2025-02-10', '2025-03-23'],
      ['2025-03-02', '2025-03-30'],
      ['2025-03-04', '2025-03-25'],
      ['2025-02-15', '2025-04-05'],
      ['2025-02-23', '2025-03-04'],
    ] as const) {
      const byPlan = await server.db.query(
        `SELECT student_id, class_id, to_char(month, 'YYYY-MM') AS month, sum(days)::int AS days, sum(present)::int AS present,
                sum(absent)::int AS absent, sum(justified)::int AS justified
           FROM (${periodCountsSql(1, () => 'true')}) counted GROUP BY 1, 2, 3 HAVING sum(days) <> 0 ORDER BY 1, 2, 3`,
        periodCountsParams(from, to),
      );
      const fromRolls = await server.db.query(
        `SELECT student_id, class_id, to_char(month, 'YYYY-MM') AS month, days, present, absent, justified
           FROM (${attendanceCountsSql({ perClass: true, perMonth: true, filter: (r) => `${r}.date >= $1::date AND ${r}.date <= $2::date` })}) c
          ORDER BY 1, 2, 3`,
        [from, to],
      );
      expect(byPlan, `${from} to ${to}`).toEqual(fromRolls);
      expect(fromRolls.length, `${from} to ${to}`).toBeGreaterThan(0);
    }
  });

  it('answers the figures alone when asked for no list, naming no child in the access record', async () => {
    const listed = await report('from=2025-02-15&to=2025-03-20');
    const response = await server.app.inject('/api/reports/beneficiaries?from=2025-02-15&to=2025-03-20&list=none');
    expect(response.statusCode).toBe(200);
    const figures = beneficiariesReportSchema.parse(response.json());
    expect(figures.students).toBeUndefined();
    const { students: _, ...listedFigures } = listed;
    expect(figures).toEqual(listedFigures);
    const [entry] = await server.db.query<{ n: number; student: string | null }>(
      `SELECT count(*)::int AS n, max(student_id) AS student
         FROM access_log WHERE route = '/reports/beneficiaries' AND at = (SELECT max(at) FROM access_log WHERE route = '/reports/beneficiaries')`,
    );
    expect(entry).toEqual({ n: 1, student: null });
  });

  it('gives attendance per activity and class over the period, each month beside it, by the one rule over summed counts', async () => {
    // Segunda, 15 Feb to 5 Apr: Feb 24th (roll days 4, P 1, A 3: 25 %); March's held rolls 3, 17, 24 (10th not held,
    // 31st a holiday): roll days 12, P 5, A 6, J 1: 5 / 11 = 45.5 %; the period: 4 rolls, 16 days, 6 / 15 = 40 %
    const { attendance } = await report(`from=2025-02-15&to=2025-04-05&activityId=${futebol}&activityId=${xadrez}`);
    const [first, second] = attendance.activities;
    expect(first).toMatchObject({
      activityId: futebol,
      total: { rolls: 4, rollDays: 16, present: 6, absent: 9, justified: 1, frequencyPercent: 40 },
    });
    expect(first!.classes).toEqual([
      {
        classId: segunda,
        className: 'Segunda',
        total: { rolls: 4, rollDays: 16, present: 6, absent: 9, justified: 1, frequencyPercent: 40 },
        months: [
          { month: '2025-02', rolls: 1, rollDays: 4, present: 1, absent: 3, justified: 0, frequencyPercent: 25 },
          { month: '2025-03', rolls: 3, rollDays: 12, present: 5, absent: 6, justified: 1, frequencyPercent: 45.5 },
        ],
      },
    ]);
    expect(first!.months.map((m) => m.month)).toEqual(['2025-02', '2025-03']);
    // Xadrez / Quarta: 5th (Ana P, Iris P), 12th (Ana A, Iris A)
    expect(second).toMatchObject({ activityId: xadrez, total: { rolls: 2, rollDays: 4, present: 2, absent: 2, frequencyPercent: 50 } });
    // The month alone gives the month's figure of the monthly report (the same counts)
    const march = await report(`from=2025-03-01&to=2025-03-31&activityId=${futebol}`);
    const monthly = (await server.app.inject('/api/reports/frequency?month=2025-03')).json<{
      classes: Array<{ classId: string; frequencyPercent: number; rolls: number }>;
    }>();
    const segundaMonth = monthly.classes.find((c) => c.classId === segunda)!;
    expect(march.attendance.activities[0]!.classes[0]!.total).toMatchObject({
      rolls: segundaMonth.rolls,
      frequencyPercent: segundaMonth.frequencyPercent,
    });
  });

  it('gives the activity calendar: per class and month, the days held, not held and why, and the calendar’s days off', async () => {
    const answer = await report(`from=2025-02-15&to=2025-04-05&activityId=${futebol}&activityId=${xadrez}`);
    const segundaCalendar = answer.calendar!.classes.find((c) => c.classId === segunda)!;
    expect(segundaCalendar).toMatchObject({ activityId: futebol, className: 'Segunda' });
    const holiday = { date: '2025-03-31', kind: 'HOLIDAY', name: 'Feriado municipal' };
    expect(segundaCalendar.months).toEqual([
      { month: '2025-02', held: ['2025-02-24'], notHeld: [], daysOff: [] },
      // the 31st's roll was saved, then the day made a holiday: on a day off, not a day held
      {
        month: '2025-03',
        held: ['2025-03-03', '2025-03-17', '2025-03-24'],
        notHeld: [{ date: '2025-03-10', reason: 'WEATHER', note: null }],
        daysOff: [holiday],
      },
    ]);
    // April's 7th is after the period
    expect(answer.calendar!.classes.map((c) => c.className)).toEqual(['Segunda', 'Quarta']);
    // the days held are the rolls the attendance part counts, month by month
    for (const activity of answer.attendance.activities)
      for (const group of activity.classes)
        for (const month of group.months) {
          const days = answer.calendar!.classes.find((c) => c.classId === group.classId)!.months.find((m) => m.month === month.month)!;
          expect(days.held.length, `${group.className} ${month.month}`).toBe(month.rolls);
        }
  });

  it('judges the age band at the period’s start and on the bands configured', async () => {
    // On 2025-03-02 Ana is 9; a period starting before Carla's enrolment ended and Hana's inactivity
    const later = await report('from=2025-03-02&to=2025-03-04');
    expect(later.students.find((s) => s.name === 'Ana Souza')).toMatchObject({ age: 9, rollDays: 1, present: 1 });
    expect(later.students.find((s) => s.name === 'Hana Melo')).toMatchObject({ firstDay: '2025-03-02', lastDay: '2025-03-03' });
    expect(parseAgeBands('0-5, 6-17, 18+').map((b) => b.label)).toEqual(['0–5', '6–17', '18+']);
    expect(() => parseAgeBands('6-10,10-14')).toThrow(/overlaps/);
    expect(() => parseAgeBands('18+,6-10')).toThrow(/only the last band may be open/);
    expect(() => parseAgeBands('seis')).toThrow(/not a band/);
  });

  it('writes one access record row per child named, in one statement, and refuses a period that ends before it starts', async () => {
    const answer = await report(`from=2025-03-01&to=2025-03-31&activityId=${futebol}`);
    const rows = await server.db.query<{ n: number; moments: number; students: string[] }>(
      `SELECT count(*)::int AS n, count(DISTINCT at)::int AS moments, array_agg(student_id ORDER BY student_id) AS students
         FROM access_log WHERE route = '/reports/beneficiaries' AND at = (SELECT max(at) FROM access_log WHERE route = '/reports/beneficiaries')`,
    );
    expect(rows[0]).toEqual({ n: 5, moments: 1, students: answer.students.map((s) => s.id).sort() });
    const reversed = await server.app.inject('/api/reports/beneficiaries?from=2025-03-31&to=2025-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ message: string }>().message).toMatch(/ends .* before it starts/);
  });
});
