import type { Permission } from '../api/permissions.ts';

/** The kinds of write that go through the outbox; each has one handler in src/api/ registered at start-up. */
export const outboxKinds = {
  studentCreate: 'student.create',
  studentDocument: 'student.document',
  studentDocumentRemove: 'student.document.remove',
  guardianCreate: 'guardian.create',
  guardianUpdate: 'guardian.update',
  attendanceRoll: 'attendance.roll',
  userCreate: 'user.create',
  userUpdate: 'user.update',
  studentUpdate: 'student.update',
  studentStatus: 'student.status',
  guardianRemove: 'guardian.remove',
  enrolmentStart: 'enrolment.start',
  enrolmentEnd: 'enrolment.end',
  activityCreate: 'activity.create',
  activityUpdate: 'activity.update',
  classCreate: 'class.create',
  classUpdate: 'class.update',
  consentRecord: 'consent.record',
  consentTermCreate: 'consent-term.create',
  assessmentSave: 'assessment.save',
  assessmentReview: 'assessment.review',
} as const;
export type OutboxKind = (typeof outboxKinds)[keyof typeof outboxKinds];

/** The permission each kind of write needs on the server: another account's write is taken over only by a role that has it. */
export const permissionOfKind: Record<OutboxKind, Permission> = {
  [outboxKinds.studentCreate]: 'students:write',
  [outboxKinds.studentUpdate]: 'students:write',
  [outboxKinds.studentStatus]: 'students:write',
  [outboxKinds.studentDocument]: 'documents:write',
  [outboxKinds.studentDocumentRemove]: 'documents:write',
  [outboxKinds.guardianCreate]: 'guardians:write',
  [outboxKinds.guardianUpdate]: 'guardians:write',
  [outboxKinds.guardianRemove]: 'guardians:write',
  [outboxKinds.attendanceRoll]: 'attendance:write',
  [outboxKinds.userCreate]: 'users:write',
  [outboxKinds.userUpdate]: 'users:write',
  [outboxKinds.enrolmentStart]: 'enrolments:write',
  [outboxKinds.enrolmentEnd]: 'enrolments:write',
  [outboxKinds.activityCreate]: 'activities:write',
  [outboxKinds.activityUpdate]: 'activities:write',
  [outboxKinds.classCreate]: 'classes:write',
  [outboxKinds.classUpdate]: 'classes:write',
  [outboxKinds.consentRecord]: 'consents:write',
  [outboxKinds.consentTermCreate]: 'consent-terms:write',
  [outboxKinds.assessmentSave]: 'assessments:write',
  [outboxKinds.assessmentReview]: 'assessments:review',
};
