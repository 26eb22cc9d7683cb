/**
 * A class list read as a programme keeps one (issue 54 item 2): one row per child and class, or an XLSX with a tab per
 * class (the tab's name is the class). Each row becomes a child (name, and date of birth, CPF, the rest of their record
 * and their guardian when given, read as the students import reads them: read-rows.ts readRecordCell), the
 * class they go into (one Quadra has, found by its title or "activity title", or a new one) and the day they start.
 * The classes and activities Quadra does not have are gathered with what the file says of them (weekday, time,
 * level, teacher), for the preview to complete and create. Plain functions: the import's worker runs them, and tests do.
 */
import { enums } from '../../api/contract.ts';
import { normalize } from './import-fields.ts';
import type { EnrolmentField, EnrolmentMapped } from './enrolment-fields.ts';
import type { ImportEnrolmentRow } from '../../api/enrolment-imports-contract.ts';
import { cellText, readDate, readRecordCell, recordDraft, recordOf, type Cell, type RecordProblem } from './read-rows.ts';

/** The class list's own fields: the class's and the enrolment's (the child's are read as the students import reads them). */
const ownFields = ['activityName', 'className', 'weekDay', 'schedule', 'level', 'teacher', 'enrolledFrom'] as const;
type OwnField = (typeof ownFields)[number];
const isOwn = (field: EnrolmentField): field is OwnField => (ownFields as readonly string[]).includes(field);

export type EnrolmentProblem =
  | RecordProblem
  | {
      code: 'date-invalid' | 'class-missing' | 'class-ambiguous' | 'class-unknown' | 'class-incomplete' | 'duplicate' | 'too-long';
      field?: OwnField;
      value?: string;
    };

export type CatalogChoice = {
  activities: readonly { id: string; name: string }[];
  classes: readonly { id: string; title: string; activityId: string }[];
};

/** A class the file names: one Quadra has (`id:<id>`), or a new one (`new:<activity>|<title>`, folded). */
export type ClassKey = string;

export type EnrolmentRow = {
  /** The row's number in the whole import (sheets one after the other): what the server keys a resend by. */
  row: number;
  sheet: string;
  /** The row's line in its sheet (the header is line 1). */
  line: number;
  /** Where the row is, as the preview and the refused rows name it: its line, after its sheet's name when there are several. */
  where: string;
  /** The child, and their guardian, as a child Quadra does not have is registered. */
  student: ImportEnrolmentRow['student'];
  guardian?: ImportEnrolmentRow['guardian'];
  activityName: string;
  className: string;
  classKey: ClassKey | null;
  from?: string;
  /**
   * The row's cells under the file's columns (a tab per class: every tab's, each once), as a refused row goes back to
   * be fixed; the class a row takes from its tab's name in the class's column, or in one more column after them when
   * the file has none.
   */
  cells: string[];
  problems: EnrolmentProblem[];
};

/** A class the file names that Quadra does not have, with what the file says of it (its first row that says it). */
export type NewClassDraft = {
  key: ClassKey;
  title: string;
  /** An activity Quadra has (`id:<id>`), a new one (`new:<folded name>`), or none found (the user chooses). */
  activityKey: string | null;
  weekDay?: string;
  schedule?: string;
  level?: string;
  rows: number;
};
export type NewActivityDraft = { key: string; name: string; teacher?: string; rows: number };

export type EnrolmentRead = { rows: EnrolmentRow[]; newClasses: NewClassDraft[]; newActivities: NewActivityDraft[] };

/**
 * A sheet to read: its name, its data rows (no header), each column's field and, in a file of several tabs read
 * together, where each column stands among the file's columns (-1: none; absent: where it stands in the sheet).
 */
export type EnrolmentSheet = {
  name: string;
  rows: readonly (readonly Cell[])[];
  fields: readonly EnrolmentMapped[];
  columns?: readonly number[];
};

const columnsOf = (sheet: EnrolmentSheet): readonly number[] => sheet.columns ?? sheet.fields.map((_, column) => column);

/** How many columns the file has, and which is the class's (the one after them when it has none). */
function fileLayout(sheets: readonly EnrolmentSheet[]): { width: number; classColumn: number } {
  const columns = sheets.map(columnsOf);
  const width = Math.max(0, ...columns.flat().map((at) => at + 1));
  const classColumn = sheets.flatMap((sheet, i) => columns[i]!.filter((at, column) => at >= 0 && sheet.fields[column] === 'className'))[0];
  return { width, classColumn: classColumn ?? width };
}

