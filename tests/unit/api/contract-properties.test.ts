import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cpfSchema, guardianInputSchema, hasDisallowedText, isoDateSchema, onlyDigits, ZIP_LENGTH, zipSchema } from '../../../src/api/contract.ts';
import {
  anyText,
  calendarDay,
  cpfLayout,
  cpfWithWrongCheckDigit,
  digitString,
  impossibleDay,
  isCpfByReference,
  repeatedDigitCpf,
  typedValidCpf,
  typedValidZip,
  validPhone,
} from '../../support/validation-arbitraries.ts';

describe('onlyDigits, the normaliser of CPFs and ZIP codes', () => {
  it('never throws; keeps exactly the ASCII digits, in order', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(onlyDigits(text)).toBe([...text].filter((c) => c >= '0' && c <= '9').join(''));
      }),
    );
  });

  it('normalising twice equals normalising once', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(onlyDigits(onlyDigits(text))).toBe(onlyDigits(text));
      }),
    );
  });
});

describe('ZIP (CEP) in the API contract', () => {
  it('accepts 8 digits, bare or typed with hyphen, dot and blanks, and gives the 8 digits', () => {
    fc.assert(
      fc.property(typedValidZip, (zip) => {
        expect(zipSchema.parse(zip)).toBe(onlyDigits(zip));
        expect(zipSchema.parse(zip)).toMatch(/^\d{8}$/);
      }),
    );
  });

  it('parsing what it gave back gives the same (idempotent)', () => {
    fc.assert(
      fc.property(fc.oneof(typedValidZip, anyText), (text) => {
        const once = zipSchema.safeParse(text);
        if (once.success) expect(zipSchema.parse(once.data)).toBe(once.data);
      }),
    );
  });

  it('never throws, and accepts a text exactly when it has 8 digits', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, typedValidZip, digitString(0, 12)), (text) => {
        expect(zipSchema.safeParse(text).success).toBe(onlyDigits(text).length === ZIP_LENGTH);
      }),
    );
  });
});

describe('CPF in the API contract', () => {
  it('accepts every valid CPF, bare or masked', () => {
    fc.assert(
      fc.property(typedValidCpf, (cpf) => {
        expect(cpfSchema.safeParse(cpf).success).toBe(true);
      }),
    );
  });

  it('rejects a changed check digit and all-equal digits', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(
            cpfWithWrongCheckDigit.map(({ invalid }) => invalid),
            repeatedDigitCpf,
          )
          .chain(cpfLayout),
        (cpf) => {
          expect(cpfSchema.safeParse(cpf).success).toBe(false);
        },
      ),
    );
  });

  it('never throws; agrees with the reference algorithm on any 11 digits and accepts nothing whose digits are not a CPF', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, digitString(11)), (text) => {
        const accepted = cpfSchema.safeParse(text).success;
        if (/^\d{11}$/.test(text)) expect(accepted).toBe(isCpfByReference(text));
        if (accepted) expect(isCpfByReference(onlyDigits(text))).toBe(true);
      }),
    );
  });
});

describe('dates in the API contract', () => {
  it('accepts every real calendar day from 0001-01-01 to 9999-12-31, and no day of year 0000', () => {
    expect(isoDateSchema.safeParse('0000-12-31').success).toBe(false);
    fc.assert(
      fc.property(calendarDay(), (day) => {
        expect(isoDateSchema.safeParse(day).success).toBe(true);
      }),
    );
  });

  it('rejects YYYY-MM-DD text that is not on the calendar, and never throws', () => {
    fc.assert(
      fc.property(impossibleDay, (day) => {
        expect(isoDateSchema.safeParse(day).success).toBe(false);
      }),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        expect(() => isoDateSchema.safeParse(text)).not.toThrow();
      }),
    );
  });
});

describe('guardian phone in the API contract', () => {
  const phone = guardianInputSchema.shape.phone;

  it('accepts a phone of 1 to 30 characters after trimming, trimmed', () => {
    fc.assert(
      fc.property(validPhone, (text) => {
        expect(phone.parse(text)).toBe(text.trim());
      }),
    );
  });

  it('rejects a blank phone, one longer than 30 characters (code points, as zod and PostgreSQL count) or one breaking the rule for text, and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.string({ minLength: 25, maxLength: 40 })), (text) => {
        const characters = [...text.trim()].length;
        expect(phone.safeParse(text).success).toBe(characters >= 1 && characters <= 30 && !hasDisallowedText(text));
      }),
      // 20 characters outside the BMP are 40 UTF-16 units: still a valid phone length.
      { examples: [['\u{10000}'.repeat(20)], ['\u{10000}'.repeat(31)]] },
    );
  });
});
