import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkCpf,
  checkFullName,
  checkPastDate,
  checkRegistration,
  checkZip,
  emptyRegistration,
  toStudentCreate,
  type RegistrationValues,
} from '../../../src/features/student-registration/registration-values.ts';
import { isPostcodeComplete } from '../../../src/api/postcode.ts';
import { isoDateSchema, NAME_LETTER, onlyDigits, studentCreateSchema } from '../../../src/api/contract.ts';
import {
  anyText,
  calendarDay,
  cpfLayout,
  cpfWithWrongCheckDigit,
  digitString,
  FIRST_DAY,
  impossibleDay,
  isCpfByReference,
  isoDay,
  LAST_DAY,
  repeatedDigitCpf,
  typedValidCpf,
  typedValidZip,
  validCpfDigits,
} from '../../support/validation-arbitraries.ts';

const CPF_MESSAGE = 'Invalid CPF: check the digits.';
const ZIP_MESSAGE = 'The ZIP code must have 8 digits.';
const INVALID_DATE = 'Enter a valid date.';
const FUTURE_DATE = 'The date cannot be in the future.';

// Local noon, so the local calendar day is the same as the UTC one in every time zone the tests may run in.
const today = new Date(2026, 5, 15, 12);
const TODAY = '2026-06-15';
const CLIENT_ID = '7b0e7c36-8f57-4d3f-9a59-2a7a3c1b2f10';

describe('CPF check (registration number)', () => {
  it('accepts every valid CPF, typed bare, masked or with blanks', () => {
    fc.assert(
      fc.property(typedValidCpf, (cpf) => {
        expect(checkCpf(cpf)).toBeNull();
      }),
    );
  });

  it('rejects a CPF whose first or second check digit was changed', () => {
    fc.assert(
      fc.property(
        cpfWithWrongCheckDigit.chain(({ invalid }) => cpfLayout(invalid)),
        (cpf) => {
          expect(checkCpf(cpf)?.message).toBe(CPF_MESSAGE);
        },
      ),
    );
  });

  it('rejects CPFs whose eleven digits are all the same, though their check digits add up', () => {
    fc.assert(
      fc.property(repeatedDigitCpf.chain(cpfLayout), (cpf) => {
        expect(checkCpf(cpf)?.message).toBe(CPF_MESSAGE);
      }),
    );
  });

  it('agrees with an independent mod-11 implementation on any 11 digits', () => {
    fc.assert(
      fc.property(fc.oneof(digitString(11), validCpfDigits), (digits) => {
        expect(checkCpf(digits) === null).toBe(isCpfByReference(digits));
      }),
    );
  });

  it('rejects fewer or more than 11 digits', () => {
    fc.assert(
      fc.property(fc.oneof(digitString(1, 10), digitString(12, 20)), (digits) => {
        expect(checkCpf(digits)?.message).toBe(CPF_MESSAGE);
      }),
    );
  });

  it('never throws; blank is allowed (optional field), anything else passes only if its digits are a valid CPF', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = checkCpf(text);
        if (!text.trim()) expect(result).toBeNull();
        else if (result === null) expect(isCpfByReference(onlyDigits(text))).toBe(true);
        else expect(result.message).toBe(CPF_MESSAGE);
      }),
    );
  });
});

describe('ZIP (CEP) check', () => {
  it('accepts 8 digits, bare or with the hyphen, dot and blanks people type', () => {
    fc.assert(
      fc.property(typedValidZip, (zip) => {
        expect(checkZip(zip)).toBeNull();
      }),
    );
  });

  it('rejects any other number of digits', () => {
    fc.assert(
      fc.property(fc.oneof(digitString(1, 7), digitString(9, 20)), fc.boolean(), (digits, hyphen) => {
        expect(checkZip(hyphen ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits)?.message).toBe(ZIP_MESSAGE);
      }),
    );
  });

  it('rejects 8 digits with a letter or other sign among them', () => {
    fc.assert(
      fc.property(typedValidZip, fc.constantFrom('a', 'O', 'x', '/', '#', '٣', '_'), fc.nat(), (zip, extra, at) => {
        const i = at % (zip.length + 1);
        expect(checkZip(zip.slice(0, i) + extra + zip.slice(i))?.message).toBe(ZIP_MESSAGE);
      }),
    );
  });

  it('never throws, and agrees with the lookup rule (a ZIP passes exactly when it would be looked up)', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, typedValidZip), (text) => {
        const result = checkZip(text);
        if (!text.trim()) expect(result).toBeNull();
        else expect(result === null).toBe(isPostcodeComplete(text));
        if (result !== null) expect(result.message).toBe(ZIP_MESSAGE);
      }),
    );
  });
});

