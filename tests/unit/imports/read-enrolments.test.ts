import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { EnrolmentMatch } from '../../../src/api/enrolment-imports-contract.ts';
import { proposeEnrolmentMapping } from '../../../src/features/imports/enrolment-fields.ts';
import { batchOf, countPlan, rowsToSend, statusOf, type Plan } from '../../../src/features/imports/enrolment-plan.ts';
import { parseFile } from '../../../src/features/imports/parse-file.ts';
import {
  allHeadersOf,
  columnsInFile,
  fieldsOfSheet,
  readEnrolmentRows,
  readLevel,
  readWeekDay,
  type CatalogChoice,
} from '../../../src/features/imports/read-enrolments.ts';

const catalog: CatalogChoice = {
  activities: [
    { id: 'judo', name: 'Judô' },
    { id: 'natacao', name: 'Natação Infantil' },
    { id: 'futebol', name: 'Futebol Society' },
  ],
  classes: [
    { id: 'judo-a', title: 'Judô - Turma A', activityId: 'judo' },
    { id: 'judo-b', title: 'Judô - Turma B', activityId: 'judo' },
    { id: 'natacao-a', title: 'Natação Infantil - Turma A', activityId: 'natacao' },
  ],
};
const bufferOf = (bytes: Buffer) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe('a class list read as Quadra stores it', () => {
  it('reads the Windows-1252 CSV separated by semicolons: children, classes found or new, dates dd/mm/aaaa, problems', async () => {
    const [sheet] = await parseFile(bufferOf(readFileSync('tests/fixtures/turmas-programa.csv')), 'turmas-programa.csv');
    const headers = sheet!.rows[0]!.map(String);
    const mapping = proposeEnrolmentMapping(headers);
    expect(mapping).toEqual([
      'fullName',
      'dateOfBirth',
      'registrationNumber',
      'activityName',
      'className',
      'weekDay',
      'schedule',
      'teacher',
      'enrolledFrom',
    ]);
    const read = readEnrolmentRows([{ name: 'turmas-programa', rows: sheet!.rows.slice(1), fields: mapping }], catalog, false);
    expect(read.rows.map((row) => [row.where, row.student.fullName, row.classKey, row.from, row.problems.map((problem) => problem.code)])).toEqual([
      ['2', 'Heitor Gonçalves Brandão', 'id:judo-a', '2026-03-02', []],
      ['3', 'Íris Magalhães', 'id:judo-a', '2026-03-02', []],
      ['4', 'Íris Magalhães', 'new:capoeira|capoeira angola iniciantes', '2026-03-03', []],
      ['5', 'Joaquim Estêvão Ribeiro', 'new:capoeira|capoeira angola iniciantes', '2026-03-03', ['date-invalid']],
      ['6', 'Lara Assunção', 'id:judo-a', '2026-03-02', ['cpf-invalid']],
      ['7', 'Íris Magalhães', 'id:judo-a', '2026-03-02', ['duplicate']],
      ['8', 'Marcelo Tavares Cunha', 'new:natacao infantil|natacao infantil turma c', undefined, []],
    ]);
    expect(read.rows[0]!.student).toEqual({ fullName: 'Heitor Gonçalves Brandão', dateOfBirth: '2013-04-12', registrationNumber: '27847763796' });
    expect(read.rows[5]!.problems[0]).toEqual({ code: 'duplicate', value: '3' });
    // What the file says of the classes Quadra does not have: the new activity and its teacher, the weekday and the time.
    expect(read.newActivities).toEqual([{ key: 'new:capoeira', name: 'Capoeira', teacher: 'Mestre Cobra Mansa', rows: 2 }]);
    expect(read.newClasses).toEqual([
      {
        key: 'new:capoeira|capoeira angola iniciantes',
        title: 'Capoeira Angola - Iniciantes',
        activityKey: 'new:capoeira',
        weekDay: 'SABADO',
        schedule: '09:00 - 10:30',
        rows: 2,
      },
      {
        key: 'new:natacao infantil|natacao infantil turma c',
        title: 'Natação Infantil - Turma C',
        activityKey: 'id:natacao',
        weekDay: 'TERCA',
        schedule: '14:00 - 15:30',
        rows: 1,
      },
    ]);
  });

  it('reads an XLSX with a tab per class (written with write-excel-file): each tab named after its class', async () => {
    const buffer = await writeXlsxFile([
      {
        sheet: 'Judô - Turma B',
        data: [
          ['Nome', 'Nascimento', 'CPF'],
          ['Davi Nogueira', { value: new Date(Date.UTC(2013, 4, 1)), format: 'dd/mm/yyyy' }, 27847763796],
          ['Elisa Conceição', '03/02/2014', null],
        ],
      },
      {
        sheet: 'Futebol Society Sub-11',
        data: [
          ['Nome', 'Data de nascimento', 'Observação'],
          ['Fábio Araújo', '09/09/2015', 'usa óculos'],
        ],
      },
    ]).toBuffer();
    const sheets = await parseFile(bufferOf(buffer), 'turmas.xlsx');
    const summaries = sheets.map((sheet) => ({ headers: sheet.rows[0]!.map(String) }));
    const headers = allHeadersOf(summaries);
    expect(headers).toEqual(['Nome', 'Nascimento', 'CPF', 'Data de nascimento', 'Observação']);
    const mapping = proposeEnrolmentMapping(headers, {}, true);
    expect(mapping).toEqual(['fullName', 'dateOfBirth', 'registrationNumber', 'dateOfBirth', '']);
    const read = readEnrolmentRows(
      sheets.map((sheet) => ({
        name: sheet.name,
        rows: sheet.rows.slice(1),
        fields: fieldsOfSheet(sheet.rows[0]!.map(String), headers, mapping),
        columns: columnsInFile(sheet.rows[0]!.map(String), headers),
      })),
      catalog,
      true,
    );
    expect(read.rows.map((row) => [row.row, row.where, row.student, row.classKey])).toEqual([
      [1, 'Judô - Turma B · 2', { fullName: 'Davi Nogueira', dateOfBirth: '2013-05-01', registrationNumber: '27847763796' }, 'id:judo-b'],
      [2, 'Judô - Turma B · 3', { fullName: 'Elisa Conceição', dateOfBirth: '2014-02-03' }, 'id:judo-b'],
      [3, 'Futebol Society Sub-11 · 2', { fullName: 'Fábio Araújo', dateOfBirth: '2015-09-09' }, 'new:|futebol society sub 11'],
    ]);
    // As a refused row goes back: each cell under the file's columns, and the class (its tab) after them.
    expect(read.rows.map((row) => row.cells)).toEqual([
      ['Davi Nogueira', '2013-05-01', '27847763796', '', '', 'Judô - Turma B'],
      ['Elisa Conceição', '03/02/2014', '', '', '', 'Judô - Turma B'],
      ['Fábio Araújo', '', '', '09/09/2015', 'usa óculos', 'Futebol Society Sub-11'],
    ]);
    // A new class without an activity column: the activity its name starts with is proposed.
    expect(read.newClasses).toEqual([{ key: 'new:|futebol society sub 11', title: 'Futebol Society Sub-11', activityKey: 'id:futebol', rows: 1 }]);
  });

  it('reads weekdays and levels as a programme writes them', () => {
    expect(['Segunda-feira', 'seg e qua', 'SÁBADO', 'Thursday', '5ª feira'].map(readWeekDay)).toEqual([
      'SEGUNDA',
      'SEGUNDA',
      'SABADO',
      'QUINTA',
      'QUINTA',
    ]);
    expect(['Iniciante', 'Avançado', 'Todos os níveis', 'xyz'].map(readLevel)).toEqual(['INICIANTE', 'AVANCADO', 'TODOS_NIVEIS', undefined]);
  });
});

