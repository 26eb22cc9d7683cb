/**
 * Answer serializer: checks every answer against its route's zod schema before it leaves. The library's own
 * serializer uses z.encode, which refuses the contract's idSchema (a preprocess that accepts numeric ids) — so this
 * one parses instead; for our answers (plain data, ids already strings) parse and encode give the same JSON.
 */
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

export const parsingSerializerCompiler: FastifySerializerCompiler<ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
