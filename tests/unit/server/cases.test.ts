// @vitest-environment node
/**
 * Follow-up cases ("busca ativa", issue 50): a case opened from an alert goes through every step (a contact whose
 * outcome is said later, a home visit, a referral, the causes heard) to its close; one open case per child; resends
 * change nothing; every read is in the child's access record; and no log line names a cause or a note. Runs on PGlite,
 * and on PostgreSQL with scripts/with-postgres.sh.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app.ts';
import { alertNoter, noteAlerted } from '../../../server/data/cases.ts';
import { loggerOptions } from '../../../server/edge.ts';
import { caseListSchema, caseSchema, followUpReportSchema, studentCasesSchema, type FollowUpCase } from '../../../src/api/cases-contract.ts';
import { apiErrorSchema } from '../../../src/api/contract.ts';
import { openTestDb, type TestDb } from './support/test-db.ts';
import { SETUP_TIMEOUT_MS } from './support/test-server.ts';

let testDb: TestDb;
let app: FastifyInstance;
let clock = new Date('2026-03-10T15:00:00Z');
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildServer({
    db: testDb.db,
    distDir: mkdtempSync(join(tmpdir(), 'quadra-nodist-')),
    logger: { ...loggerOptions('info'), stream: sink },
    now: () => clock,
  });
  await app.ready();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
  await testDb.close();
});

const day = () => clock.toISOString().slice(0, 10);
const setDay = (date: string) => {
  clock = new Date(`${date}T15:00:00Z`);
};

async function makeChild(name = 'Joana Teste'): Promise<{ studentId: string; classId: string }> {
  const activityId = randomUUID();
  const classId = randomUUID();
  const studentId = randomUUID();
  await testDb.db.run(`INSERT INTO activities (id, name, teacher, area, frequency) VALUES ($1, 'Vôlei', 'Prof', 'Esporte', 'Semanal')`, [activityId]);
  await testDb.db.run(
    `INSERT INTO classes (id, title, meetings, level, activity_id) VALUES ($1, $2, '[{"weekDay":"TERCA","start":"09:00","end":"10:00"}]', 'Básico', $3)`,
    [classId, `Vôlei ${classId.slice(0, 4)}`, activityId],
  );
  await testDb.db.run('INSERT INTO students (id, full_name) VALUES ($1, $2)', [studentId, name]);
  await testDb.db.run(`INSERT INTO class_enrollments (class_id, student_id, enrolled_on) VALUES ($1, $2, '2020-01-01')`, [classId, studentId]);
  return { studentId, classId };
}

const open = (body: object) => app.inject({ method: 'POST', url: '/api/cases', payload: body });
const step = (caseId: string, body: object) => app.inject({ method: 'POST', url: `/api/cases/${caseId}/steps`, payload: body });
const close = (caseId: string, body: object) => app.inject({ method: 'POST', url: `/api/cases/${caseId}/close`, payload: body });
const readOne = async (caseId: string) => caseSchema.parse((await app.inject(`/api/cases/${caseId}`)).json());
const accessRows = (studentId: string, route: string) =>
  testDb.db.query<{ method: string }>('SELECT method FROM access_log WHERE student_id = $1 AND route = $2', [studentId, route]);

describe('a follow-up case, from the alert to its close', () => {
  it('goes through every step: a contact said later, a home visit, a referral, the causes, then RETURNED', async () => {
    setDay('2026-03-10');
    const { studentId, classId } = await makeChild('Joana Acompanhada');
    // Home showed her on an alert two days ago: the case's alert day, for the time to the first contact.
    await noteAlerted(testDb.db, '2026-03-08', [], [studentId]);
    const caseId = randomUUID();
    const opened = await open({ id: caseId, studentId, origin: 'ABSENT_STREAK', note: 'Faltou três vezes' });
    expect(opened.statusCode).toBe(201);
    const created = caseSchema.parse(opened.json());
    expect(created).toMatchObject({
      id: caseId,
      studentId,
      studentName: 'Joana Acompanhada',
      status: 'OPEN',
      origin: 'ABSENT_STREAK',
      alertedOn: '2026-03-08',
      openedOn: '2026-03-10',
      nextStepOn: '2026-03-13',
      late: false,
      daysOpen: 0,
      version: 1,
      steps: [],
    });
    expect(created.classNames).toEqual([`Vôlei ${classId.slice(0, 4)}`]);

    // The coordinator follows the WhatsApp link: a contact whose outcome is still to say.
    const contactId = randomUUID();
    const contact = await step(caseId, { id: contactId, kind: 'CONTACT', channel: 'WHATSAPP', at: '2026-03-10T14:00:00Z' });
    expect(contact.statusCode).toBe(201);
    expect(caseSchema.parse(contact.json()).steps).toEqual([
      expect.objectContaining({ id: contactId, kind: 'CONTACT', channel: 'WHATSAPP', outcome: null }),
    ]);
    expect(caseSchema.parse(contact.json())).toMatchObject({ version: 2, nextStepOn: '2026-03-17' });
    // Back in Quadra she says how it went; the same answer again is a resend, another one a conflict.
    const said = await app.inject({ method: 'PUT', url: `/api/cases/${caseId}/steps/${contactId}/outcome`, payload: { outcome: 'MESSAGE_LEFT' } });
    expect(said.statusCode).toBe(200);
    expect(caseSchema.parse(said.json()).steps[0]!.outcome).toBe('MESSAGE_LEFT');
    expect(
      (await app.inject({ method: 'PUT', url: `/api/cases/${caseId}/steps/${contactId}/outcome`, payload: { outcome: 'MESSAGE_LEFT' } })).statusCode,
    ).toBe(200);
    const other = await app.inject({ method: 'PUT', url: `/api/cases/${caseId}/steps/${contactId}/outcome`, payload: { outcome: 'REACHED' } });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'outcome-said' });

    setDay('2026-03-12');
    const visitId = randomUUID();
    const visit = {
      id: visitId,
      kind: 'HOME_VISIT',
      at: '2026-03-12T10:00:00Z',
      note: 'A mãe contou que a menina está doente',
      nextStepOn: '2026-03-20',
    };
    expect((await step(caseId, visit)).statusCode).toBe(201);
    // The visit sent again (a resend after a timeout) arrives once.
    const again = await step(caseId, visit);
    expect(again.statusCode).toBe(200);
    expect(caseSchema.parse(again.json()).steps.filter((s) => s.id === visitId)).toHaveLength(1);
    expect(caseSchema.parse(again.json()).nextStepOn).toBe('2026-03-20');

    const referral = await step(caseId, { kind: 'REFERRAL', at: '2026-03-12T11:00:00Z', referralTo: 'HEALTH_UNIT', referralOn: '2026-03-13' });
    expect(referral.statusCode).toBe(201);
    const causes = await step(caseId, { kind: 'CAUSES', at: '2026-03-12T11:05:00Z', causes: ['HEALTH', 'TRANSPORT', 'HEALTH'] });
    expect(causes.statusCode).toBe(201);
    const afterSteps = caseSchema.parse(causes.json());
    expect(afterSteps.steps.map((s) => s.kind)).toEqual(['CONTACT', 'HOME_VISIT', 'REFERRAL', 'CAUSES']);
    expect(afterSteps.steps[2]).toMatchObject({ referralTo: 'HEALTH_UNIT', referralOn: '2026-03-13' });
    expect(afterSteps.steps[3]!.causes).toEqual(['HEALTH', 'TRANSPORT']);
    expect(afterSteps.daysOpen).toBe(2);

    // Past its next step, the case is late, in the list and on its own.
    setDay('2026-03-25');
    const list = caseListSchema.parse((await app.inject('/api/cases')).json());
    expect(list.find((row) => row.id === caseId)).toMatchObject({ late: true, daysOpen: 15, status: 'OPEN' });
    expect((await readOne(caseId)).late).toBe(true);

    // A close decided on an older version is refused with the case as it is now.
    const stale = await close(caseId, { outcome: 'RETURNED', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(apiErrorSchema.parse(stale.json())).toMatchObject({ code: 'stale-version', current: expect.objectContaining({ id: caseId }) });
    const closed = await close(caseId, { outcome: 'RETURNED', note: 'Voltou às aulas', version: afterSteps.version });
    expect(closed.statusCode).toBe(200);
    expect(caseSchema.parse(closed.json())).toMatchObject({
      status: 'CLOSED',
      outcome: 'RETURNED',
      closedOn: '2026-03-25',
      nextStepOn: null,
      late: false,
    });
    expect((await close(caseId, { outcome: 'RETURNED', version: afterSteps.version })).statusCode).toBe(200);
    expect((await close(caseId, { outcome: 'NOT_FOUND', version: afterSteps.version + 1 })).json()).toMatchObject({ code: 'case-closed' });
    const late = await step(caseId, { kind: 'HOME_VISIT', at: '2026-03-25T10:00:00Z' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'case-closed' });

    // Rolls after the close; the frequency since shows only 30 days after it, by the one rule.
    for (const [date, status] of [
      ['2026-03-31', 'PRESENT'],
      ['2026-04-07', 'PRESENT'],
      ['2026-04-14', 'ABSENT'],
    ] as const) {
      setDay(date);
      const roll = await app.inject({
        method: 'PUT',
        url: `/api/classes/${classId}/attendance/${date}`,
        payload: { takenBy: 'Ana', takenAt: `${date}T17:00:00.000Z`, entries: [{ studentId, status }] },
      });
      expect(roll.statusCode).toBe(200);
    }
    setDay('2026-04-20');
    expect((await readOne(caseId)).frequencySince).toBeNull();
    setDay('2026-04-24');
    expect((await readOne(caseId)).frequencySince).toEqual({
      from: '2026-03-25',
      rollDays: 3,
      present: 2,
      absent: 1,
      justified: 0,
      frequencyPercent: 66.7,
    });

    // Closed, the child may be followed again: a new case.
    const reopened = await open({ studentId, origin: 'MANUAL' });
    expect(reopened.statusCode).toBe(201);
    const profile = studentCasesSchema.parse((await app.inject(`/api/students/${studentId}/cases`)).json());
    expect(profile.map((c) => c.status)).toEqual(['OPEN', 'CLOSED']);
    expect(profile[1]!.steps).toHaveLength(4);
  });
});

describe('one open case per child, and resends', () => {
  it('answers a second opening 409 with the open case; the same id again 200; an id of another child 409', async () => {
    setDay('2026-05-04');
    const { studentId } = await makeChild();
    const { studentId: otherChild } = await makeChild('Outra Criança');
    const id = randomUUID();
    const first = await open({ id, studentId, origin: 'BELOW_THRESHOLD' });
    expect(first.statusCode).toBe(201);
    // Not seen on an alert: no alert day.
    expect(caseSchema.parse(first.json()).alertedOn).toBeNull();
    const resend = await open({ id, studentId, origin: 'BELOW_THRESHOLD' });
    expect(resend.statusCode).toBe(200);
    expect(caseSchema.parse(resend.json()).id).toBe(id);
    const second = await open({ id: randomUUID(), studentId, origin: 'MANUAL' });
    expect(second.statusCode).toBe(409);
    expect(apiErrorSchema.parse(second.json())).toMatchObject({ code: 'case-open', current: expect.objectContaining({ id }) });
    expect((await open({ id, studentId: otherChild, origin: 'MANUAL' })).statusCode).toBe(409);
    const count = await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM follow_up_cases WHERE student_id = $1', [studentId]);
    expect(count[0]!.n).toBe(1);
    // Two openings at once: one case.
    const { studentId: racing } = await makeChild('Corrida');
    const answers = await Promise.all([open({ studentId: racing, origin: 'MANUAL' }), open({ studentId: racing, origin: 'MANUAL' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a step of another case’s id, a step dated after tomorrow, a referral without its place, and a missing case or child', async () => {
    setDay('2026-05-04');
    const { studentId: a } = await makeChild();
    const { studentId: b } = await makeChild();
    const caseA = caseSchema.parse((await open({ studentId: a, origin: 'MANUAL' })).json()).id;
    const caseB = caseSchema.parse((await open({ studentId: b, origin: 'MANUAL' })).json()).id;
    const stepId = randomUUID();
    expect((await step(caseA, { id: stepId, kind: 'HOME_VISIT', at: '2026-05-04T10:00:00Z' })).statusCode).toBe(201);
    expect((await step(caseB, { id: stepId, kind: 'HOME_VISIT', at: '2026-05-04T10:00:00Z' })).statusCode).toBe(409);
    expect((await step(caseA, { kind: 'HOME_VISIT', at: '2026-05-07T10:00:00Z' })).statusCode).toBe(400);
    expect((await step(caseA, { kind: 'REFERRAL', at: '2026-05-04T10:00:00Z', referralOn: '2026-05-05' })).statusCode).toBe(400);
    expect((await step(caseA, { kind: 'CAUSES', at: '2026-05-04T10:00:00Z', causes: [] })).statusCode).toBe(400);
    expect((await step(caseA, { kind: 'HOME_VISIT', at: '2026-05-04T10:00:00Z', causes: ['HEALTH'] })).statusCode).toBe(400);
    expect((await step(randomUUID(), { kind: 'HOME_VISIT', at: '2026-05-04T10:00:00Z' })).statusCode).toBe(404);
    expect((await open({ studentId: randomUUID(), origin: 'MANUAL' })).statusCode).toBe(404);
    expect((await app.inject(`/api/cases/${randomUUID()}`)).statusCode).toBe(404);
    const visit = (await readOne(caseA)).steps[0]!;
    const outcome = await app.inject({ method: 'PUT', url: `/api/cases/${caseA}/steps/${visit.id}/outcome`, payload: { outcome: 'REACHED' } });
    expect(outcome.statusCode).toBe(400);
  });
});

describe('the list and the access record', () => {
  it('filters by status, and records a read of every listed child (one entry each), of one case, of a child’s cases', async () => {
    setDay('2026-06-01');
    const { studentId: openChild } = await makeChild('Aberto Caso');
    const { studentId: closedChild } = await makeChild('Fechado Caso');
    await open({ studentId: openChild, origin: 'MANUAL' });
    const toClose = caseSchema.parse((await open({ studentId: closedChild, origin: 'MANUAL' })).json());
    await close(toClose.id, { outcome: 'TRANSFERRED', version: toClose.version });

    const openList = caseListSchema.parse((await app.inject('/api/cases?status=open')).json());
    expect(openList.some((row) => row.studentId === openChild)).toBe(true);
    expect(openList.every((row) => row.status === 'OPEN')).toBe(true);
    const closedList = caseListSchema.parse((await app.inject('/api/cases?status=closed')).json());
    expect(closedList.find((row) => row.studentId === closedChild)).toMatchObject({ outcome: 'TRANSFERRED', closedOn: '2026-06-01' });
    expect(closedList.every((row) => row.status === 'CLOSED')).toBe(true);
    const all = caseListSchema.parse((await app.inject('/api/cases?status=all')).json());
    expect(all.length).toBe(openList.length + closedList.length);
    expect((await app.inject('/api/cases?status=late')).statusCode).toBe(400);

    // Each listed child's record has the list's read; one statement wrote them all.
    const reads = async (studentId: string) => (await accessRows(studentId, '/cases')).filter((row) => row.method === 'GET');
    expect(await reads(openChild)).toHaveLength(2);
    expect(await reads(closedChild)).toHaveLength(2);
    await readOne(toClose.id);
    expect(await accessRows(closedChild, '/cases/:id')).toEqual([{ method: 'GET' }]);
    await app.inject(`/api/students/${closedChild}/cases`);
    expect(await accessRows(closedChild, '/students/:id/cases')).toEqual([{ method: 'GET' }]);
    // The writes too: the opening and the close.
    expect((await accessRows(closedChild, '/cases')).filter((row) => row.method === 'POST')).toHaveLength(1);
    expect(await accessRows(closedChild, '/cases/:id/close')).toEqual([{ method: 'POST' }]);
  });

  it('writes no cause and no note in any log line', async () => {
    setDay('2026-06-02');
    const { studentId } = await makeChild('Sem Registro');
    lines.length = 0;
    const opened = caseSchema.parse((await open({ studentId, origin: 'MANUAL', note: 'NOTA-SIGILOSA-1' })).json()) as FollowUpCase;
    await step(opened.id, { kind: 'CAUSES', at: '2026-06-02T10:00:00Z', causes: ['VIOLENCE', 'PREGNANCY'], note: 'NOTA-SIGILOSA-2' });
    await step(opened.id, { kind: 'HOME_VISIT', at: '2026-06-02T10:00:00Z', causes: ['VIOLENCE'] }); // refused: its message names a field, not a value
    await close(opened.id, { outcome: 'OTHER', note: 'NOTA-SIGILOSA-3', version: 99 });
    await app.inject(`/api/cases/${opened.id}`);
    expect(lines.length).toBeGreaterThan(3);
    const everything = lines.join('\n');
    expect(everything).not.toMatch(/NOTA-SIGILOSA|VIOLENCE|PREGNANCY|Sem Registro/);
    expect(day()).toBe('2026-06-02');
  });
});

describe("the month's follow-up report", () => {
  it('counts opened and closed cases, outcomes, causes, the median days to a first contact, the alerted with a case, and the frequency around a RETURNED close', async () => {
    setDay('2027-03-15');
    const a = await makeChild('Ana Relatório');
    const b = await makeChild('Bia Relatório');
    const c = await makeChild('Caio Relatório');
    await noteAlerted(testDb.db, '2027-02-01', [b.studentId], [a.studentId]);
    await noteAlerted(testDb.db, '2027-02-02', [c.studentId, b.studentId], []);
    const roll = async (classId: string, studentId: string, date: string, status: string) => {
      const saved = await app.inject({
        method: 'PUT',
        url: `/api/classes/${classId}/attendance/${date}`,
        payload: { takenBy: 'Ana', takenAt: `${date}T17:00:00.000Z`, entries: [{ studentId, status }] },
      });
      expect(saved.statusCode).toBe(200);
    };
    // Ana: 1 of 4 in the 30 days before her RETURNED close (10 Feb), 2 of 3 after it.
    for (const [date, status] of [
      ['2027-01-12', 'PRESENT'],
      ['2027-01-19', 'ABSENT'],
      ['2027-01-26', 'ABSENT'],
      ['2027-02-02', 'ABSENT'],
      ['2027-02-16', 'PRESENT'],
      ['2027-02-23', 'PRESENT'],
      ['2027-03-02', 'ABSENT'],
    ] as const)
      await roll(a.classId, a.studentId, date, status);

    setDay('2027-02-03');
    const caseA = caseSchema.parse((await open({ studentId: a.studentId, origin: 'ABSENT_STREAK' })).json());
    expect(caseA.alertedOn).toBe('2027-02-01');
    setDay('2027-02-05');
    await step(caseA.id, { kind: 'CONTACT', channel: 'PHONE', outcome: 'REACHED', at: '2027-02-05T12:00:00Z' });
    const withCauses = caseSchema.parse((await step(caseA.id, { kind: 'CAUSES', at: '2027-02-05T12:10:00Z', causes: ['HEALTH', 'FAMILY'] })).json());
    setDay('2027-02-10');
    expect((await close(caseA.id, { outcome: 'RETURNED', version: withCauses.version })).statusCode).toBe(200);
    setDay('2027-02-20');
    const caseB = caseSchema.parse((await open({ studentId: b.studentId, origin: 'BELOW_THRESHOLD' })).json());
    setDay('2027-02-22');
    await step(caseB.id, { kind: 'CONTACT', channel: 'WHATSAPP', at: '2027-02-22T12:00:00Z' });

    setDay('2027-03-15');
    const report = followUpReportSchema.parse((await app.inject('/api/reports/follow-up?month=2027-02')).json());
    expect(report).toMatchObject({
      month: '2027-02',
      opened: 2,
      closed: 1,
      medianDaysToFirstContact: 12.5,
      alerted: 3,
      alertedWithCase: 1,
      alertedWithCasePercent: 33.3,
    });
    expect(report.outcomes.find((row) => row.code === 'RETURNED')!.count).toBe(1);
    expect(report.causes.filter((row) => row.count > 0)).toEqual([
      { code: 'HEALTH', count: 1 },
      { code: 'FAMILY', count: 1 },
    ]);
    expect(report.returned).toEqual({
      children: 1,
      before: { rollDays: 4, present: 1, justified: 0, frequencyPercent: 25 },
      after: { rollDays: 3, present: 2, justified: 0, frequencyPercent: 66.7 },
    });
    // The case names the dates the child missed in the last 30 days (the message to a guardian names them).
    expect((await readOne(caseA.id)).missedDates).toEqual(['2027-03-02']);
    const empty = followUpReportSchema.parse((await app.inject('/api/reports/follow-up?month=1999-01')).json());
    expect(empty).toMatchObject({ opened: 0, closed: 0, medianDaysToFirstContact: null, alertedWithCasePercent: null });
  });
});

describe("the alerts' children noted as seen", () => {
  it('keeps the first day of each month and kind, and writes only the children new to the server', async () => {
    const a = await makeChild('Ana Vista');
    const b = await makeChild('Bia Vista');
    const seen = async () =>
      testDb.db.query<{ student_id: string; origin: string; first_on: string }>(
        `SELECT student_id, origin, to_char(first_on, 'YYYY-MM-DD') AS first_on FROM follow_up_alerts
          WHERE student_id = ANY($1) ORDER BY first_on, origin, student_id`,
        [[a.studentId, b.studentId]],
      );
    const note = alertNoter(testDb.db);
    await note('2027-05-03', [a.studentId], []);
    await note('2027-05-04', [a.studentId, b.studentId], [a.studentId]);
    expect(await seen()).toEqual([
      { student_id: a.studentId, origin: 'BELOW_THRESHOLD', first_on: '2027-05-03' },
      { student_id: a.studentId, origin: 'ABSENT_STREAK', first_on: '2027-05-04' },
      { student_id: b.studentId, origin: 'BELOW_THRESHOLD', first_on: '2027-05-04' },
    ]);
    // A child it noted this month is not written again: a row gone from the table stays gone for this noter...
    await testDb.db.run("DELETE FROM follow_up_alerts WHERE student_id = $1 AND origin = 'ABSENT_STREAK'", [a.studentId]);
    await note('2027-05-05', [a.studentId, b.studentId], [a.studentId]);
    expect((await seen()).filter((row) => row.origin === 'ABSENT_STREAK')).toEqual([]);
    // ...while another server process (a new noter) writes it, and the database keeps the days already there.
    await alertNoter(testDb.db)('2027-05-06', [a.studentId, b.studentId], [a.studentId]);
    expect(await seen()).toContainEqual({ student_id: a.studentId, origin: 'ABSENT_STREAK', first_on: '2027-05-06' });
    expect(await seen()).toContainEqual({ student_id: b.studentId, origin: 'BELOW_THRESHOLD', first_on: '2027-05-04' });
    // A new month starts over.
    await note('2027-06-01', [], [a.studentId]);
    expect(await seen()).toContainEqual({ student_id: a.studentId, origin: 'ABSENT_STREAK', first_on: '2027-06-01' });
  });
});
