/**
 * Issue 52's record fields read from a spreadsheet (tests/fixtures/alunos-campos-cadastro.csv) as the import sends them,
 * and from a class list (tests/fixtures/turmas-campos-cadastro.csv) for a child Quadra does not have.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { proposeEnrolmentMapping } from '../../../src/features/imports/enrolment-fields.ts';
import { batchOf, rowsToSend, statusOf, type Plan } from '../../../src/features/imports/enrolment-plan.ts';
import { proposeMapping } from '../../../src/features/imports/import-fields.ts';
import { parseFile } from '../../../src/features/imports/parse-file.ts';
import { readEnrolmentRows } from '../../../src/features/imports/read-enrolments.ts';
import { readEnum, readRows, readSchoolYear, readState, readYesNo } from '../../../src/features/imports/read-rows.ts';

const fixture = readFileSync('tests/fixtures/alunos-campos-cadastro.csv');

describe("issue 52's fields in a spreadsheet", () => {
  it('proposes them from Portuguese and English headers', () => {
    const portuguese = [
      'Nome social',
      'Gênero',
      'Ano escolar',
      'Turno',
      'Defasagem escolar',
      'Bairro',
      'Município',
      'UF',
      'Parentesco',
      'Nome social do responsável',
    ];
    const fields = [
      'socialName',
      'gender',
      'schoolYear',
      'schoolShift',
      'gradeGap',
      'addressNeighborhood',
      'addressCity',
      'addressState',
      'guardianRelationship',
      'guardianSocialName',
    ];
    expect(proposeMapping(portuguese)).toEqual(fields);
    const english = [
      'Social name',
      'Gender',
      'School year',
      'Shift',
      'Grade gap',
      'Neighborhood',
      'City',
      'State',
      'Relationship',
      "Guardian's social name",
    ];
    expect(proposeMapping(english)).toEqual(fields);
  });

  it('reads the gender codes, school years, shifts and relationships by their labels', () => {
    expect(
      ['Masculino', 'Feminino', 'Homem trans', 'Mulher trans', 'Travesti', 'Não binário', 'Outro'].map((label) => readEnum('gender', label)),
    ).toEqual(['MASCULINO', 'FEMININO', 'HOMEM_TRANS', 'MULHER_TRANS', 'TRAVESTI', 'NAO_BINARIO', 'OUTRO']);
    expect(readEnum('gender', 'Trans woman')).toBe('MULHER_TRANS');
    expect(readEnum('gender', 'Non-binary')).toBe('NAO_BINARIO');
    expect(
      ['Educação infantil', '1º ano', '5º ano', '9º ano', '1ª série do ensino médio', '3º ano do ensino médio', 'EJA', '6th grade'].map(
        readSchoolYear,
      ),
    ).toEqual(['EDUCACAO_INFANTIL', 'FUNDAMENTAL_1', 'FUNDAMENTAL_5', 'FUNDAMENTAL_9', 'ENSINO_MEDIO_1', 'ENSINO_MEDIO_3', 'EJA', 'FUNDAMENTAL_6']);
    // Text that names no school year is kept as written, as the record keeps it.
    expect(readSchoolYear('Pré II')).toBe('Pré II');
    expect(['Manhã', 'Vespertino', 'Noite', 'Integral', 'Evening'].map((label) => readEnum('schoolShift', label))).toEqual([
      'MANHA',
      'TARDE',
      'NOITE',
      'INTEGRAL',
      'NOITE',
    ]);
    expect(['Mãe', 'Pai', 'Avó', 'Avô', 'Tia', 'Outro familiar', 'Outro', 'Grandmother'].map((label) => readEnum('relationship', label))).toEqual([
      'MAE',
      'PAI',
      'AVO',
      'AVO',
      'OUTRO_FAMILIAR',
      'OUTRO_FAMILIAR',
      'OUTRO',
      'AVO',
    ]);
    expect(readEnum('relationship', 'Vizinha')).toBeUndefined();
    expect([readState('pe'), readState('Pernambuco'), readState('São Paulo'), readState('XX')]).toEqual(['PE', 'PE', 'SP', undefined]);
    expect([readYesNo('Sim'), readYesNo('não'), readYesNo('x'), readYesNo(true), readYesNo('talvez')]).toEqual([true, false, true, true, undefined]);
  });

  it('previews the fixture as the records it will write, with the unknown values as problems', async () => {
    const [sheet] = await parseFile(fixture.buffer.slice(fixture.byteOffset, fixture.byteOffset + fixture.byteLength), 'alunos-campos-cadastro.csv');
    const rows = readRows(sheet!.rows.slice(1), proposeMapping(sheet!.rows[0]!.map(String)), [], 2, new Date('2026-06-01'));
    expect(rows[0]).toMatchObject({
      student: {
        fullName: 'Rafael Nogueira Bastos',
        socialName: 'Rafaela Nogueira',
        dateOfBirth: '2012-08-14',
        gender: 'MULHER_TRANS',
        schoolYear: 'FUNDAMENTAL_9',
        schoolShift: 'TARDE',
        gradeGap: false,
        address: { neighborhood: 'Várzea', city: 'Recife', state: 'PE' },
      },
      guardian: { name: 'Sônia Nogueira', socialName: 'Dona Sônia', relationship: 'AVO', phone: '(81) 97777-1111' },
      problems: [],
    });
    expect(rows[1]).toMatchObject({
      student: { gender: 'HOMEM_TRANS', schoolYear: 'ENSINO_MEDIO_1', schoolShift: 'MANHA', gradeGap: true, address: { state: 'PE' } },
      guardian: { relationship: 'MAE' },
    });
    expect(rows[2]).toMatchObject({ student: { gender: 'NAO_BINARIO', schoolYear: 'FUNDAMENTAL_6', schoolShift: 'INTEGRAL', gradeGap: true } });
    expect(rows[3]).toMatchObject({
      student: { gender: 'TRAVESTI', schoolYear: 'EJA', schoolShift: 'NOITE' },
      guardian: { relationship: 'OUTRO_FAMILIAR' },
    });
    expect(rows[3]!.student.gradeGap).toBeUndefined();
    expect(rows[4]!.student.schoolYear).toBe('Pré II');
    expect(rows[4]!.problems.map(({ code, field, value }) => [code, field, value])).toEqual([
      ['value-unknown', 'gradeGap', 'talvez'],
      ['value-unknown', 'addressState', 'XX'],
      ['value-unknown', 'guardianRelationship', 'Vizinha'],
    ]);
  });

  it('refuses a name without a letter (the server would refuse the whole batch)', () => {
    const [row] = readRows([['123', '--']], ['fullName', 'socialName'], []);
    expect(row!.problems.map((problem) => [problem.code, problem.field])).toEqual([
      ['name-no-letter', 'fullName'],
      ['name-no-letter', 'socialName'],
    ]);
  });

  it('reads them from a class list for a child Quadra does not have, as the students import reads them, and sends them', async () => {
    const bytes = readFileSync('tests/fixtures/turmas-campos-cadastro.csv');
    const [sheet] = await parseFile(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      'turmas-campos-cadastro.csv',
    );
    const headers = sheet!.rows[0]!.map(String);
    const mapping = proposeEnrolmentMapping(headers);
    expect(mapping).toEqual([
      'fullName',
      'socialName',
      'dateOfBirth',
      'gender',
      'schoolYear',
      'schoolShift',
      'gradeGap',
      'addressNeighborhood',
      'addressCity',
      'addressState',
      'guardianName',
      'guardianRelationship',
      'guardianPhone',
      'className',
      'enrolledFrom',
    ]);
    const catalog = { activities: [{ id: 'judo', name: 'Judô' }], classes: [{ id: 'judo-a', title: 'Judô - Turma A', activityId: 'judo' }] };
    const now = new Date('2026-06-01');
    const read = readEnrolmentRows([{ name: 'turmas', rows: sheet!.rows.slice(1), fields: mapping }], catalog, false, now);
    expect(read.rows[0]).toMatchObject({
      student: {
        fullName: 'Gabriel Cardoso Pires',
        socialName: 'Gabriela Cardoso',
        dateOfBirth: '2012-05-21',
        gender: 'MULHER_TRANS',
        schoolYear: 'FUNDAMENTAL_8',
        schoolShift: 'TARDE',
        gradeGap: false,
        address: { neighborhood: 'Casa Amarela', city: 'Recife', state: 'PE' },
      },
      guardian: { name: 'Lúcia Cardoso', relationship: 'MAE', phone: '(81) 98765-4321' },
      classKey: 'id:judo-a',
      from: '2026-03-02',
      problems: [],
    });
    expect(read.rows[2]!.problems.map(({ code, field, value }) => [code, field, value])).toEqual([
      ['value-unknown', 'gradeGap', 'talvez'],
      ['value-unknown', 'addressState', 'XX'],
      ['value-unknown', 'guardianRelationship', 'Vizinha'],
    ]);
    // The same cells, read by the students import (but the class and the enrolment date, the class list's own):
    // the same child and guardian, the same problems.
    const ownColumns = ['className', 'enrollmentDate'];
    const students = readRows(
      sheet!.rows.slice(1),
      proposeMapping(headers).map((field) => (ownColumns.includes(field) ? '' : field)),
      [],
      2,
      now,
    );
    expect(read.rows.map(({ student, guardian, problems }) => ({ student, guardian, problems }))).toEqual(
      students.map(({ student, guardian, problems }) => ({ student, guardian, problems })),
    );
    // Sent with the row: the record and the guardian of a child Quadra does not have.
    const plan: Plan = { read, matches: new Map(), createMissing: true, activities: {}, classes: {} };
    expect(read.rows.map((row) => statusOf(plan, row))).toEqual(['new-child', 'new-child', 'wrong']);
    const [first] = batchOf(plan, 'import-1', rowsToSend(plan, '2026-03-01')).rows;
    expect(first).toEqual({ row: 1, student: read.rows[0]!.student, guardian: read.rows[0]!.guardian, classId: 'judo-a', from: '2026-03-02' });
  });
});
