/** The import's words for its fields, a row's problems and a server's refusals, in the user's language. */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ImportRefusal } from '../../api/imports-contract.ts';
import { recordFieldLabels } from '../../components/conflict-fields.ts';
import type { ImportField } from './import-fields.ts';
import type { Problem } from './read-rows.ts';
import type { RowStatus } from './students-preview.ts';

/** The import's own fields' names; a record's field has its name in the record's labels (conflict-fields.ts). */
const ownLabels: Partial<Record<ImportField, MessageDescriptor>> = {
  schoolName: msg`School`,
  addressCode: msg`ZIP code`,
  guardianName: msg`Guardian's name`,
  guardianSocialName: msg`Guardian's social name`,
  guardianRelationship: msg`Guardian's relationship`,
  guardianPhone: msg`Guardian's phone`,
  guardianCpf: msg`Guardian's CPF`,
  guardianEmail: msg`Guardian's e-mail`,
  className: msg`Class`,
};
export const fieldLabel = (field: ImportField): MessageDescriptor => ownLabels[field] ?? recordFieldLabels[field]!;

export const statusLabels: Record<RowStatus, MessageDescriptor> = {
  new: msg`New`,
  update: msg`Update`,
  skip: msg`Skip`,
  wrong: msg`Wrong`,
};

/**
 * A problem both imports find, in a sentence (what is wrong, and with which value); undefined for one of an import's
 * own. `field` is the field's label, already in the user's language.
 */
export function sharedProblemText(i18n: I18n, code: string, field: string, value: string): string | undefined {
  switch (code) {
    case 'name-missing':
      return i18n._(msg`The name is missing`);
    case 'name-no-letter':
      return i18n._(msg`${field}: "${value}" has no letter`);
    case 'date-invalid':
      return i18n._(msg`${field}: "${value}" is not a date`);
    case 'cpf-invalid':
      return i18n._(msg`${field}: "${value}" is not a valid CPF`);
    case 'class-unknown':
      return i18n._(msg`No class is called "${value}"`);
    case 'class-ambiguous':
      return i18n._(msg`Several classes are called "${value}": write the activity too`);
    case 'too-long':
      return i18n._(msg`${field}: too long`);
    case 'phone-invalid':
      return i18n._(msg`${field}: "${value}" is not a phone number`);
    case 'email-invalid':
      return i18n._(msg`${field}: "${value}" is not an e-mail address`);
    case 'zip-invalid':
      return i18n._(msg`${field}: "${value}" is not a ZIP code`);
    case 'value-unknown':
      return i18n._(msg`${field}: "${value}" is not one of the options`);
    case 'guardian-name-missing':
      return i18n._(msg`The guardian's name is missing`);
    default:
      return undefined;
  }
}

/** A row's problem in a sentence: what is wrong, and with which value. */
export function problemText(i18n: I18n, problem: Problem): string {
  const field = problem.field ? i18n._(fieldLabel(problem.field)) : '';
  const value = problem.value ?? '';
  switch (problem.code) {
    case 'duplicate': {
      const row = problem.row ?? 0;
      return i18n._(msg`The same child as row ${row}`);
    }
    default:
      return sharedProblemText(i18n, problem.code, field, value) ?? problem.code;
  }
}

export function refusalText(i18n: I18n, reason: ImportRefusal | 'refused' | undefined): string {
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
