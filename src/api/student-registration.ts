/** Outbox handlers and queries for this resource: filled in by its issue. */
export function registerStudentRegistrationHandlers(): void {}
