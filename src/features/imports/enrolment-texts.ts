/** The class list import's words: its fields, a row's problems and what happens to a row, in the user's language. */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { EnrolmentField } from './enrolment-fields.ts';
import type { EnrolmentProblem } from './read-enrolments.ts';

export const enrolmentFieldLabels: Record<EnrolmentField, MessageDescriptor> = {
  fullName: msg`Full name`,
  dateOfBirth: msg`Date of birth`,
  registrationNumber: msg`CPF`,
  activityName: msg`Activity`,
  className: msg`Class`,
  weekDay: msg`Weekday`,
  schedule: msg`Time`,
  level: msg`Level`,
  teacher: msg`Teacher`,
  enrolledFrom: msg`Enrolled from`,
};

export type EnrolmentStatus = 'enrol' | 'new-child' | 'skip' | 'wrong';
export const enrolmentStatusLabels: Record<EnrolmentStatus, MessageDescriptor> = {
  enrol: msg`Enrol`,
  'new-child': msg`New child, enrol`,
  skip: msg`Already in the class`,
  wrong: msg`Wrong`,
};

export function enrolmentProblemText(i18n: I18n, problem: EnrolmentProblem): string {
  const field = problem.field ? i18n._(enrolmentFieldLabels[problem.field]) : '';
  const value = problem.value ?? '';
  switch (problem.code) {
    case 'name-missing':
      return i18n._(msg`The name is missing`);
    case 'date-invalid':
      return i18n._(msg`${field}: "${value}" is not a date`);
    case 'cpf-invalid':
      return i18n._(msg`${field}: "${value}" is not a valid CPF`);
    case 'class-missing':
      return i18n._(msg`The class is missing`);
    case 'class-ambiguous':
      return i18n._(msg`Several classes are called "${value}": write the activity too`);
    case 'class-unknown':
      return i18n._(msg`No class is called "${value}"`);
    case 'class-incomplete':
      return i18n._(msg`The new class "${value}" needs an activity, a weekday and a time`);
    case 'duplicate':
      return i18n._(msg`The same child and class as row ${value}`);
    case 'too-long':
      return i18n._(msg`${field}: too long`);
  }
}
