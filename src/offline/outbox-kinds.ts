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
