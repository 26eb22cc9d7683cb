/**
 * A spreadsheet's rows read as a Brazilian programme's spreadsheet has them, into the rows the import sends: dates
 * dd/mm/aaaa (or d/m/aa, aaaa-mm-dd, an Excel serial number, a date cell), CPFs with or without dots (checked; the
 * leading zeros a spreadsheet drops put back), phones in any common form, enumerations by their Portuguese label
 * ("Parda", "Feminino", "Bolsa Família") or code, a class by its name. Each row keeps its problems; a row with one is
 * not sent. Plain functions: the import's worker runs them, and tests do.
 */
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { brazilianStates, enums, NAME_LETTER, type EnumName } from '../../api/contract.ts';
import { schoolYearCode } from '../../api/school-years.ts';
import type { ImportGuardian, ImportStudentRow } from '../../api/imports-contract.ts';
import { normalize, type ImportField, type MappedField } from './import-fields.ts';

/** A cell as the file gave it: text (CSV), or a number, boolean or date (XLSX). */
export type Cell = string | number | boolean | Date | null | undefined;

export type ProblemCode =
  | 'name-missing'
  | 'name-no-letter'
  | 'date-invalid'
  | 'cpf-invalid'
  | 'phone-invalid'
  | 'email-invalid'
  | 'zip-invalid'
  | 'value-unknown'
  | 'class-unknown'
  | 'class-ambiguous'
  | 'guardian-name-missing'
  | 'duplicate'
  | 'too-long';
export type Problem = { code: ProblemCode; field?: ImportField; value?: string; row?: number };

export type ClassChoice = { id: string; title: string; activityName?: string };

export type ReadRow = ImportStudentRow & {
  /** The row's cells as text, as the file has them: a refused row goes back to the user as it came. */
  cells: string[];
  /** The classes as the file named them, for the preview. */
  classNames: string[];
  problems: Problem[];
};

export const cellText = (cell: Cell): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).replace(/\s+/g, ' ').trim();
};

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function isoOf(year: number, month: number, day: number): string | undefined {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Excel's day 1 is 1900-01-01, and it counts a 29 February 1900 that never was: day 0 falls on 1899-12-30 from March on. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const excelSerialDate = (serial: number): string | undefined =>
  serial >= 61 && serial < 80_000 && Number.isInteger(serial) ? new Date(EXCEL_EPOCH + serial * 86_400_000).toISOString().slice(0, 10) : undefined;

/** A two-digit year: this century up to this year, the last before. */
const fullYear = (year: number, now: Date) => (year >= 100 ? year : year + (year <= now.getFullYear() % 100 ? 2000 : 1900));

/** A date as YYYY-MM-DD, or undefined when the cell is not a date. */
export function readDate(cell: Cell, now = new Date()): string | undefined {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : isoOf(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  if (typeof cell === 'number') return excelSerialDate(cell);
  const value = cellText(cell);
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (match) return isoOf(fullYear(Number(match[3]), now), Number(match[2]), Number(match[1]));
  match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  if (match) return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));
  if (/^\d{5}$/.test(value)) return excelSerialDate(Number(value));
  return undefined;
}

/** A CPF's 11 digits (a number cell lost its leading zeros: put back), or undefined when it is not a valid CPF. */
export function readCpf(cell: Cell): string | undefined {
  const digits = cellText(cell).replace(/\D/g, '');
  if (digits.length < 9 || digits.length > 11) return undefined;
  const cpf = digits.padStart(11, '0');
  return isValidCpf(cpf) ? cpf : undefined;
}

