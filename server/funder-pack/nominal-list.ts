/**
 * The pack's nominal list (issue 53): beneficiarios.xlsx and beneficiarios.csv, one line per child served in the period,
 * the figures of the period report's list (data/beneficiaries.ts) in Portuguese, with the CPF masked unless the request
 * asked for it in full. XLSX by write-excel-file and CSV by the app's one CSV writer (src/lib/csv.ts), as the export of
 * everything does (data/export.ts).
 */
import writeXlsxFile from 'write-excel-file/node';
import type { Beneficiary } from '../../src/api/beneficiaries-contract.ts';
import type { PackPerson } from '../data/funder-pack.ts';
import { toCsv } from '../../src/lib/csv.ts';
import { dayText, fullCpf, genderLabels, label, maskCpf, raceLabels } from './labels.ts';

export type NominalOptions = { people: ReadonlyMap<string, PackPerson>; fullCpf: boolean };
type Cell = string | number | null;

export const nominalColumns = [
  'Nome',
  'Nome social',
  'CPF',
  'Data de nascimento',
  'Idade no início do período',
  'Faixa etária',
  'Gênero',
  'Raça/cor',
  'Escola',
  'Ano escolar',
  'Bairro',
  'Atividades e turmas',
  'Primeiro dia no período',
  'Último dia no período',
  'Presenças',
  'Faltas',
  'Faltas justificadas',
  'Dias de chamada',
  'Frequência (%)',
] as const;

/** The list's rows, a cell per column (numbers as numbers). */
export function nominalRows(students: readonly Beneficiary[], options: NominalOptions): Cell[][] {
  return students.map((student) => {
    const person = options.people.get(student.id);
    const cpf = person?.cpf ?? undefined;
    return [
      // the civil name, as the funder needs it, and the social name beside it
      person?.fullName ?? student.name,
      person?.socialName ?? null,
      cpf === undefined ? null : options.fullCpf ? fullCpf(cpf) : maskCpf(cpf),
      student.dateOfBirth === null ? null : dayText(student.dateOfBirth),
      student.age,
      student.ageBand === 'OTHER' ? 'Outras idades' : student.ageBand,
      label(genderLabels, student.gender) || null,
      label(raceLabels, student.race) || null,
      student.schoolName,
      student.schoolYear,
      student.neighborhood ?? null,
      student.classes.map((group) => `${group.activityName} / ${group.className}`).join('; '),
      dayText(student.firstDay),
      dayText(student.lastDay),
      student.present,
      student.absent,
      student.justified,
      student.rollDays,
      student.frequencyPercent,
    ];
  });
}

export async function nominalXlsx(rows: readonly Cell[][]): Promise<Buffer> {
  return writeXlsxFile(
    [
      nominalColumns.map((column) => ({ value: column, fontWeight: 'bold' as const })),
      ...rows.map((row) => row.map((value) => (value === null ? null : { value }))),
    ],
    { sheet: 'Beneficiários', stickyRowsCount: 1 },
  ).toBuffer();
}

/** The CSV as a Brazilian spreadsheet opens it: `;` between cells, decimal comma, a byte-order mark. */
export function nominalCsv(rows: readonly Cell[][]): string {
  return toCsv(
    [[...nominalColumns], ...rows.map((row) => row.map((value) => (typeof value === 'number' ? String(value).replace('.', ',') : value)))],
    'pt-BR',
  );
}
