/**
 * fast-check generators shared by the *-properties tests of CPF, ZIP (CEP), phone and date checks.
 * The CPF check digits are computed here on their own (the "times ten, mod 11" form of the algorithm), not with the
 * library the app uses, so the tests compare two independent implementations.
 */
import fc from 'fast-check';

const DIGITS = '0123456789';

/** One CPF check digit of `digits` (9 digits for the first, 10 for the second): weights n+1 .. 2, (10·sum mod 11) mod 10. */
export function cpfCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
  return ((sum * 10) % 11) % 10;
}

/** The 11-digit CPF whose first nine digits are `body`. */
export function cpfFromBody(body: string): string {
  const first = cpfCheckDigit(body);
  return `${body}${first}${cpfCheckDigit(`${body}${first}`)}`;
}

/** The reference rule: exactly 11 ASCII digits, not all the same, both check digits right. */
export function isCpfByReference(digits: string): boolean {
  return /^\d{11}$/.test(digits) && !/^(\d)\1{10}$/.test(digits) && cpfFromBody(digits.slice(0, 9)) === digits;
}

export const digitString = (minLength: number, maxLength = minLength) => fc.string({ unit: fc.constantFrom(...DIGITS), minLength, maxLength });

/** A valid CPF as 11 digits (the nine-digit bodies whose digits are all equal are left out: the app rejects them). */
export const validCpfDigits = digitString(9)
  .filter((body) => !/^(\d)\1{8}$/.test(body))
  .map(cpfFromBody)
  .filter((cpf) => !/^(\d)\1{10}$/.test(cpf));

/** 000.000.000-00 */
export const formatCpfByReference = (digits: string) => `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;

/** The ways people type a CPF: bare digits, the usual mask, spaces, with blanks around. */
export const cpfLayout = (digits: string) =>
  fc.constantFrom(
    digits,
    formatCpfByReference(digits),
    `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`,
    `  ${formatCpfByReference(digits)} `,
    `${digits.slice(0, 9)}-${digits.slice(9)}`,
  );
export const typedValidCpf = validCpfDigits.chain(cpfLayout);

/** A valid CPF with its first (index 9) or second (index 10) check digit replaced by another digit. */
export const cpfWithWrongCheckDigit = fc.tuple(validCpfDigits, fc.constantFrom(9, 10), fc.integer({ min: 1, max: 9 })).map(([cpf, index, shift]) => {
  const wrong = String((Number(cpf[index]) + shift) % 10);
  return {
    valid: cpf,
    invalid: cpf.slice(0, index) + wrong + cpf.slice(index + 1),
    index,
  };
});

/** 000.000.000-00 .. 999.999.999-99: the check digits of 00000000000 etc. are right, and the app still rejects them. */
export const repeatedDigitCpf = fc.constantFrom(...DIGITS).map((d) => d.repeat(11));

/** 8 digits, bare or as 00000-000. */
export const validZipDigits = digitString(8);
export const typedValidZip = validZipDigits.chain((zip) =>
  fc.constantFrom(
    zip,
    `${zip.slice(0, 5)}-${zip.slice(5)}`,
    ` ${zip.slice(0, 5)}-${zip.slice(5)} `,
    `${zip.slice(0, 2)}.${zip.slice(2, 5)}-${zip.slice(5)}`,
  ),
);

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** A Date's UTC calendar day as YYYY-MM-DD (years 0001..9999). */
export const isoDay = (date: Date) => `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;

// PostgreSQL's calendar has no year 0 (ISO's 0000 is 1 BC): the contract's dates start at 0001.
export const FIRST_DAY = new Date('0001-01-01T00:00:00.000Z');
export const LAST_DAY = new Date('9999-12-31T00:00:00.000Z');

/** A real calendar day between `min` and `max` (UTC days), as YYYY-MM-DD. */
export const calendarDay = (min: Date = FIRST_DAY, max: Date = LAST_DAY) => fc.date({ min, max, noInvalidDate: true }).map(isoDay);

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
export const daysInMonth = (year: number, month: number) => (month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

/** YYYY-MM-DD shaped, but not on the calendar: day past the month's end, day 00, month 00 or 13..99. */
export const impossibleDay = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }))
    .chain(([y, m]) => fc.integer({ min: daysInMonth(y, m) + 1, max: 99 }).map((d) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`)),
  fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${pad(y, 4)}-${pad(m, 2)}-00`),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.oneof(fc.constant(0), fc.integer({ min: 13, max: 99 })), fc.integer({ min: 1, max: 28 }))
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
);

/** Any text at all: UTF-16 code units (lone surrogates too), whole code points, graphemes, and digit-heavy text near the formats. */
export const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({
    unit: fc.constantFrom(...'0123456789.-/ \t\n\u00a0\u2028٣٤৫a+()'),
    maxLength: 20,
  }),
);

/** A phone as the app takes it: some non-blank text of at most 30 characters after trimming (SPEC §5; contract max 30). */
export const validPhone = fc.oneof(
  fc
    .tuple(digitString(2), digitString(4, 5), digitString(4))
    .chain(([area, a, b]) => fc.constantFrom(`(${area}) ${a}-${b}`, `${area}${a}${b}`, `+55 ${area} ${a}-${b}`, ` ${area} ${a} ${b} `)),
  fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim().length > 0),
);
