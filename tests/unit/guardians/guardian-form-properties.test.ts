import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateGuardian } from '../../../src/features/guardians/guardian-form.ts';
import { cleanText, guardianInputSchema, onlyDigits } from '../../../src/api/contract.ts';
import {
  anyText,
  calendarDay,
  cpfLayout,
  cpfWithWrongCheckDigit,
  impossibleDay,
  isCpfByReference,
  repeatedDigitCpf,
  typedValidCpf,
  validPhone,
} from '../../support/validation-arbitraries.ts';
import { filledGuardian } from './guardian-fixture.ts';

const filled = filledGuardian;

/** The fields these tests are about; the others stay as in `filled`. */
const checkedFields = fc.record({ cpf: typedValidCpf, phone: validPhone, birthDate: calendarDay() });

describe('guardian CPF check', () => {
  it('accepts every valid CPF, bare or masked, and keeps only its digits', () => {
    fc.assert(
      fc.property(typedValidCpf, (cpf) => {
        const result = validateGuardian({ ...filled, cpf });
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.fields.cpf).toBe(onlyDigits(cpf));
      }),
    );
  });

  it('rejects a CPF whose first or second check digit was changed', () => {
    fc.assert(
      fc.property(
        cpfWithWrongCheckDigit.chain(({ invalid }) => cpfLayout(invalid)),
        (cpf) => {
          expect(validateGuardian({ ...filled, cpf })).toEqual({ ok: false, empty: false, cpf: 'invalid' });
        },
      ),
    );
  });

  it('rejects CPFs whose digits are all the same', () => {
    fc.assert(
      fc.property(repeatedDigitCpf.chain(cpfLayout), (cpf) => {
        expect(validateGuardian({ ...filled, cpf })).toEqual({ ok: false, empty: false, cpf: 'invalid' });
      }),
    );
  });

  it('accepts a non-blank CPF field exactly when its digits are a valid CPF by the reference algorithm', () => {
    fc.assert(
      fc.property(
        // Characters the rule for text drops do not count: a field of only those is empty.
        fc.oneof(anyText, typedValidCpf).filter((s) => cleanText(s).trim() !== ''),
        (cpf) => {
          const result = validateGuardian({ ...filled, cpf });
          if (result.ok) expect(isCpfByReference(onlyDigits(cpf))).toBe(true);
          else expect(result).toEqual({ ok: false, empty: false, cpf: 'invalid' });
        },
      ),
    );
  });
});

describe('guardian phone check', () => {
  it('accepts any phone of 1 to 30 characters after trimming, and sends it trimmed', () => {
    fc.assert(
      fc.property(validPhone, (phone) => {
        const result = validateGuardian({ ...filled, phone });
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.fields.phone).toBe(phone.trim());
      }),
    );
  });

  it('a blank phone asks to fill in all fields', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2028'), maxLength: 10 }), (phone) => {
        expect(validateGuardian({ ...filled, phone })).toEqual({ ok: false, empty: true });
      }),
    );
  });

  it('rejects a phone longer than the 30 characters the API takes', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 31, maxLength: 60 }).filter((s) => s.trim().length > 30),
        (phone) => {
          expect(validateGuardian({ ...filled, phone })).toEqual({ ok: false, empty: false, phone: 'invalid' });
        },
      ),
    );
  });
});

describe('guardian birth date check', () => {
  it('accepts every real calendar day', () => {
    fc.assert(
      fc.property(calendarDay(), (birthDate) => {
        expect(validateGuardian({ ...filled, birthDate })).toMatchObject({ ok: true, fields: { birthDate } });
      }),
    );
  });

  it('rejects YYYY-MM-DD text that is not on the calendar', () => {
    fc.assert(
      fc.property(impossibleDay, (birthDate) => {
        expect(validateGuardian({ ...filled, birthDate })).toEqual({ ok: false, empty: false, birthDate: 'invalid' });
      }),
    );
  });
});

describe('the guardian sent to the API', () => {
  it('whatever the form accepts, the API contract accepts', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          checkedFields,
          fc.record({ cpf: typedValidCpf, phone: fc.string({ minLength: 25, maxLength: 40 }), birthDate: calendarDay() }),
          fc.record({ cpf: anyText, phone: anyText, birthDate: anyText }),
        ),
        (checked) => {
          const result = validateGuardian({ ...filled, ...checked });
          if (result.ok) expect(guardianInputSchema.safeParse(result.fields).success).toBe(true);
        },
      ),
    );
  });

  it('validating the fields it produced gives them back unchanged (normalising twice = once)', () => {
    fc.assert(
      fc.property(checkedFields, fc.string({ unit: fc.constantFrom(' ', '\t', '\n'), maxLength: 5 }), (checked, blanks) => {
        const once = validateGuardian({ ...filled, ...checked, name: `${blanks}${filled.name}${blanks}` });
        expect(once.ok).toBe(true);
        if (once.ok) expect(validateGuardian(once.fields)).toEqual(once);
      }),
    );
  });

  it('never throws, whatever is typed in any field', () => {
    const anyValues = fc.record({
      name: anyText,
      cpf: fc.oneof(anyText, typedValidCpf),
      nis: anyText,
      address: anyText,
      phone: fc.oneof(anyText, validPhone),
      email: anyText,
      civilState: anyText,
      birthDate: fc.oneof(anyText, calendarDay()),
      relationship: anyText,
      socialName: anyText,
    });
    fc.assert(
      fc.property(anyValues, (values) => {
        expect(() => validateGuardian(values)).not.toThrow();
      }),
    );
  });
});
