/** Registers the outbox handler of every kind of write, so items left from an earlier visit drain at start-up. */
import { registerGuardianHandlers } from './guardians.ts';
import { registerStudentRegistrationHandlers } from './student-registration.ts';
import { registerAttendanceHandlers } from './attendance.ts';
import { registerUserHandlers } from './users.ts';
import { registerStudentRecordHandlers } from './student-records.ts';
import { registerActivityHandlers } from './activities.ts';
import { registerClassHandlers } from './classes.ts';
import { registerConsentHandlers } from './consents.ts';
import { registerAssessmentHandlers } from './assessments.ts';
import { registerCalendarHandlers } from './calendar.ts';
import { registerSettingsHandlers } from './settings.ts';
import { registerGeneralRollHandlers } from './general-roll.ts';
import { registerCaseHandlers } from './cases.ts';

export function registerOutboxHandlers(): void {
  registerGuardianHandlers();
  registerStudentRegistrationHandlers();
  registerAttendanceHandlers();
  registerUserHandlers();
  registerStudentRecordHandlers();
  registerActivityHandlers();
  registerClassHandlers();
  registerConsentHandlers();
  registerAssessmentHandlers();
  registerCalendarHandlers();
  registerSettingsHandlers();
  registerGeneralRollHandlers();
  registerCaseHandlers();
}