const weekDayWords: Record<(typeof enums.weekDay)[number], string[]> = {
  SEGUNDA: ['segunda', 'segunda feira', 'seg', '2a', '2a feira', '2 feira', 'monday', 'mon'],
  TERCA: ['terca', 'terca feira', 'ter', '3a', '3a feira', '3 feira', 'tuesday', 'tue'],
  QUARTA: ['quarta', 'quarta feira', 'qua', '4a', '4a feira', '4 feira', 'wednesday', 'wed'],
  QUINTA: ['quinta', 'quinta feira', 'qui', '5a', '5a feira', '5 feira', 'thursday', 'thu'],
  SEXTA: ['sexta', 'sexta feira', 'sex', '6a', '6a feira', '6 feira', 'friday', 'fri'],
  SABADO: ['sabado', 'sab', 'saturday', 'sat'],
  DOMINGO: ['domingo', 'dom', 'sunday', 'sun'],
};
const levelWords: Record<(typeof enums.level)[number], string[]> = {
  INICIANTE: ['iniciante', 'iniciantes', 'inicial', 'basico', 'beginner', 'beginners'],
  INTERMEDIARIO: ['intermediario', 'intermediaria', 'intermediate'],
  AVANCADO: ['avancado', 'avancada', 'avancados', 'advanced'],
  TODOS_NIVEIS: ['todos os niveis', 'todos niveis', 'todos', 'livre', 'misto', 'all levels', 'all', 'mixed'],
};
const wordLookup = <C extends string>(words: Record<C, string[]>) =>
  new Map<string, C>(
    (Object.keys(words) as C[]).flatMap((code) => [
      [normalize(code.replaceAll('_', ' ')), code] as const,
      ...words[code].map((word) => [word, code] as const),
    ]),
  );
const weekDays = wordLookup(weekDayWords);
const levels = wordLookup(levelWords);

/** A weekday's code: the first day a cell names ("Segunda", "seg e qua", "Monday"), or undefined. */
export function readWeekDay(cell: Cell): string | undefined {
  const value = normalize(cellText(cell));
  const whole = weekDays.get(value);
  if (whole) return whole;
  for (const word of value.split(/\s+|\be\b|\band\b/)) {
    const code = weekDays.get(word);
    if (code) return code;
  }
  return undefined;
}

export const readLevel = (cell: Cell): string | undefined => levels.get(normalize(cellText(cell)));

const newActivityKey = (name: string) => `new:${normalize(name)}`;
const newClassKey = (activity: string, title: string) => `new:${normalize(activity)}|${normalize(title)}`;

/** The catalog's classes by folded title and by "activity title", and its activities by folded name. */
function catalogIndex(catalog: CatalogChoice) {
  const activityName = new Map(catalog.activities.map((activity) => [activity.id, activity.name]));
  const classesByName = new Map<string, { id: string; activityId: string }[]>();
  const add = (name: string, group: { id: string; activityId: string }) => {
    const key = normalize(name);
    const found = classesByName.get(key) ?? [];
    if (!found.some((other) => other.id === group.id)) classesByName.set(key, [...found, group]);
  };
  for (const group of catalog.classes) {
    add(group.title, group);
    add(`${activityName.get(group.activityId) ?? ''} ${group.title}`, group);
  }
  const activitiesByName = new Map<string, string[]>();
  for (const activity of catalog.activities) {
    const key = normalize(activity.name);
    activitiesByName.set(key, [...(activitiesByName.get(key) ?? []), activity.id]);
  }
  return { classesByName, activitiesByName, activities: catalog.activities };
}

/** The activity a new class's title starts with ("Futebol - Sub 11" of "Futebol"), the longest such name. */
function activityInTitle(title: string, activities: CatalogChoice['activities']): string | undefined {
  const folded = normalize(title);
  const starts = activities.filter((activity) => {
    const name = normalize(activity.name);
    return name && (folded === name || folded.startsWith(`${name} `));
  });
  starts.sort((a, b) => b.name.length - a.name.length);
  return starts[0]?.id;
}

const MAX_NAME = 200;

/**
 * Every sheet's rows read through its columns' fields. With `tabPerClass`, a row without a class cell goes into the
 * class its sheet is named after. Rows are numbered across the sheets, from 1.
 */
