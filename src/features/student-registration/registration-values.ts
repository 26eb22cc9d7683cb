/** The registration form's values, its checks (beyond SPEC §5's none: issue 5) and the body sent to POST /students. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import {
  brazilianStates,
  cleanText,
  isoDateSchema,
  NAME_LETTER,
  onlyDigits,
  ZIP_LENGTH,
  type Student,
  type StudentCreate,
} from '../../api/contract.ts';
import type { StudentCreatePayload } from '../../api/student-registration.ts';
import { formatPostcode } from '../../api/postcode.ts';
import { localIsoDate } from '../../lib/calendar-date.ts';

export type RegistrationValues = {
  fullName: string;
  /** Issue 52: the social name (nome social), shown in place of the civil name on every list and roll. */
  socialName: string;
  dateOfBirth: string;
  registrationNumber: string;
  enrollmentDate: string;
  race: string;
  gender: string;
  schoolName: string;
  /** A code of enums.schoolYear, or the text a record holds from before (kept as written until changed). */
  schoolYear: string;
  schoolShift: string;
  /** Age-grade distortion: 'yes', 'no', or '' (not known). */
  gradeGap: '' | 'yes' | 'no';
  socialProgram: string;
  employmentStatus: string;
  educationLevel: string;
  zip: string;
  street: string;
  neighborhood: string;
  city: string;
  /** The UF, two letters. */
  state: string;
  /** The street was typed by hand because the lookup could not be reached. */
  streetTypedByHand: boolean;
  number: string;
  complement: string;
};

export const emptyRegistration: RegistrationValues = {
  fullName: '',
  socialName: '',
  dateOfBirth: '',
  registrationNumber: '',
  enrollmentDate: '',
  race: '',
  gender: '',
  schoolName: '',
  schoolYear: '',
  schoolShift: '',
  gradeGap: '',
  socialProgram: '',
  employmentStatus: '',
  educationLevel: '',
  zip: '',
  street: '',
  neighborhood: '',
  city: '',
  state: '',
  streetTypedByHand: false,
  number: '',
  complement: '',
};

/** A real calendar date (2023-02-30 is not), not after `today`. Empty is allowed: the dates are optional. */
export function checkPastDate(value: string, today: Date = new Date()): MessageDescriptor | null {
  if (!value) return null;
  // The contract's own calendar check, so the form and the server agree; a general date parser reads years 0000-0099 as 1900-1999.
  if (!isoDateSchema.safeParse(value).success) return msg`Enter a valid date.`;
  if (value > localIsoDate(today)) return msg`The date cannot be in the future.`;
  return null;
}

export function checkFullName(value: string): MessageDescriptor | null {
  if (!value.trim()) return msg`Full name is required.`;
  return NAME_LETTER.test(value) ? null : msg`A name must contain a letter.`;
}

/** A social name is optional; given, it is a name (a letter at least), as the civil name. */
export function checkSocialName(value: string): MessageDescriptor | null {
  if (!value.trim()) return null;
  return NAME_LETTER.test(value) ? null : msg`A name must contain a letter.`;
}

export function checkCpf(value: string): MessageDescriptor | null {
  if (!value.trim()) return null;
  return isValidCpf(value) ? null : msg`Invalid CPF: check the digits.`;
}

export function checkZip(value: string): MessageDescriptor | null {
  if (!value.trim()) return null;
  return /^[\d\s.-]*$/.test(value) && onlyDigits(value).length === ZIP_LENGTH ? null : msg`The ZIP code must have 8 digits.`;
}

/** Field -> message for every failed check (empty when the form may be sent). */
export function checkRegistration(
  values: RegistrationValues,
  today: Date = new Date(),
): Partial<Record<keyof RegistrationValues, MessageDescriptor>> {
  const errors: Partial<Record<keyof RegistrationValues, MessageDescriptor>> = {};
  const checks: Array<[keyof RegistrationValues, MessageDescriptor | null]> = [
    ['fullName', checkFullName(values.fullName)],
    ['socialName', checkSocialName(values.socialName)],
    ['registrationNumber', checkCpf(values.registrationNumber)],
    ['dateOfBirth', checkPastDate(values.dateOfBirth, today)],
    ['enrollmentDate', checkPastDate(values.enrollmentDate, today)],
    ['zip', checkZip(values.zip)],
  ];
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}

