/**
 * Two of the sync's student columns packed for the wire (issue 52, which added four columns of codes and took a first
 * sync at 5,000 students from 149 to 152 KB gzipped, past issue 18's 150). A column of codes (gender, school year,
 * employment, school shift) travels as its codes once and one character per student, the code's place: 1.4 KB gzipped
 * for the genders of 5,000 where a list of strings cost 2.1. The students' classes travel as one string, each class
 * reference in a fixed number of base64url digits (two for up to 4,096 classes), a comma after each student's: 15.3 KB
 * where a list of lists of numbers cost 16.9.
 */
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const PLACE = new Map([...DIGITS].map((digit, place) => [digit, place]));

/** A column of codes as it travels: each code once, and a character per student, its code's place in `codes`. */
export type PackedCodes = { codes: string[]; of: string };

/** At most this many different codes in one column (one character each). */
export const MAX_CODES = DIGITS.length;

/** `values` packed (undefined when they hold more than MAX_CODES different codes: they then travel as a list). */
export function packCodes(values: readonly string[]): PackedCodes | undefined {
  const codes: string[] = [];
  const place = new Map<string, number>();
  let of = '';
  for (const value of values) {
    let at = place.get(value);
    if (at === undefined) place.set(value, (at = codes.push(value) - 1));
    if (at >= MAX_CODES) return undefined;
    of += DIGITS[at];
  }
  return { codes, of };
}

/** The column back, or undefined when a character names no code of the column. */
export function unpackCodes({ codes, of }: PackedCodes): string[] | undefined {
  const values: string[] = [];
  for (const digit of of) {
    const value = codes[PLACE.get(digit) ?? codes.length];
    if (value === undefined) return undefined;
    values.push(value);
  }
  return values;
}

/** Base64url digits a reference to one of `classCount` classes takes. */
function widthFor(classCount: number): number {
  let width = 1;
  while (DIGITS.length ** width < classCount) width += 1;
  return width;
}

/** Each student's class references (places in a list of `classCount` class ids) as one string. */
export function packRefs(refs: readonly (readonly number[])[], classCount: number): string {
  const width = widthFor(classCount);
  const digits = (ref: number) => {
    let text = '';
    for (let i = 0; i < width; i += 1, ref = Math.floor(ref / DIGITS.length)) text = DIGITS[ref % DIGITS.length] + text;
    return text;
  };
  return refs.map((own) => `${own.map(digits).join('')},`).join('');
}

/** The references back, or undefined for a string that is not `students` students' references to `classCount` classes. */
export function unpackRefs(packed: string, students: number, classCount: number): number[][] | undefined {
  const width = widthFor(classCount);
  const parts = packed.split(',');
  if (parts.pop() !== '' || parts.length !== students) return undefined;
  const refs: number[][] = [];
  for (const part of parts) {
    if (part.length % width !== 0) return undefined;
    const own: number[] = [];
    for (let at = 0; at < part.length; at += width) {
      let ref = 0;
      for (const digit of part.slice(at, at + width)) ref = ref * DIGITS.length + (PLACE.get(digit) ?? Infinity);
      if (!(ref < classCount)) return undefined;
      own.push(ref);
    }
    refs.push(own);
  }
  return refs;
}

/** The references as travelled, a list each or packed; undefined when they are not `students` students' to `classCount` classes. */
export function refsOf(refs: number[][] | string, students: number, classCount: number): number[][] | undefined {
  if (typeof refs === 'string') return unpackRefs(refs, students, classCount);
  return refs.length === students && refs.every((own) => own.every((ref) => ref < classCount)) ? refs : undefined;
}
