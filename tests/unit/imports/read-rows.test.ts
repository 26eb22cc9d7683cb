import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { proposeMapping, rememberMapping } from '../../../src/features/imports/import-fields.ts';
import { decodeText, parseFile } from '../../../src/features/imports/parse-file.ts';
import { readCpf, readDate, readEnum, readPhone, readRows, type ClassChoice } from '../../../src/features/imports/read-rows.ts';

const fixture = readFileSync('tests/fixtures/alunos-programa.csv');
const classes: ClassChoice[] = [
  { id: 'judo-a', title: 'Judô - Turma A', activityName: 'Judô' },
  { id: 'judo-b', title: 'Judô - Turma B', activityName: 'Judô' },
  { id: 'roda-a', title: 'Roda de Conversa - Turma A', activityName: 'Roda de Conversa' },
  { id: 'natacao-b', title: 'Natação Infantil - Turma B', activityName: 'Natação Infantil' },
];

describe('a programme spreadsheet read as Quadra stores it', () => {
  it('reads a Windows-1252 CSV separated by semicolons, its accents intact', async () => {
    const [sheet] = await parseFile(fixture.buffer.slice(fixture.byteOffset, fixture.byteOffset + fixture.byteLength), 'alunos-programa.csv');
    expect(sheet!.rows[0]).toEqual([
      'Nome completo',
      'Data de nascimento',
      'CPF',
      'Sexo',
      'Raça/Cor',
      'Escola',
      'Série',
      'Programa social',
      'Responsável',
      'Telefone',
      'Turma',
    ]);
    expect(sheet!.rows).toHaveLength(8);
    expect(sheet!.rows[1]![0]).toBe('Ana Beatriz Conceição');
  });

  it('reads UTF-8 as UTF-8 (with or without its byte-order mark)', () => {
    const bytes = new TextEncoder().encode('\uFEFFNome;Série\nJoão;5º ano');
    expect(decodeText(bytes)).toBe('Nome;Série\nJoão;5º ano');
  });

  it('proposes the mapping from the headers, Portuguese or English, accents and case ignored, and a remembered choice first', () => {
    const headers = [
      'NOME COMPLETO',
      'Data de Nascimento',
      'cpf',
      'Sexo',
      'Raça/Cor',
      'Escola',
      'Série',
      'Responsável',
      'Telefone',
      'Turma',
      'Observações',
    ];
    expect(proposeMapping(headers)).toEqual([
      'fullName',
      'dateOfBirth',
      'registrationNumber',
      'gender',
      'race',
      'schoolName',
      'schoolYear',
      'guardianName',
      'guardianPhone',
      'className',
      '',
    ]);
    expect(proposeMapping(['Student name', 'Birth date', 'Phone'])).toEqual(['fullName', 'dateOfBirth', 'guardianPhone']);
    const remembered = rememberMapping(['Observações', 'Telefone'], ['schoolName', '']);
    expect(proposeMapping(['Observações', 'Telefone'], remembered)).toEqual(['schoolName', '']);
  });

  it('reads dates dd/mm/aaaa, Excel serial numbers and date cells, and refuses what is not a date', () => {
    expect(readDate('05/03/2014')).toBe('2014-03-05');
    expect(readDate('5/3/14', new Date('2026-01-01'))).toBe('2014-03-05');
    expect(readDate('2014-03-05')).toBe('2014-03-05');
    expect(readDate(41732)).toBe('2014-04-03');
    expect(readDate('41732')).toBe('2014-04-03');
    expect(readDate(new Date(Date.UTC(2014, 3, 3)))).toBe('2014-04-03');
    expect(readDate('31/02/2014')).toBeUndefined();
    expect(readDate('março')).toBeUndefined();
  });

  it('reads CPFs with or without dots, puts back the zeros a number cell lost, and checks them', () => {
    expect(readCpf('529.982.247-25')).toBe('52998224725');
    expect(readCpf(52998224725)).toBe('52998224725');
    expect(readCpf('123.456.789-00')).toBeUndefined();
    expect(readCpf(1234567890)).toBe(readCpf('01234567890'));
  });

  it('reads phones in any common form, and enumerations by their Portuguese label', () => {
    expect(readPhone('81 98765 4321')).toBe('(81) 98765-4321');
    expect(readPhone('+55 (81) 3222-1111')).toBe('(81) 3222-1111');
    expect(readPhone('081987654321')).toBe('(81) 98765-4321');
    expect(readPhone('123')).toBeUndefined();
    expect(readEnum('race', 'Parda')).toBe('PARDA');
    expect(readEnum('race', 'Indígena')).toBe('INDIGENA');
    expect(readEnum('gender', 'F')).toBe('FEMININO');
    expect(readEnum('socialProgram', 'Bolsa Família')).toBe('BOLSA_FAMILIA');
    expect(readEnum('race', 'Azul')).toBeUndefined();
  });

  it('previews the fixture: three new children, and the invalid CPF, the duplicate, the impossible date and the unknown class wrong', async () => {
    const [sheet] = await parseFile(fixture.buffer.slice(fixture.byteOffset, fixture.byteOffset + fixture.byteLength), 'alunos-programa.csv');
    const rows = readRows(sheet!.rows.slice(1), proposeMapping(sheet!.rows[0]!.map(String)), classes);
    const problems = Object.fromEntries(rows.map((row) => [row.row, row.problems.map((problem) => problem.code)]));
    expect(problems).toEqual({ 2: [], 3: [], 4: ['cpf-invalid'], 5: ['duplicate'], 6: ['date-invalid'], 7: ['class-unknown'], 8: [] });
    expect(rows[0]).toMatchObject({
      student: {
        fullName: 'Ana Beatriz Conceição',
        dateOfBirth: '2014-03-05',
        registrationNumber: '52998224725',
        gender: 'FEMININO',
        race: 'PARDA',
        schoolYear: 'FUNDAMENTAL_4',
        socialProgram: 'BOLSA_FAMILIA',
      },
      guardian: { name: 'Maria José da Conceição', phone: '(81) 98765-4321' },
      classIds: ['judo-a'],
    });
    // An Excel serial date, and a class written without accents or capitals.
    expect(rows[1]).toMatchObject({ student: { dateOfBirth: '2014-04-03' }, classIds: ['judo-b'] });
    expect(rows[3]!.problems[0]).toEqual({ code: 'duplicate', row: 2 });
    expect(rows[6]).toMatchObject({ student: { race: 'NA', socialProgram: 'BPC_LOAS' }, guardian: { phone: '(81) 3222-1111' } });
  });

  it('reads an XLSX file with its sheets, a date cell and a number CPF', async () => {
    const buffer = await writeXlsxFile([
      {
        sheet: 'Judô A',
        data: [
          ['Nome', 'Nascimento', 'CPF'],
          ['Davi Nogueira', { value: new Date(Date.UTC(2013, 4, 1)), format: 'dd/mm/yyyy' }, 52998224725],
        ],
      },
      { sheet: 'Vôlei', data: [['Nome'], ['Elisa']] },
    ]).toBuffer();
    const sheets = await parseFile(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer, 'turmas.xlsx');
    expect(sheets.map((sheet) => sheet.name)).toEqual(['Judô A', 'Vôlei']);
    const [row] = readRows(sheets[0]!.rows.slice(1), proposeMapping(sheets[0]!.rows[0]!.map(String)), []);
    expect(row!.student).toEqual({ fullName: 'Davi Nogueira', dateOfBirth: '2013-05-01', registrationNumber: '52998224725' });
  });
});
