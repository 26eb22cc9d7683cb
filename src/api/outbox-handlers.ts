/** Registers the outbox handler of every kind of write, so items left from an earlier visit drain at start-up. */
import { registerGuardianHandlers } from './guardians.ts';
import { registerStudentRegistrationHandlers } from './student-registration.ts';
import { registerAttendanceHandlers } from './attendance.ts';
import { registerUserHandlers } from './users.ts';

export function registerOutboxHandlers(): void {
  registerGuardianHandlers();
  registerStudentRegistrationHandlers();
  registerAttendanceHandlers();
  registerUserHandlers();
}
