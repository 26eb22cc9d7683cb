/** Activities (SPEC §3, §7): GET /activities, parsed by the contract before it enters the (persisted) cache. */
import { queryOptions } from '@tanstack/react-query';
import { getParsed } from '../lib/http.ts';
import { contractSchema } from './contract-on-demand.ts';

export const activityKeys = { all: ['activities'] as const };

export const activitiesQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.all,
    queryFn: () => getParsed('activities', contractSchema('activityListSchema')),
  });