describe('what the class list import will do', () => {
  const read = readEnrolmentRows(
    [
      {
        name: 'lista',
        fields: ['fullName', 'activityName', 'className', 'weekDay', 'schedule', 'teacher'],
        rows: [
          ['Ana', 'Judô', 'Judô - Turma A', '', '', ''],
          ['Bia', 'Judô', 'Judô - Turma A', '', '', ''],
          ['Caio', 'Capoeira', 'Roda', 'sábado', '09:00', 'Mestre Pastinha'],
          ['Davi', 'Capoeira', 'Roda', '', '', ''],
        ],
      },
    ],
    catalog,
    false,
  );
  const matches = new Map<number, EnrolmentMatch>([
    [1, { row: 1, studentId: 's-ana', name: 'Ana', by: 'name', enrolled: true }],
    [2, { row: 2, studentId: 's-bia', name: 'Bia', by: 'name', enrolled: false }],
  ]);
  const plan: Plan = {
    read,
    matches,
    createMissing: true,
    activities: { 'new:capoeira': { id: 'act-1', name: 'Capoeira', teacher: 'Mestre Pastinha', area: 'Esportes', frequency: 'Semanal' } },
    classes: {
      'new:capoeira|roda': { id: 'cls-1', title: 'Roda', activityKey: 'new:capoeira', weekDay: 'SABADO', schedule: '09:00', level: 'TODOS_NIVEIS' },
    },
  };

  it('skips a child already in the class, enrols one who is not, and registers one Quadra lacks', () => {
    expect(read.rows.map((row) => statusOf(plan, row))).toEqual(['skip', 'enrol', 'new-child', 'new-child']);
    expect(countPlan(plan)).toEqual({ enrol: 1, 'new-child': 2, skip: 1, wrong: 0 });
  });

  it('sends with each batch the new classes its rows go into and their new activities', () => {
    const rows = rowsToSend(plan, '2026-03-01');
    expect(batchOf(plan, 'import-1', rows)).toEqual({
      importId: 'import-1',
      activities: [{ id: 'act-1', name: 'Capoeira', teacher: 'Mestre Pastinha', area: 'Esportes', frequency: 'Semanal' }],
      classes: [{ id: 'cls-1', title: 'Roda', activityId: 'act-1', weekDay: 'SABADO', schedule: '09:00', level: 'TODOS_NIVEIS' }],
      rows: [
        { row: 2, student: { fullName: 'Bia' }, classId: 'judo-a', from: '2026-03-01' },
        { row: 3, student: { fullName: 'Caio' }, classId: 'cls-1', from: '2026-03-01' },
        { row: 4, student: { fullName: 'Davi' }, classId: 'cls-1', from: '2026-03-01' },
      ],
    });
    // A batch of rows in existing classes only carries no activity or class.
    expect(batchOf(plan, 'import-1', rows.slice(0, 1))).toEqual({ importId: 'import-1', rows: [expect.objectContaining({ row: 2 })] });
  });

  it('leaves out the rows of new classes when they are not to be created, or not complete', () => {
    expect(read.rows.map((row) => statusOf({ ...plan, createMissing: false }, row))).toEqual(['skip', 'enrol', 'wrong', 'wrong']);
    const incomplete = { ...plan, classes: { 'new:capoeira|roda': { ...plan.classes['new:capoeira|roda']!, schedule: ' ' } } };
    expect(read.rows.map((row) => statusOf(incomplete, row))).toEqual(['skip', 'enrol', 'wrong', 'wrong']);
  });
});