describe('date check (date of birth, enrolment date)', () => {
  const pastDay = calendarDay(FIRST_DAY, new Date(`${TODAY}T00:00:00.000Z`));
  const futureDay = calendarDay(new Date('2026-06-16T00:00:00.000Z'));

  it('accepts every real calendar day up to today', () => {
    fc.assert(
      fc.property(pastDay, (day) => {
        expect(checkPastDate(day, today)).toBeNull();
      }),
    );
  });

  it('accepts today itself, whatever today is', () => {
    fc.assert(
      fc.property(fc.date({ min: FIRST_DAY, max: LAST_DAY, noInvalidDate: true }), (now) => {
        // Noon local time on the same calendar day (setFullYear, as new Date(y, ...) reads 0-99 as 1900-1999).
        const local = new Date(2000, 0, 1, 12);
        local.setFullYear(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
        expect(checkPastDate(isoDay(now), local)).toBeNull();
      }),
    );
  });

  it('says a real day after today is in the future', () => {
    fc.assert(
      fc.property(futureDay, (day) => {
        expect(checkPastDate(day, today)?.message).toBe(FUTURE_DATE);
      }),
    );
  });

  it('rejects days that are not on the calendar (Feb 30, day 00, month 13)', () => {
    fc.assert(
      fc.property(impossibleDay, (day) => {
        expect(checkPastDate(day, today)?.message).toBe(INVALID_DATE);
      }),
    );
  });

  it('never throws; what it accepts is a date the API contract accepts', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, calendarDay(), impossibleDay), (text) => {
        const result = checkPastDate(text, today);
        if (text === '') expect(result).toBeNull();
        else if (result === null) {
          expect(isoDateSchema.safeParse(text).success).toBe(true);
          expect(text <= TODAY).toBe(true);
        } else expect([INVALID_DATE, FUTURE_DATE]).toContain(result.message);
      }),
    );
  });

  it('agrees with the API contract on every past day and every YYYY-MM-DD-shaped text', () => {
    fc.assert(
      fc.property(fc.oneof(pastDay, impossibleDay), (day) => {
        expect(checkPastDate(day, today) === null).toBe(isoDateSchema.safeParse(day).success);
      }),
    );
  });
});

describe('the body sent to POST /students', () => {
  const validValues = fc.record({
    fullName: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '' && NAME_LETTER.test(s)),
    registrationNumber: fc.oneof(fc.constant(''), typedValidCpf),
    zip: fc.oneof(fc.constant(''), typedValidZip),
    dateOfBirth: fc.oneof(fc.constant(''), calendarDay(FIRST_DAY, new Date(`${TODAY}T00:00:00.000Z`))),
    enrollmentDate: fc.oneof(fc.constant(''), calendarDay(new Date('2000-01-01T00:00:00Z'), new Date(`${TODAY}T00:00:00.000Z`))),
  });
  const formOf = (v: Partial<RegistrationValues>): RegistrationValues => ({
    ...emptyRegistration,
    ...v,
  });

  it('what passes the form checks is accepted by the API contract, CPF and ZIP sent as digits only', () => {
    fc.assert(
      fc.property(validValues, (v) => {
        const values = formOf(v);
        expect(checkRegistration(values, today)).toEqual({});
        const body = toStudentCreate(values, CLIENT_ID);
        expect(studentCreateSchema.safeParse(body).success).toBe(true);
        expect(body.registrationNumber).toBe(onlyDigits(v.registrationNumber) || undefined);
        expect(body.address?.code).toBe(onlyDigits(v.zip) || undefined);
        if (body.registrationNumber !== undefined) expect(body.registrationNumber).toMatch(/^\d{11}$/);
        if (body.address?.code !== undefined) expect(body.address.code).toMatch(/^\d{8}$/);
      }),
    );
  });

  it('a name the form refuses for want of a letter the contract refuses too, and one it takes the contract takes', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' }), (fullName) => {
        const formTakes = checkFullName(fullName) === null;
        const contractTakes = studentCreateSchema.safeParse(toStudentCreate(formOf({ fullName }), CLIENT_ID)).success;
        expect(contractTakes).toBe(formTakes);
      }),
    );
  });

  it('building the body again from what it sent gives the same body (normalising twice = once)', () => {
    fc.assert(
      fc.property(
        fc.record({
          fullName: anyText,
          registrationNumber: anyText,
          zip: anyText,
          dateOfBirth: anyText,
        }),
        (v) => {
          const once = toStudentCreate(formOf(v), CLIENT_ID);
          const again = toStudentCreate(
            formOf({
              fullName: once.fullName,
              registrationNumber: once.registrationNumber ?? '',
              zip: once.address?.code ?? '',
              dateOfBirth: once.dateOfBirth ?? '',
            }),
            CLIENT_ID,
          );
          expect(again).toEqual(once);
        },
      ),
    );
  });

  it('never throws on any text in the checked fields', () => {
    fc.assert(
      fc.property(
        fc.record({
          fullName: anyText,
          registrationNumber: anyText,
          zip: anyText,
          dateOfBirth: anyText,
          enrollmentDate: anyText,
        }),
        (v) => {
          expect(() => checkRegistration(formOf(v), today)).not.toThrow();
          expect(() => toStudentCreate(formOf(v), CLIENT_ID)).not.toThrow();
        },
      ),
    );
  });
});
