/**
 * A schema of the contract, loaded with the answer rather than before the request. A list's query uses it so that a
 * route's loader can start the request while the contract (zod) downloads, and the route files, which are in the
 * start-up chunk, stay free of zod.
 */
import type { ZodMiniType } from 'zod/mini';
import type * as Contract from './contract.ts';

type SchemaName = { [K in keyof typeof Contract]: (typeof Contract)[K] extends ZodMiniType ? K : never }[keyof typeof Contract];

export const contractSchema =
  <K extends SchemaName>(name: K) =>
  (): Promise<(typeof Contract)[K]> =>
    import('./contract.ts').then((contract) => contract[name]);
