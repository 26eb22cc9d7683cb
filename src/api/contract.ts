/**
 * The API contract, written once: the app parses every answer with these schemas, its forms validate with them,
 * and the reference server (server/) validates requests and generates its OpenAPI document from them.
 * A field added here is added everywhere.
 */
// One file per resource in src/api/contract/, behind this one import (issue 49). The parts use zod/mini: the same
// schemas and checks as classic zod, at a third of the size in the app's first load; the server's own route schemas
// use classic zod, and both share zod's core.
export * from './contract/text-and-dates.ts';
export * from './contract/enums.ts';
export * from './contract/activities-classes.ts';
export * from './contract/students.ts';
export * from './contract/documents-guardians.ts';
export * from './contract/users-access.ts';
export * from './contract/attendance.ts';
export * from './contract/sync-health-errors.ts';
