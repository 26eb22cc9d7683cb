import { z } from 'zod';
import type { Db } from '../db/types.ts';
import type { StudentListCache } from '../student-list-cache.ts';
import { apiErrorSchema, SAFE_TEXT_PATTERN, textRuleMessage } from '../../src/api/contract.ts';

/** What every route plugin receives from buildServer. */
export interface ApiContext {
  db: Db;
  studentList: StudentListCache;
  /** The server runs without sign-in (server/access.ts OPEN_MODE_STAFF). */
  openMode: boolean;
  /** The clock a roll's date is checked against (attendance.ts); tests move it. */
  now: () => Date;
}

/** Ids in paths: any non-empty text under the rule for text (seeded and client ids are UUIDs, but other deployments may differ). */
export const pathIdSchema = z.string().min(1).max(100).regex(SAFE_TEXT_PATTERN, textRuleMessage);

/** The error answers a route can give, for the OpenAPI document and the serializer. */
export const errors = (...codes: number[]): Record<number, typeof apiErrorSchema> => Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));
