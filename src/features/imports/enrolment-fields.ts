/**
 * The fields a class list's column can be read into (issue 54 item 2: one row per child and class, or a tab per class),
 * and the mapping proposed from the header names, Portuguese and English (accents, case and punctuation ignored). Its
 * own fields are the class's and the enrolment's; the child's are the students import's (import-fields.ts).
 * Plain data: the import's worker runs it too.
 */
import { childAliases, normalize, recordAliases, recordImportFields } from './import-fields.ts';

export const enrolmentFields = [
  'fullName',
  'dateOfBirth',
  'registrationNumber',
  'activityName',
  'className',
  'weekDay',
  'schedule',
  'level',
  'teacher',
  'enrolledFrom',
  // A child Quadra does not have is registered with their record and guardian as the students import reads them.
  ...recordImportFields,
] as const;
export type EnrolmentField = (typeof enrolmentFields)[number];
export type EnrolmentMapped = EnrolmentField | '';

const aliases: Record<EnrolmentField, readonly string[]> = {
  ...childAliases,
  ...recordAliases,
  activityName: ['atividade', 'modalidade', 'oficina', 'esporte', 'projeto', 'activity', 'sport', 'workshop'],
  className: ['turma', 'nome da turma', 'grupo', 'class', 'class name', 'group'],
  weekDay: ['dia', 'dia da semana', 'dias', 'dias da semana', 'weekday', 'week day', 'day', 'days'],
  schedule: ['horario', 'hora', 'horarios', 'schedule', 'time', 'hours'],
  level: ['nivel', 'level'],
  teacher: ['professor', 'professora', 'instrutor', 'instrutora', 'educador', 'educadora', 'teacher', 'instructor', 'coach'],
  enrolledFrom: [
    'data de matricula',
    'matricula',
    'data da matricula',
    'inicio',
    'data de inicio',
    'data de entrada',
    'entrada',
    'enrolled from',
    'enrolment date',
    'enrollment date',
    'start date',
    'from',
  ],
};

const fieldOfAlias = new Map<string, EnrolmentField>(enrolmentFields.flatMap((field) => aliases[field].map((alias) => [alias, field] as const)));

/**
 * The mapping proposed for a class list's headers: what the user chose for a header last time, else what its name
 * says. A field takes one column, but with `acrossTabs` (the headers of several tabs, which may name one field
 * differently: "Nascimento" here, "Data de nascimento" there) each tab still takes one (read-enrolments fieldsOfSheet).
 */
export function proposeEnrolmentMapping(
  headers: readonly string[],
  remembered: Record<string, EnrolmentMapped> = {},
  acrossTabs = false,
): EnrolmentMapped[] {
  const taken = new Set<EnrolmentField>();
  return headers.map((header) => {
    const key = normalize(header);
    const field = key in remembered ? remembered[key]! : fieldOfAlias.get(key);
    if (!field || (taken.has(field) && !acrossTabs)) return '';
    taken.add(field);
    return field;
  });
}
