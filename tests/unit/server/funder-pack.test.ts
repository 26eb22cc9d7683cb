// @vitest-environment node
/**
 * The funder's pack (issue 53): one ZIP, opened here, each part read back with the library that reads it (the XLSX with
 * read-excel-file, the PDFs' text with PDF.js), on the period report's hand-checked fixture (support/funder-fixture.ts):
 * the nominal list with the CPF masked or in full, a signed attendance list per class and month with one child's
 * marks, the summary's figures, the children without image-use consent, and one access record row per child named.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceGridSchema } from '../../../src/api/contract.ts';
import { classMonthLists, listOf } from '../../../server/data/funder-pack.ts';
import { funderFixture, type FunderFixture } from './support/funder-fixture.ts';
import { FREE_CPFS, SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let fixture: FunderFixture;
beforeAll(async () => {
  server = await startTestServer();
  fixture = await funderFixture(server);
  const { ana, davi } = fixture.id as Record<'ana' | 'davi', string>;
  // The programme settings (issue 58) head every list; the funder's name is left empty: a line to fill in by hand
  await server.db.run(`UPDATE settings SET programme_name = 'Bola na Rede', project_name = 'Quadra Viva', funder_name = ''`);
  await server.db.run('UPDATE students SET registration_number = $2 WHERE id = $1', [ana, FREE_CPFS[0]]);
  // Issue 52's record: Iris has a social name (the list gives the civil name and the social name beside)
  await server.db.run("UPDATE students SET social_name = 'Íris' WHERE id = $1", [fixture.id.iris!]);
  // Image use: Ana's granted, Davi's refused, nobody else's asked
  for (const [studentId, granted] of [
    [ana, true],
    [davi, false],
  ] as const) {
    await server.db.run(
      `INSERT INTO guardians (id, student_id, name, cpf, birth_date, civil_state, nis, phone, email, address)
       VALUES ($1, $1, 'Responsável', '11144477735', '1980-01-01', 'SOLTEIRO', '1', '1', 'a@b.c', 'Rua')`,
      [studentId],
    );
    await server.db.run(
      `INSERT INTO student_consents (id, student_id, purpose, granted, guardian_id, date, recorded_by)
       VALUES ($1 || '-image', $1, 'IMAGE_USE', $2, $1, '2025-01-10', 'test')`,
      [studentId, granted],
    );
  }
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

async function pack(query: string): Promise<Record<string, Uint8Array>> {
  const response = await server.app.inject(`/api/reports/funder-pack?${query}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['content-disposition']).toBe('attachment; filename="quadra-prestacao-de-contas-2025-03-01-a-2025-03-31.zip"');
  return unzipSync(new Uint8Array(response.rawPayload));
}

async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let page = 1; page <= document.numPages; page++) {
    const content = await (await document.getPage(page)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const pages = document.numPages;
  await document.destroy();
  return { pages, text: texts.join('\n').replace(/\s+/g, ' ') };
}

const MARCH = 'from=2025-03-01&to=2025-03-31';

describe('GET /api/reports/funder-pack', () => {
  it('holds the nominal list, the summary, an attendance list per class and month, and who has no image-use consent', async () => {
    const files = await pack(MARCH);
    // PACK_DUMP=<folder>: the files written there, to look at
    const dump = process.env.PACK_DUMP;
    if (dump) for (const [path, bytes] of Object.entries(files)) writeFileSync(join(dump, path.replaceAll('/', '_')), bytes);
    const futebol = Object.keys(files)
      .find((path) => path.includes('Futebol'))!
      .split('/')[1]!;
    const xadrez = Object.keys(files)
      .find((path) => path.includes('Xadrez'))!
      .split('/')[1]!;
    expect(Object.keys(files).sort()).toEqual(
      [
        'beneficiarios.csv',
        'beneficiarios.xlsx',
        `frequencia/${futebol}/Segunda-2025-03.pdf`,
        `frequencia/${xadrez}/Quarta-2025-03.pdf`,
        'resumo.pdf',
        'sem-autorizacao-de-imagem.csv',
      ].sort(),
    );

    // The nominal list, read back with the library the project reads XLSX with: the report's list, the CPF masked
    const [sheet] = await readXlsxFile(Buffer.from(files['beneficiarios.xlsx']!));
    const [head, ...rows] = sheet!.data;
    expect(rows.map((row) => row[0])).toEqual(['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Rocha', 'Hana Melo', 'Iris Prado']);
    expect(rows[5]![1]).toBe('Íris');
    // the neighbourhood as each record has it (the fixture's: Bruno's typed in lower case)
    expect(rows.map((row) => row[head!.indexOf('Bairro')])).toEqual(['Boa Vista', 'boa  vista', 'Boa Vista', 'Várzea', 'Varzea', null]);
    const column = (name: string) => head!.indexOf(name);
    const ana = rows[0]!;
    expect([ana[column('CPF')], ana[column('Idade no início do período')], ana[column('Faixa etária')], ana[column('Gênero')]]).toEqual([
      '***.982.247-**',
      8,
      '6–10',
      'Feminino',
    ]);
    expect([ana[column('Presenças')], ana[column('Faltas justificadas')], ana[column('Dias de chamada')], ana[column('Frequência (%)')]]).toEqual([
      3, 1, 5, 75,
    ]);
    expect(rows[2]![column('Último dia no período')]).toBe('17/03/2025');
    const csv = Buffer.from(files['beneficiarios.csv']!).toString('utf8');
    expect(csv.startsWith('\uFEFFNome;Nome social;CPF;')).toBe(true);
    expect(csv).toContain('Ana Souza;;***.982.247-**;02/03/2016;8;6–10;Feminino;Parda;;3º ano;Boa Vista;');
    expect(csv).not.toContain(FREE_CPFS[0]);

    // Image use: everyone but Ana (granted); Davi's refused
    const consent = strFromU8(files['sem-autorizacao-de-imagem.csv']!).trim().split('\r\n').slice(1);
    expect(consent.map((line) => line.split(';').slice(0, 3).join(';'))).toEqual([
      'Bruno Lima;;Não registrada',
      'Carla Dias;;Não registrada',
      'Davi Rocha;;Recusada ou retirada',
      'Hana Melo;;Não registrada',
      'Iris Prado;Íris;Não registrada',
    ]);

    // Futebol / Segunda in March: 3rd, 10th (not held, NR), 17th, 24th, 31st (a holiday, FER). Ana: P, J, P counted
    // (the 31st's P counts for no one): present 2, absent 0, justified 1, 2 / (3 - 1) = 100 %
    const list = await pdfText(files[`frequencia/${futebol}/Segunda-2025-03.pdf`]!);
    expect(list.pages).toBe(1);
    expect(list.text).toContain('LISTA DE FREQUÊNCIA');
    expect(list.text).toContain('Mês: março de 2025');
    expect(list.text).toContain('Turma: Segunda');
    expect(list.text).toContain('Programa: Bola na Rede Projeto: Quadra Viva Financiador: ____');
    expect(list.text).toContain('1 Ana Souza P J P 2 0 1 100 %');
    // Bruno, enrolled on the 10th: nothing on the 3rd; 17 P, 24 A
    expect(list.text).toContain('2 Bruno Lima P F 1 1 0 50 %');
    expect(list.text).toContain('Horário: Segunda 14:00 - 15:00');
    expect(list.text).toContain('Nº Nome 3 S 10 NR 17 S 24 S 31 FER P F J Freq.');
    // the day's presences: 3rd Ana and Hana, 17th Bruno and Carla, 24th Ana; the month's P, F, J
    expect(list.text).toContain('Presentes no dia 2 2 1 5 6 1');
    expect(list.text).toContain('Aulas não realizadas: 10/03 (clima)');
    expect(list.text).toContain('Dias sem aula: 31/03 Feriado municipal');
    expect(list.text).toContain('Instrutor(a)');
    expect(list.text).toContain('Coordenação');

    // The summary: the report's figures, in Portuguese, with the day it was made
    const summary = await pdfText(files['resumo.pdf']!);
    expect(summary.text).toContain('Programa: Bola na Rede Projeto: Quadra Viva');
    expect(summary.text).toContain('Período: 01/03/2025 a 31/03/2025');
    expect(summary.text).toContain('Atendidos: 6');
    expect(summary.text).toContain('Compareceram ao menos uma vez: 5');
    expect(summary.text).toMatch(/6–10 anos 2 2/);
    expect(summary.text).toMatch(/Por bairro .*Boa Vista 3 3 .*Várzea 2 1 .*Não informado 1 1/);
    expect(summary.text).toMatch(/Gerado em \d{2}\/\d{2}\/\d{4}/);
  });

  it('writes the CPF in full only when asked, and says so in the access record', async () => {
    const files = await pack(`${MARCH}&cpf=full`);
    const [sheet] = await readXlsxFile(Buffer.from(files['beneficiarios.xlsx']!));
    expect(sheet!.data[1]![2]).toBe('529.982.247-25');
    const [entry] = await server.db.query<{ detail: unknown }>(
      `SELECT detail FROM access_log WHERE route = '/reports/funder-pack' ORDER BY at DESC, id DESC LIMIT 1`,
    );
    expect(entry!.detail).toEqual({ cpfInFull: true });
  });

  it('writes one access record row per child named, in one statement', async () => {
    await pack(MARCH);
    const rows = await server.db.query<{ n: number; moments: number; students: string[] }>(
      `SELECT count(*)::int AS n, count(DISTINCT at)::int AS moments, array_agg(student_id ORDER BY student_id) AS students
         FROM access_log WHERE route = '/reports/funder-pack' AND at = (SELECT max(at) FROM access_log WHERE route = '/reports/funder-pack')`,
    );
    const { ana, bruno, carla, davi, hana, iris } = fixture.id as Record<string, string>;
    expect(rows[0]).toEqual({ n: 6, moments: 1, students: [ana, bruno, carla, davi, hana, iris].sort() });
  });

  it('gives each class-month list the month grid’s marks and figures', async () => {
    const lists = (await classMonthLists(server.db, '2025-03-01', '2025-03-31', [fixture.futebol])).map(listOf);
    expect(lists.map((list) => [list.className, list.month])).toEqual([['Segunda', '2025-03']]);
    const grid = attendanceGridSchema.parse((await server.app.inject(`/api/classes/${fixture.segunda}/attendance?month=2025-03`)).json());
    expect(lists[0]!.rolls.map((roll) => roll.date)).toEqual(grid.dates);
    expect(
      lists[0]!.lines.map(({ id, marks, present, absent, justified, rollDays, frequencyPercent }) => ({
        id,
        marks,
        present,
        absent,
        justified,
        rollDays,
        frequencyPercent,
      })),
    ).toEqual(
      grid.students.map(({ id, cells, present, absent, justified, rollDays, frequencyPercent }) => ({
        id,
        marks: cells,
        present,
        absent,
        justified,
        rollDays,
        frequencyPercent,
      })),
    );
  });

  it('counts a month cut by the period from its rolls as the whole month is counted from the kept counts', async () => {
    // March's first roll is on the 3rd: from the 2nd, March is counted from its rolls (not a whole month), the same figures
    const whole = (await classMonthLists(server.db, '2025-03-01', '2025-03-31', null)).map(listOf);
    const cut = (await classMonthLists(server.db, '2025-03-02', '2025-03-31', null)).map(listOf);
    expect(cut.map((list) => list.lines)).toEqual(whole.map((list) => list.lines));
    expect(whole.flatMap((list) => list.lines).some((line) => line.rollDays > 0)).toBe(true);
  });

  it('refuses a period that ends before it starts, or of more than a year', async () => {
    const reversed = await server.app.inject('/api/reports/funder-pack?from=2025-03-31&to=2025-03-01');
    expect(reversed.statusCode).toBe(400);
    const long = await server.app.inject('/api/reports/funder-pack?from=2025-01-01&to=2026-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/at most a year/);
    expect((await server.app.inject('/api/reports/funder-pack?from=2024-03-01&to=2025-02-28')).statusCode).toBe(200);
  });
});
