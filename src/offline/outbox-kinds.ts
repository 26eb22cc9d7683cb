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
} as const;
export type OutboxKind = (typeof outboxKinds)[keyof typeof outboxKinds];

/** The permission each kind of write needs on the server: another account's write is taken over only by a role that has it. */
export const permissionOfKind: Record<OutboxKind, Permission> = {
  'student.create': 'students:write',
  'student.update': 'students:write',
  'student.status': 'students:write',
  'student.document': 'documents:write',
  'student.document.remove': 'documents:write',
  'guardian.create': 'guardians:write',
  'guardian.update': 'guardians:write',
  'guardian.remove': 'guardians:write',
  'attendance.roll': 'attendance:write',
  'user.create': 'users:write',
  'user.update': 'users:write',
  'enrolment.start': 'enrolments:write',
  'enrolment.end': 'enrolments:write',
  'activity.create': 'activities:write',
  'activity.update': 'activities:write',
  'class.create': 'classes:write',
  'class.update': 'classes:write',
};
