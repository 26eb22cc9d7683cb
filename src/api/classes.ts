/** Classes (SPEC §3, §7): GET /classes, parsed by the contract before it enters the (persisted) cache. */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { classSchema } from './contract.ts';
import { getParsed } from '../lib/http.ts';

export const classKeys = { all: ['classes'] as const };

export const classesQueryOptions = () =>
  queryOptions({
    queryKey: classKeys.all,
    queryFn: () => getParsed('classes', z.array(classSchema)),
  });
