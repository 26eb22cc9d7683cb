/**
 * The names of a record's fields (the API's keys) in the user's language: the conflict view of the outbox drawer, and
 * the fields an edit changed in a student's access record.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export const recordFieldLabels: Record<string, MessageDescriptor> = {
  fullName: msg`Full name`,
  dateOfBirth: msg`Date of birth`,
  registrationNumber: msg`CPF`,
  enrollmentDate: msg`Enrollment date`,
  race: msg`Race`,
  gender: msg`Gender`,
  schoolName: msg`School name`,
  schoolYear: msg`School year`,
  socialProgram: msg`Social program`,
  employmentStatus: msg`Employment status`,
  educationLevel: msg`Education level`,
  address: msg`Address`,
  addressCode: msg`ZIP code (CEP)`,
  addressStreet: msg`Street`,
  addressNumber: msg`Number`,
  addressComplement: msg`Complement`,
  socialName: msg`Social name`,
  schoolShift: msg`School shift`,
  gradeGap: msg`Age-grade distortion`,
  addressNeighborhood: msg`Neighbourhood`,
  addressCity: msg`City`,
  addressState: msg`State`,
  relationship: msg`Relationship`,
  name: msg`Name`,
  teacher: msg`Teacher`,
  area: msg`Area`,
  frequency: msg`Frequency`,
  title: msg`Title`,
  weekDay: msg`Weekday`,
  schedule: msg`Schedule`,
  level: msg`Level`,
  activityId: msg`Activity`,
  instructorId: msg`Instructor`,
  // A class's schedule and instructors (issue 52).
  meetings: msg`Weekdays and times`,
  startsOn: msg`First day`,
  endsOn: msg`Last day`,
  instructorIds: msg`Instructors`,
  full_name: msg`Full name`,
  email: msg`E-mail`,
  phone: msg`Phone`,
  access: msg`Access`,
  formation: msg`Formation`,
  active: msg`Active`,
  archived: msg`Archived`,
  cpf: msg`CPF`,
  birthDate: msg`Date of birth`,
  civilState: msg`Civil state`,
  nis: msg`NIS`,
  // A student's status change (deactivate, reactivate).
  date: msg`Date`,
  reason: msg`Reason`,
  // A roll call.
  takenBy: msg`Taken by`,
  takenAt: msg`Taken at`,
  entries: msg`Marks`,
  // The programme's settings.
  programmeName: msg`Programme name`,
  projectName: msg`Project name`,
  funderName: msg`Funder name`,
  whatsappTemplate: msg`WhatsApp message`,
  // An anamnese form's edit.
  questions: msg`Questions`,
};

/** A write's fields the conflict view leaves out: how it is matched to the record, not what the user changed. */
export const conflictHiddenKeys: ReadonlySet<string> = new Set(['version', 'id', 'basedOn']);

/** A write's field that the record holds under another name: a status change's date and reason. */
export const conflictRecordKeys: Record<string, string> = { date: 'statusDate', reason: 'statusReason' };

/** A field's value as the conflict view shows it: an address as its parts, a yes or no in words, nothing as a dash. */
export function conflictValueText(value: unknown, words: { yes: string; no: string } = { yes: 'yes', no: 'no' }): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value !== 'object') return String(value);
  const parts = Object.values(value as Record<string, unknown>).filter((part) => part !== undefined && part !== null && part !== '');
  return parts.length > 0 ? parts.map(String).join(', ') : '—';
}