export function readEnrolmentRows(sheets: readonly EnrolmentSheet[], catalog: CatalogChoice, tabPerClass: boolean, now = new Date()): EnrolmentRead {
  const index = catalogIndex(catalog);
  const rows: EnrolmentRow[] = [];
  const newClasses = new Map<string, NewClassDraft>();
  const newActivities = new Map<string, NewActivityDraft>();
  const seen = new Map<string, string>();
  const { width, classColumn } = fileLayout(sheets);
  let number = 0;
  for (const sheet of sheets) {
    const columns = columnsOf(sheet);
    sheet.rows.forEach((cells, at) => {
      if (cells.every((cell) => cellText(cell) === '')) return;
      number += 1;
      const where = sheets.length > 1 ? `${sheet.name} · ${at + 2}` : String(at + 2);
      const problems: EnrolmentProblem[] = [];
      const values: Partial<Record<OwnField, string>> = {};
      const draft = recordDraft();
      let from: string | undefined;
      sheet.fields.forEach((field, column) => {
        if (!field) return;
        const cell = cells[column];
        const value = cellText(cell);
        if (!value) return;
        if (!isOwn(field)) {
          const problem = readRecordCell(draft, field, cell, now);
          if (problem) problems.push(problem);
        } else if (value.length > MAX_NAME) problems.push({ code: 'too-long', field, value: value.slice(0, 40) });
        else if (field !== 'enrolledFrom') values[field] = value;
        else {
          from = readDate(cell, now);
          if (!from) problems.push({ code: 'date-invalid', field, value });
        }
      });
      const { student, guardian } = recordOf(draft, problems);
      const activityName = values.activityName ?? '';
      const className = values.className ?? (tabPerClass ? sheet.name.trim() : '');
      let classKey: ClassKey | null = null;
      if (!className) problems.push({ code: 'class-missing', field: 'className' });
      else {
        const named = [
          ...(index.classesByName.get(normalize(className)) ?? []),
          ...(activityName ? (index.classesByName.get(normalize(`${activityName} ${className}`)) ?? []) : []),
        ];
        const activityIds = activityName ? (index.activitiesByName.get(normalize(activityName)) ?? []) : null;
        const found = [...new Map(named.map((group) => [group.id, group])).values()].filter(
          (group) => !activityIds || activityIds.includes(group.activityId),
        );
        if (found.length > 1) problems.push({ code: 'class-ambiguous', field: 'className', value: className });
        else if (found.length === 1) classKey = `id:${found[0]!.id}`;
        else {
          classKey = newClassKey(activityName, className);
          let draft = newClasses.get(classKey);
          if (!draft) {
            let activityKey: string | null = null;
            if (activityName) {
              if (activityIds && activityIds.length === 1) activityKey = `id:${activityIds[0]}`;
              else if (!activityIds || activityIds.length === 0) {
                activityKey = newActivityKey(activityName);
                const activity = newActivities.get(activityKey) ?? { key: activityKey, name: activityName, rows: 0 };
                newActivities.set(activityKey, activity);
              }
            } else {
              const guessed = activityInTitle(className, index.activities);
              if (guessed) activityKey = `id:${guessed}`;
            }
            draft = { key: classKey, title: className, activityKey, rows: 0 };
            newClasses.set(classKey, draft);
          }
          draft.rows += 1;
          // What the file says of the class: its first row that says it.
          draft.weekDay ??= values.weekDay ? readWeekDay(values.weekDay) : undefined;
          draft.schedule ??= values.schedule;
          draft.level ??= values.level ? readLevel(values.level) : undefined;
          if (draft.activityKey?.startsWith('new:')) {
            const activity = newActivities.get(draft.activityKey)!;
            activity.rows += 1;
            activity.teacher ??= values.teacher;
          }
        }
      }
      // The same child twice in the same class (by CPF, or by name and birth date, or by name alone).
      const who = student.registrationNumber
        ? `cpf:${student.registrationNumber}`
        : `name:${normalize(student.fullName)}:${student.dateOfBirth ?? ''}`;
      if (student.fullName && classKey) {
        const key = `${who}@${classKey}`;
        const earlier = seen.get(key);
        if (earlier !== undefined) problems.push({ code: 'duplicate', value: earlier });
        else seen.set(key, where);
      }
      rows.push({
        row: number,
        sheet: sheet.name,
        line: at + 2,
        where,
        student,
        ...(guardian ? { guardian } : {}),
        activityName,
        className,
        classKey,
        ...(from ? { from } : {}),
        cells: fileCells(cells, columns, Math.max(width, classColumn + 1), classColumn, className),
        problems,
      });
    });
  }
  return { rows, newClasses: [...newClasses.values()], newActivities: [...newActivities.values()] };
}

/** A row's cells under the file's columns, its class in the class's column. */
function fileCells(cells: readonly Cell[], columns: readonly number[], width: number, classColumn: number, className: string): string[] {
  const placed = Array.from({ length: width }, () => '');
  columns.forEach((at, column) => {
    if (at >= 0) placed[at] = cellText(cells[column]);
  });
  placed[classColumn] ||= className;
  return placed;
}

/** Each sheet's columns mapped by header: a sheet's column takes the field chosen for the same header (folded). */
export function fieldsOfSheet(headers: readonly string[], allHeaders: readonly string[], mapping: readonly EnrolmentMapped[]): EnrolmentMapped[] {
  const byHeader = new Map(allHeaders.map((header, column) => [normalize(header), mapping[column] ?? ''] as const));
  const taken = new Set<string>();
  return headers.map((header) => {
    const field = byHeader.get(normalize(header)) ?? '';
    if (!field || taken.has(field)) return '';
    taken.add(field);
    return field;
  });
}

/** Where each of a sheet's columns stands among the headers of every sheet (allHeadersOf), by header (folded). */
export function columnsInFile(headers: readonly string[], allHeaders: readonly string[]): number[] {
  const at = new Map(allHeaders.map((header, column) => [normalize(header), column] as const));
  return headers.map((header) => at.get(normalize(header)) ?? -1);
}

/** The headers of every sheet, each once (folded), in the order they first appear. */
export function allHeadersOf(sheets: readonly { headers: readonly string[] }[]): string[] {
  const seen = new Set<string>();
  const all: string[] = [];
  for (const sheet of sheets)
    for (const header of sheet.headers) {
      const key = normalize(header);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      all.push(header);
    }
  return all;
}
