import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatBirthDate, formatCpfForDisplay } from '../../../src/components/person-card.tsx';
import { checkCpf } from '../../../src/features/student-registration/registration-values.ts';
import { onlyDigits } from '../../../src/api/contract.ts';
import {
  anyText,
  calendarDay,
  digitString,
  formatCpfByReference,
  impossibleDay,
  typedValidCpf,
  validCpfDigits,
  cpfLayout,
} from '../../support/validation-arbitraries.ts';

const sortedDigits = (text: string) => onlyDigits(text).split('').sort().join('');

describe('CPF as shown on a person card', () => {
  const cpfLike = fc.oneof(anyText, typedValidCpf, digitString(11).chain(cpfLayout), digitString(0, 14));

  it('never throws, whatever the server sent', () => {
    fc.assert(
      fc.property(cpfLike, (text) => {
        expect(() => formatCpfForDisplay(text)).not.toThrow();
      }),
    );
  });

  it('formatting twice equals formatting once', () => {
    fc.assert(
      fc.property(cpfLike, (text) => {
        const once = formatCpfForDisplay(text);
        expect(formatCpfForDisplay(once)).toBe(once);
      }),
    );
  });

  it('keeps the digits, in order', () => {
    fc.assert(
      fc.property(cpfLike, (text) => {
        expect(onlyDigits(formatCpfForDisplay(text))).toBe(onlyDigits(text));
      }),
    );
  });

  it('shows any 11 digits, however they were typed, as 000.000.000-00', () => {
    fc.assert(
      fc.property(
        digitString(11).chain((digits) => cpfLayout(digits).map((typed) => [digits, typed] as const)),
        ([digits, typed]) => {
          expect(formatCpfForDisplay(typed)).toBe(formatCpfByReference(digits));
        },
      ),
    );
  });

  it('shows anything without exactly 11 digits as it came', () => {
    fc.assert(
      fc.property(
        cpfLike.filter((text) => onlyDigits(text).length !== 11),
        (text) => {
          expect(formatCpfForDisplay(text)).toBe(text);
        },
      ),
    );
  });

  it('a valid CPF stays valid once shown', () => {
    fc.assert(
      fc.property(validCpfDigits, (cpf) => {
        expect(checkCpf(formatCpfForDisplay(cpf))).toBeNull();
      }),
    );
  });
});

describe('birth date as shown on a person card', () => {
  const locales = fc.constantFrom('pt-BR', 'en-US');
  const dateLike = fc.oneof(
    anyText,
    calendarDay(),
    impossibleDay,
    calendarDay().map((day) => `${day}T12:34:56Z`),
  );

  it('never throws, whatever the server sent', () => {
    fc.assert(
      fc.property(dateLike, locales, (text, locale) => {
        expect(() => formatBirthDate(text, locale)).not.toThrow();
      }),
    );
  });

  it('formatting twice equals formatting once', () => {
    fc.assert(
      fc.property(dateLike, locales, (text, locale) => {
        const once = formatBirthDate(text, locale);
        expect(formatBirthDate(once, locale)).toBe(once);
      }),
    );
  });

  it('shows every real calendar day (years 0000 to 9999) with its own day, month and year, in the reader’s order', () => {
    fc.assert(
      fc.property(calendarDay(), (day) => {
        const [year, month, date] = day.split('-');
        expect(formatBirthDate(day, 'pt-BR')).toBe(`${date}/${month}/${year}`);
        expect(formatBirthDate(day, 'en-US')).toBe(`${month}/${date}/${year}`);
      }),
    );
  });

  it('keeps the digits of a calendar day', () => {
    fc.assert(
      fc.property(calendarDay(), locales, (day, locale) => {
        expect(sortedDigits(formatBirthDate(day, locale))).toBe(sortedDigits(day));
      }),
    );
  });

  it('shows a day that is not on the calendar (Feb 30, month 13) as it came, not as some other day', () => {
    fc.assert(
      fc.property(impossibleDay, locales, (day, locale) => {
        expect(formatBirthDate(day, locale)).toBe(day);
      }),
    );
  });

  it('shows text that is not a date as it came', () => {
    fc.assert(
      fc.property(
        anyText.filter((text) => !/^\d{4}-\d{2}-\d{2}/.test(text)),
        locales,
        (text, locale) => {
          expect(formatBirthDate(text, locale)).toBe(text);
        },
      ),
    );
  });
});