/** A Brazilian phone as (DD) 9XXXX-XXXX / (DD) XXXX-XXXX (or without the area code), or undefined. */
export function readPhone(cell: Cell): string | undefined {
  let digits = cellText(cell).replace(/\D/g, '');
  // The trunk prefix (0 before the area code) and the country code (55) are not part of the number.
  if ((digits.length === 11 || digits.length === 12) && digits.startsWith('0')) digits = digits.slice(1);
  else if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length === 10 || digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, -4)}-${digits.slice(-4)}`;
  if (digits.length === 8 || digits.length === 9) return `${digits.slice(0, -4)}-${digits.slice(-4)}`;
  return undefined;
}

/** A ZIP code's 8 digits (a number cell's lost leading zero put back), or undefined. */
export function readZip(cell: Cell): string | undefined {
  const digits = cellText(cell).replace(/\D/g, '');
  return digits.length === 7 || digits.length === 8 ? digits.padStart(8, '0') : undefined;
}

/** The labels a programme writes for each code, besides the code itself (its underscores as spaces). */
const labels: Partial<Record<EnumName, Record<string, string[]>>> = {
  race: {
    BRANCA: ['branco', 'white'],
    PRETA: ['preto', 'negra', 'negro', 'black'],
    PARDA: ['pardo', 'mixed race', 'mixed'],
    AMARELA: ['amarelo', 'asian'],
    INDIGENA: ['indigenous'],
    NA: ['nao declarado', 'nao declarada', 'nao informado', 'nao informada', 'prefiro nao dizer', 'prefer not to say', 'sem declaracao'],
  },
  gender: {
    MASCULINO: ['m', 'masc', 'menino', 'homem', 'male', 'man', 'boy'],
    FEMININO: ['f', 'fem', 'menina', 'mulher', 'female', 'woman', 'girl'],
    HOMEM_TRANS: ['homem transexual', 'homem transgenero', 'trans man', 'transgender man'],
    MULHER_TRANS: ['mulher transexual', 'mulher transgenero', 'trans woman', 'transgender woman'],
    NAO_BINARIO: ['nao binaria', 'nao binarie', 'non binary', 'nonbinary'],
    OUTRO: ['outros', 'outra', 'other'],
  },
  socialProgram: {
    BOLSA_FAMILIA: ['bolsa familia', 'pbf', 'programa bolsa familia'],
    BPC_LOAS: ['bpc', 'loas', 'bpc loas'],
    TARIFA_SOCIAL_DE_ENERGIA: ['tarifa social', 'tarifa social de energia eletrica', 'social energy tariff'],
    AUXILIO_GAS: ['vale gas', 'auxilio gas dos brasileiros', 'gas allowance'],
    PROGRAMA_ESTADUAL: ['estadual', 'state program'],
    PROGRAMA_MUNICIPAL_VIA_CRAS: ['programa municipal', 'municipal', 'cras', 'municipal program'],
  },
  employmentStatus: {
    EMPREGADO: ['empregada', 'employed'],
    DESEMPREGADO: ['desempregada', 'unemployed'],
    ESTUDANTE: ['student'],
    ESTAGIARIO: ['estagiaria', 'intern'],
    APRENDIZ: ['jovem aprendiz', 'apprentice'],
    AUTONOMO: ['autonoma', 'self employed'],
    OUTRO: ['other'],
  },
  educationLevel: {
    NENHUM: ['nenhuma', 'sem escolaridade', 'none'],
    ALFABETIZADO: ['alfabetizada', 'literate'],
    FUNDAMENTAL_INCOMPLETO: ['ensino fundamental incompleto', 'fundamental incompleto'],
    FUNDAMENTAL_COMPLETO: ['ensino fundamental completo', 'fundamental completo'],
    ENSINO_MEDIO_INCOMPLETO: ['medio incompleto'],
    ENSINO_MEDIO_COMPLETO: ['medio completo'],
    SUPERIOR_INCOMPLETO: ['ensino superior incompleto'],
    SUPERIOR_COMPLETO: ['ensino superior completo'],
    POS_GRADUACAO: ['pos graduacao', 'pos', 'postgraduate'],
  },
  schoolShift: {
    MANHA: ['matutino', 'morning'],
    TARDE: ['vespertino', 'afternoon'],
    NOITE: ['noturno', 'evening', 'night'],
    INTEGRAL: ['tempo integral', 'periodo integral', 'full day', 'full time'],
  },
  relationship: {
    MAE: ['mother', 'mom', 'mum', 'genitora'],
    PAI: ['father', 'dad', 'genitor'],
    AVO: ['vo', 'vovo', 'grandmother', 'grandfather', 'grandparent', 'grandma', 'grandpa'],
    OUTRO_FAMILIAR: [
      'familiar',
      'tia',
      'tio',
      'irma',
      'irmao',
      'prima',
      'primo',
      'madrasta',
      'padrasto',
      'bisavo',
      'madrinha',
      'padrinho',
      'other relative',
      'relative',
      'aunt',
      'uncle',
      'sister',
      'brother',
      'stepmother',
      'stepfather',
    ],
    OUTRO: ['outra', 'other'],
  },
};

const enumLookup = new Map<EnumName, Map<string, string>>(
  (Object.keys(labels) as EnumName[]).map((name) => {
    const lookup = new Map<string, string>();
    for (const code of enums[name]) {
      lookup.set(normalize(code.replaceAll('_', ' ')), code);
      for (const label of labels[name]?.[code] ?? []) lookup.set(normalize(label), code);
    }
    return [name, lookup];
  }),
);

/** An enumeration's code from its label or code, or undefined. */
export const readEnum = (name: EnumName, cell: Cell): string | undefined => enumLookup.get(name)?.get(normalize(cellText(cell)));

const ordinals = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th'];
/** School years as an English spreadsheet writes them (the Portuguese ones are src/api/school-years.ts's). */
const englishSchoolYears = new Map<string, string>([
  ...['early childhood education', 'kindergarten', 'preschool', 'pre school', 'nursery'].map((label) => [label, 'EDUCACAO_INFANTIL'] as const),
  ...ordinals.flatMap((ordinal, i) =>
    [`${ordinal} year`, `${ordinal} grade`, `grade ${i + 1}`, `year ${i + 1}`, `${ordinal} year primary`, `${ordinal} year lower secondary`].map(
      (label) => [label, `FUNDAMENTAL_${i + 1}`] as const,
    ),
  ),
  ...ordinals
    .slice(0, 3)
    .flatMap((ordinal, i) =>
      [`${ordinal} year of secondary school`, `${ordinal} year of high school`, `${ordinal} year high school`, `high school ${i + 1}`].map(
        (label) => [label, `ENSINO_MEDIO_${i + 1}`] as const,
      ),
    ),
  ['youth and adult education', 'EJA'],
]);

/**
 * A school year's code from the way a spreadsheet writes it ("1º ano", "9º ano", "1ª série do ensino médio", "EJA",
 * "Educação infantil", "6th grade"); text that names none is kept as written, as the record keeps it.
 */
export function readSchoolYear(cell: Cell): string {
  const value = cellText(cell);
  return schoolYearCode(value) ?? englishSchoolYears.get(normalize(value)) ?? value;
}

const stateNames: Record<(typeof brazilianStates)[number], string> = {
  AC: 'acre',
  AL: 'alagoas',
  AM: 'amazonas',
  AP: 'amapa',
  BA: 'bahia',
  CE: 'ceara',
  DF: 'distrito federal',
  ES: 'espirito santo',
  GO: 'goias',
  MA: 'maranhao',
  MG: 'minas gerais',
  MS: 'mato grosso do sul',
  MT: 'mato grosso',
  PA: 'para',
  PB: 'paraiba',
  PE: 'pernambuco',
  PI: 'piaui',
  PR: 'parana',
  RJ: 'rio de janeiro',
  RN: 'rio grande do norte',
  RO: 'rondonia',
  RR: 'roraima',
  RS: 'rio grande do sul',
  SC: 'santa catarina',
  SE: 'sergipe',
  SP: 'sao paulo',
  TO: 'tocantins',
};
const stateLookup = new Map<string, string>(brazilianStates.flatMap((uf) => [[uf.toLowerCase(), uf] as const, [stateNames[uf], uf] as const]));
/** A state's UF from its two letters or its name ("PE", "Pernambuco"), or undefined. */
export const readState = (cell: Cell): string | undefined => stateLookup.get(normalize(cellText(cell)));

const yes = new Set(['sim', 's', 'x', 'yes', 'y', 'true', 'verdadeiro', '1']);
const no = new Set(['nao', 'n', 'no', 'false', 'falso', '0']);
/** A yes or no cell ("Sim", "Não", "x", "yes"), or undefined. */
export function readYesNo(cell: Cell): boolean | undefined {
  if (typeof cell === 'boolean') return cell;
  const value = normalize(cellText(cell));
  return yes.has(value) ? true : no.has(value) ? false : undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The classes by the names a file may give them: the class's title, or "activity - title". */
export function classIndex(classes: readonly ClassChoice[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  const add = (name: string, id: string) => {
    const key = normalize(name);
    if (!key) return;
    const ids = index.get(key) ?? [];
    if (!ids.includes(id)) index.set(key, [...ids, id]);
  };
  for (const group of classes) {
    add(group.title, group.id);
    if (group.activityName) add(`${group.activityName} ${group.title}`, group.id);
  }
  return index;
}

const enumFields: Partial<Record<ImportField, EnumName>> = {
  race: 'race',
  gender: 'gender',
  socialProgram: 'socialProgram',
  employmentStatus: 'employmentStatus',
  educationLevel: 'educationLevel',
  schoolShift: 'schoolShift',
  guardianRelationship: 'relationship',
};
/** Names: a person's name has a letter (the server refuses one without). */
const nameFields: readonly ImportField[] = ['fullName', 'socialName', 'guardianName', 'guardianSocialName'];
const maxLength: Partial<Record<ImportField, number>> = {
  fullName: 200,
  schoolName: 200,
  schoolYear: 50,
  addressStreet: 200,
  addressNumber: 20,
  addressComplement: 200,
  addressNeighborhood: 100,
  addressCity: 100,
  socialName: 200,
  guardianName: 200,
  guardianSocialName: 200,
};

const addressKeys = {
  addressStreet: 'street',
  addressNumber: 'number',
  addressComplement: 'complement',
  addressNeighborhood: 'neighborhood',
  addressCity: 'city',
} as const;

/** The fields of a child and their guardian (all the students import's but the class): what readRecordCell reads. */
export type RecordField = Exclude<ImportField, 'className'>;
type Address = NonNullable<ImportStudentRow['student']['address']>;
/** A row's child and guardian as their cells are read (recordOf gives them as the import sends them). */
export type RecordDraft = { student: ImportStudentRow['student']; address: Address; guardian: Partial<ImportGuardian> };
export const recordDraft = (): RecordDraft => ({ student: { fullName: '' }, address: {}, guardian: {} });
/** A problem of a child's or guardian's cell, or of what the row lacks of them. */
export type RecordProblem = {
  code: Exclude<ProblemCode, 'class-unknown' | 'class-ambiguous' | 'duplicate'>;
  field: RecordField;
  value?: string;
};

/**
 * A cell of the child's record or of their guardian (not empty) read into the draft as a Brazilian spreadsheet writes
 * it, or the problem that keeps the row from being sent. Both imports read the child through it: the students import,
 * and a class list for a child Quadra does not have yet.
 */
export function readRecordCell(draft: RecordDraft, field: RecordField, cell: Cell, now = new Date()): RecordProblem | undefined {
  const { student, address, guardian } = draft;
  const value = cellText(cell);
  const limit = maxLength[field];
  if (limit !== undefined && value.length > limit) return { code: 'too-long', field, value };
  if (nameFields.includes(field) && !NAME_LETTER.test(value)) return { code: 'name-no-letter', field, value };
  const enumName = enumFields[field];
  if (enumName) {
    const code = readEnum(enumName, value);
    if (!code) return { code: 'value-unknown', field, value };
    if (field === 'guardianRelationship') guardian.relationship = code as ImportGuardian['relationship'];
    else (student as unknown as Record<string, string>)[field] = code;
    return undefined;
  }
  switch (field) {
    case 'fullName':
    case 'schoolName':
    case 'socialName':
      student[field] = value;
      return undefined;
    case 'dateOfBirth':
    case 'enrollmentDate': {
      const date = readDate(cell, now);
      if (!date) return { code: 'date-invalid', field, value };
      student[field] = date;
      return undefined;
    }
    case 'registrationNumber':
    case 'guardianCpf': {
      const cpf = readCpf(cell);
      if (!cpf) return { code: 'cpf-invalid', field, value };
      if (field === 'registrationNumber') student.registrationNumber = cpf;
      else guardian.cpf = cpf;
      return undefined;
    }
    case 'schoolYear':
      student.schoolYear = readSchoolYear(cell);
      return undefined;
    case 'gradeGap': {
      const gap = readYesNo(cell);
      if (gap === undefined) return { code: 'value-unknown', field, value };
      student.gradeGap = gap;
      return undefined;
    }
    case 'addressCode': {
      const zip = readZip(cell);
      if (!zip) return { code: 'zip-invalid', field, value };
      address.code = zip;
      return undefined;
    }
    case 'addressState': {
      const uf = readState(cell);
      if (!uf) return { code: 'value-unknown', field, value };
      address.state = uf as NonNullable<Address['state']>;
      return undefined;
    }
    case 'addressStreet':
    case 'addressNumber':
    case 'addressComplement':
    case 'addressNeighborhood':
    case 'addressCity':
      address[addressKeys[field]] = value;
      return undefined;
    case 'guardianName':
      guardian.name = value;
      return undefined;
    case 'guardianSocialName':
      guardian.socialName = value;
      return undefined;
    case 'guardianPhone': {
      const phone = readPhone(cell);
      if (!phone) return { code: 'phone-invalid', field, value };
      guardian.phone = phone;
      return undefined;
    }
    case 'guardianEmail':
      if (!EMAIL.test(value)) return { code: 'email-invalid', field, value };
      guardian.email = value.toLowerCase();
      return undefined;
    default:
      return undefined;
  }
}
/**
 * The row's child and guardian as the import sends them. What the row lacks of them joins its problems: the child's
 * name first (unless a cell of it was refused already), the guardian's name beside another of their cells last.
 */
export function recordOf<P extends { field?: string }>(
  draft: RecordDraft,
  problems: (P | RecordProblem)[],
): Pick<ImportStudentRow, 'student' | 'guardian'> {
  const { student, address, guardian } = draft;
  if (!student.fullName && !problems.some((problem) => problem.field === 'fullName')) problems.unshift({ code: 'name-missing', field: 'fullName' });
  if (!guardian.name && (guardian.phone || guardian.cpf || guardian.email || guardian.relationship || guardian.socialName))
    problems.push({ code: 'guardian-name-missing', field: 'guardianName' });
  return {
    student: Object.keys(address).length > 0 ? { ...student, address } : student,
    ...(guardian.name ? { guardian: guardian as ImportGuardian } : {}),
  };
}

/**
 * Each data row read through the mapping. `firstRow` is the file's row number of rows[0] (2: the header is row 1).
 * A row that repeats an earlier one (same CPF, or same name and birth date) is marked a duplicate of it.
 */
export function readRows(
  rows: readonly (readonly Cell[])[],
  mapping: readonly MappedField[],
  classes: readonly ClassChoice[],
  firstRow = 2,
  now = new Date(),
): ReadRow[] {
  const classes_ = classIndex(classes);
  const seen = new Map<string, number>();
  const result: ReadRow[] = [];
  rows.forEach((cells, index) => {
    // A row with no cell at all (a blank line at the end of a sheet) is no child.
    if (cells.every((cell) => cellText(cell) === '')) return;
    const classNames: string[] = [];
    const problems: Problem[] = [];
    const draft = recordDraft();
    const classIds: string[] = [];
    mapping.forEach((field, column) => {
      if (!field) return;
      const cell = cells[column];
      const value = cellText(cell);
      if (!value) return;
      if (field !== 'className') {
        const problem = readRecordCell(draft, field, cell, now);
        if (problem) problems.push(problem);
        return;
      }
      classNames.push(value);
      const ids = classes_.get(normalize(value)) ?? [];
      if (ids.length === 1) classIds.push(ids[0]!);
      else problems.push({ code: ids.length === 0 ? 'class-unknown' : 'class-ambiguous', field, value });
    });
    const row = firstRow + index;
    const { student, guardian } = recordOf(draft, problems);
    const keys = [
      student.registrationNumber ? `cpf:${student.registrationNumber}` : '',
      student.fullName && student.dateOfBirth ? `name:${normalize(student.fullName)}:${student.dateOfBirth}` : '',
    ].filter(Boolean);
    const earlier = keys.map((key) => seen.get(key)).find((found) => found !== undefined);
    if (earlier !== undefined) problems.push({ code: 'duplicate', row: earlier });
    else for (const key of keys) seen.set(key, row);
    result.push({
      row,
      student,
      ...(guardian ? { guardian } : {}),
      ...(classIds.length > 0 ? { classIds: [...new Set(classIds)] } : {}),
      cells: cells.map(cellText),
      classNames,
      problems,
    });
  });
  return result;
}