/** The form's values of a stored record, to edit it with the same form and the same checks. */
export function valuesOfStudent(student: Student): RegistrationValues {
  return {
    ...emptyRegistration,
    fullName: student.fullName,
    socialName: student.socialName ?? '',
    dateOfBirth: student.dateOfBirth ?? '',
    registrationNumber: student.registrationNumber ?? '',
    enrollmentDate: student.enrollmentDate ?? '',
    race: student.race ?? '',
    gender: student.gender ?? '',
    schoolName: student.schoolName ?? '',
    schoolYear: student.schoolYear ?? '',
    schoolShift: student.schoolShift ?? '',
    gradeGap: student.gradeGap === undefined ? '' : student.gradeGap ? 'yes' : 'no',
    socialProgram: student.socialProgram ?? '',
    employmentStatus: student.employmentStatus ?? '',
    educationLevel: student.educationLevel ?? '',
    zip: formatPostcode(student.address.code ?? ''),
    street: student.address.street ?? '',
    streetTypedByHand: Boolean(student.address.street),
    number: student.address.number ?? '',
    complement: student.address.complement ?? '',
    neighborhood: student.address.neighborhood ?? '',
    city: student.address.city ?? '',
    state: student.address.state ?? '',
  };
}

const code = <T extends string>(value: string) => (value || undefined) as T | undefined;
// Invisible characters the API refuses (control characters, half an emoji) are dropped, as the rule for text says.
const text = (value: string) => cleanText(value).trim() || undefined;

/**
 * The body of SPEC §7 (plus education level and issue 52's fields), with the client id that makes it idempotent. For an
 * edit (`edit`), issue 52's fields left empty are sent empty (null: the age-grade distortion), which clears them: left
 * out, the server would keep what it has (an older client's edit).
 */
export function toStudentCreate(values: RegistrationValues, clientId: string, edit = false): StudentCreatePayload {
  const cleared = <T>(value: T | undefined, empty: T): T | undefined => (value === undefined && edit ? empty : value);
  const address = {
    code: onlyDigits(values.zip) || undefined,
    street: text(values.street),
    number: text(values.number),
    complement: text(values.complement),
    neighborhood: text(values.neighborhood),
    city: text(values.city),
    state: code<(typeof brazilianStates)[number]>(values.state),
  };
  const filled = Object.values(address).some(Boolean);
  if (edit) Object.assign(address, { neighborhood: address.neighborhood ?? '', city: address.city ?? '', state: address.state ?? '' });
  const body: StudentCreate & { id: string } = {
    id: clientId,
    fullName: cleanText(values.fullName).trim(),
    socialName: cleared(text(values.socialName), ''),
    dateOfBirth: values.dateOfBirth || undefined,
    registrationNumber: onlyDigits(values.registrationNumber) || undefined,
    enrollmentDate: values.enrollmentDate || undefined,
    race: code(values.race),
    gender: code(values.gender),
    schoolName: text(values.schoolName),
    schoolYear: text(values.schoolYear),
    schoolShift: cleared(code(values.schoolShift), ''),
    gradeGap: cleared(values.gradeGap === '' ? undefined : values.gradeGap === 'yes', null),
    socialProgram: code(values.socialProgram),
    employmentStatus: code(values.employmentStatus),
    educationLevel: code(values.educationLevel),
    address: filled || edit ? address : undefined,
  };
  // JSON drops undefined anyway; dropping it here keeps the stored outbox payload equal to what is sent.
  return JSON.parse(JSON.stringify(body)) as StudentCreatePayload;
}
