/** The class list import's words: its fields, a row's problems and what happens to a row, in the user's language. */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { EnrolmentField } from './enrolment-fields.ts';
import { fieldLabel, sharedProblemText } from './import-texts.ts';
import type { EnrolmentProblem } from './read-enrolments.ts';
import type { RecordField } from './read-rows.ts';

/** The class list's own fields' names; the child's are the students import's (import-texts.ts). */
const ownLabels: Partial<Record<EnrolmentField, MessageDescriptor>> = {
  activityName: msg`Activity`,
  className: msg`Class`,
  weekDay: msg`Weekday`,
  schedule: msg`Time`,
  level: msg`Level`,
  teacher: msg`Teacher`,
  enrolledFrom: msg`Enrolled from`,
};
export const enrolmentFieldLabel = (field: EnrolmentField | RecordField): MessageDescriptor =>
  ownLabels[field as EnrolmentField] ?? fieldLabel(field as RecordField);

export type EnrolmentStatus = 'enrol' | 'new-child' | 'skip' | 'wrong';
export const enrolmentStatusLabels: Record<EnrolmentStatus, MessageDescriptor> = {
  enrol: msg`Enrol`,
  'new-child': msg`New child, enrol`,
  skip: msg`Already in the class`,
  wrong: msg`Wrong`,
};

export function enrolmentProblemText(i18n: I18n, problem: EnrolmentProblem): string {
  const field = problem.field ? i18n._(enrolmentFieldLabel(problem.field)) : '';
  const value = problem.value ?? '';
  switch (problem.code) {
    case 'class-missing':
      return i18n._(msg`The class is missing`);
    case 'class-incomplete':
      return i18n._(msg`The new class "${value}" needs an activity, a weekday and a time`);
    case 'duplicate':
      return i18n._(msg`The same child and class as row ${value}`);
    default:
      return sharedProblemText(i18n, problem.code, field, value) ?? problem.code;
  }
}
