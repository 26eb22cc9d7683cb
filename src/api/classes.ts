/** Classes (SPEC §3, §7): GET /classes, parsed by the contract before it enters the (persisted) cache. */
import { queryOptions } from '@tanstack/react-query';
import { getParsed } from '../lib/http.ts';
import { contractSchema } from './contract-on-demand.ts';

export const classKeys = { all: ['classes'] as const };

export const classesQueryOptions = () =>
  queryOptions({
    queryKey: classKeys.all,
    queryFn: () => getParsed('classes', contractSchema('classListSchema')),
  });
