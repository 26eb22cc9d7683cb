/**
 * The period report's hand-checked fixture (issue 53), shared by the report's test and the funder's pack's: March 2025,
 * before any seeded enrolment, so the whole programme is the fixture alone. The hand-checked figures are written where
 * they are asserted (beneficiaries-report.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AttendanceEntry } from '../../../../src/api/contract.ts';
import type { TestServer } from './test-server.ts';

export type Child = {
  name: string;
  dob?: string;
  gender?: string;
  race?: string;
  schoolYear?: string;
  socialProgram?: string;
  neighborhood?: string;
  from?: string;
  ended?: string;
  inactive?: [string, string | null];
};

async function makeActivity(server: TestServer, name: string): Promise<string> {
  const id = randomUUID();
  await server.db.run(`INSERT INTO activities (id, name, teacher, area, frequency) VALUES ($1, $2, 'Mestre', 'Esporte', 'Semanal')`, [id, name]);
  return id;
}
async function makeClass(server: TestServer, activityId: string, title: string, weekDay: string): Promise<string> {
  const id = randomUUID();
  await server.db.run(
    `INSERT INTO classes (id, title, meetings, level, activity_id) VALUES ($1, $2, jsonb_build_array(jsonb_build_object('weekDay', $3::text, 'start', '14:00', 'end', '15:00')), 'Básico', $4)`,
    [id, title, weekDay, activityId],
  );
  return id;
}
async function makeChild(server: TestServer, child: Child): Promise<string> {
  const id = randomUUID();
  await server.db.run(
    'INSERT INTO students (id, full_name, date_of_birth, gender, race, school_year, social_program, address_neighborhood) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [
      id,
      child.name,
      child.dob ?? null,
      child.gender ?? null,
      child.race ?? null,
      child.schoolYear ?? null,
      child.socialProgram ?? null,
      child.neighborhood ?? null,
    ],
  );
  if (child.inactive)
    await server.db.run(`INSERT INTO student_inactivity (student_id, from_on, until_on, reason) VALUES ($1, $2, $3, 'Mudou de cidade')`, [
      id,
      ...child.inactive,
    ]);
  return id;
}
async function enrol(server: TestServer, classId: string, studentId: string, from = '2020-01-01', ended: string | null = null) {
  await server.db.run('INSERT INTO class_enrollments (class_id, student_id, enrolled_on, ended_on) VALUES ($1, $2, $3, $4)', [
    classId,
    studentId,
    from,
    ended,
  ]);
}
export async function putRoll(server: TestServer, classId: string, date: string, body: object) {
  const response = await server.app.inject({
    method: 'PUT',
    url: `/api/classes/${classId}/attendance/${date}`,
    payload: { takenBy: 'Carlos Eduardo Nascimento', takenAt: `${date}T17:00:00.000Z`, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
}
export const P = (studentId: string): AttendanceEntry => ({ studentId, status: 'PRESENT' });
export const A = (studentId: string): AttendanceEntry => ({ studentId, status: 'ABSENT' });
export const J = (studentId: string): AttendanceEntry => ({ studentId, status: 'JUSTIFIED', reason: 'HEALTH' });

export type FunderFixture = { futebol: string; xadrez: string; segunda: string; quarta: string; id: Record<string, string> };

/** Writes the fixture (fresh activity names each time) and gives its ids. */
export async function funderFixture(server: TestServer): Promise<FunderFixture> {
  const id: Record<string, string> = {};

  const futebol = await makeActivity(server, `Futebol ${randomUUID().slice(0, 6)}`);
  const xadrez = await makeActivity(server, `Xadrez ${randomUUID().slice(0, 6)}`);
  const segunda = await makeClass(server, futebol, 'Segunda', 'SEGUNDA');
  const quarta = await makeClass(server, xadrez, 'Quarta', 'QUARTA');
  const children: Record<string, Child & { classes: string[] }> = {
    ana: {
      name: 'Ana Souza',
      dob: '2016-03-02',
      gender: 'FEMININO',
      race: 'PARDA',
      schoolYear: '3º ano',
      socialProgram: 'BOLSA_FAMILIA',
      neighborhood: 'Boa Vista',
      classes: [segunda, quarta],
    },
    bruno: {
      name: 'Bruno Lima',
      dob: '2013-03-01',
      gender: 'MASCULINO',
      race: 'PRETA',
      schoolYear: '7º ano',
      neighborhood: 'boa  vista',
      from: '2025-03-10',
      classes: [segunda],
    },
    carla: {
      name: 'Carla Dias',
      dob: '2010-02-28',
      gender: 'FEMININO',
      race: 'PARDA',
      neighborhood: 'Boa Vista',
      ended: '2025-03-18',
      classes: [segunda],
    },
    davi: { name: 'Davi Rocha', dob: '2006-01-01', gender: 'MASCULINO', race: 'BRANCA', neighborhood: 'Várzea', classes: [segunda] },
    hana: {
      name: 'Hana Melo',
      dob: '2012-05-05',
      gender: 'FEMININO',
      neighborhood: ' Varzea ',
      inactive: ['2025-03-04', '2025-03-20'],
      classes: [segunda],
    },
    iris: { name: 'Iris Prado', dob: '2015-01-01', gender: 'FEMININO', race: 'INDIGENA', socialProgram: 'BOLSA_FAMILIA', classes: [quarta] },
    eva: { name: 'Eva Nunes', dob: '2020-01-01', from: '2025-04-01', classes: [segunda] },
    fabio: { name: 'Fábio Reis', ended: '2025-02-20', classes: [segunda] },
    gil: { name: 'Gil Alves', dob: '2014-06-01', inactive: ['2025-02-01', null], classes: [segunda] },
  };
  for (const [key, child] of Object.entries(children)) {
    const childId = await makeChild(server, child);
    id[key] = childId;
    for (const classId of child.classes) await enrol(server, classId, childId, child.from, child.ended ?? null);
  }
  await server.db.run(
    `INSERT INTO student_assessments (student_id, form_type, form_version, answers, written_by_id, written_by, written_by_access)
       VALUES ($1, 'SOCIAL', 1, '{"necessidades-especiais": {"yes": true, "detail": "TEA"}}', 'u', 'Assistente', 'assistente_social'),
              ($2, 'SOCIAL', 1, '{"necessidades-especiais": {"yes": false}}', 'u', 'Assistente', 'assistente_social')`,
    [id.ana!, id.davi!],
  );
  const { ana, bruno, carla, davi, hana, iris } = id as Record<'ana' | 'bruno' | 'carla' | 'davi' | 'hana' | 'iris', string>;
  await putRoll(server, segunda, '2025-02-24', { entries: [A(ana), A(carla), A(davi), P(hana)] });
  await putRoll(server, segunda, '2025-03-03', { entries: [P(ana), A(carla), A(davi), P(hana)] });
  await putRoll(server, segunda, '2025-03-10', { notHeld: { reason: 'WEATHER' } });
  await putRoll(server, segunda, '2025-03-17', { entries: [J(ana), P(bruno), P(carla), A(davi)] });
  await putRoll(server, segunda, '2025-03-24', { entries: [P(ana), A(bruno), A(davi), A(hana)] });
  await putRoll(server, segunda, '2025-03-31', { entries: [P(ana), P(bruno), P(davi), P(hana)] });
  await putRoll(server, segunda, '2025-04-07', { entries: [A(ana), A(bruno), A(davi), A(hana)] });
  await putRoll(server, quarta, '2025-03-05', { entries: [P(ana), P(iris)] });
  await putRoll(server, quarta, '2025-03-12', { entries: [A(ana), A(iris)] });
  expect(
    (await server.app.inject({ method: 'PUT', url: '/api/calendar/2025-03-31', payload: { kind: 'HOLIDAY', name: 'Feriado municipal' } })).statusCode,
  ).toBe(200);
  return { futebol, xadrez, segunda, quarta, id };
}
