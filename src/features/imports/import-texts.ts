/** The import's words for its fields, a row's problems and a server's refusals, in the user's language. */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ImportRefusal } from '../../api/imports-contract.ts';
import type { ImportField } from './import-fields.ts';
import type { Problem, RowStatus } from './read-rows.ts';

export const fieldLabels: Record<ImportField, MessageDescriptor> = {
  fullName: msg`Full name`,
  dateOfBirth: msg`Date of birth`,
  registrationNumber: msg`CPF`,
  enrollmentDate: msg`Enrollment date`,
  race: msg`Race`,
  gender: msg`Gender`,
  schoolName: msg`School`,
  schoolYear: msg`School year`,
  socialProgram: msg`Social program`,
  employmentStatus: msg`Employment status`,
  educationLevel: msg`Education level`,
  addressCode: msg`ZIP code`,
  addressStreet: msg`Street`,
  addressNumber: msg`Number`,
  addressComplement: msg`Complement`,
  guardianName: msg`Guardian's name`,
  guardianPhone: msg`Guardian's phone`,
  guardianCpf: msg`Guardian's CPF`,
  guardianEmail: msg`Guardian's e-mail`,
  className: msg`Class`,
};

export const statusLabels: Record<RowStatus, MessageDescriptor> = {
  new: msg`New`,
  update: msg`Update`,
  skip: msg`Skip`,
  wrong: msg`Wrong`,
};

/** A row's problem in a sentence: what is wrong, and with which value. */
export function problemText(i18n: I18n, problem: Problem): string {
  const field = problem.field ? i18n._(fieldLabels[problem.field]) : '';
  const value = problem.value ?? '';
  switch (problem.code) {
    case 'name-missing':
      return i18n._(msg`The name is missing`);
    case 'date-invalid':
      return i18n._(msg`${field}: "${value}" is not a date`);
    case 'cpf-invalid':
      return i18n._(msg`${field}: "${value}" is not a valid CPF`);
    case 'phone-invalid':
      return i18n._(msg`${field}: "${value}" is not a phone number`);
    case 'email-invalid':
      return i18n._(msg`${field}: "${value}" is not an e-mail address`);
    case 'zip-invalid':
      return i18n._(msg`${field}: "${value}" is not a ZIP code`);
    case 'value-unknown':
      return i18n._(msg`${field}: "${value}" is not one of the options`);
    case 'class-unknown':
      return i18n._(msg`No class is called "${value}"`);
    case 'class-ambiguous':
      return i18n._(msg`Several classes are called "${value}": write the activity too`);
    case 'guardian-name-missing':
      return i18n._(msg`The guardian's name is missing`);
    case 'duplicate': {
      const row = problem.row ?? 0;
      return i18n._(msg`The same child as row ${row}`);
    }
    case 'too-long':
      return i18n._(msg`${field}: too long`);
  }
}

export function refusalText(i18n: I18n, reason: ImportRefusal | undefined): string {
  switch (reason) {
    case 'cpf-taken':
      return i18n._(msg`The CPF belongs to another child in Quadra`);
    case 'unknown-class':
      return i18n._(msg`The class no longer exists`);
    case 'archived-class':
      return i18n._(msg`The class is archived`);
    default:
      return i18n._(msg`Refused by the server`);
  }
}
