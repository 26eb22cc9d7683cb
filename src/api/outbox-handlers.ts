/** Registers the outbox handler of every kind of write, so items left from an earlier visit drain at start-up. */
export function registerOutboxHandlers(): void {
  // Each resource module adds its handlers here as it is built (guardians, students, attendance).
}
