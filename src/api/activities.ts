/** Activities (SPEC §3, §7): GET /activities, parsed by the contract before it enters the (persisted) cache. */
import { queryOptions } from '@tanstack/react-query';
import { getParsed } from '../lib/http.ts';

export const activityKeys = { all: ['activities'] as const };

export const activitiesQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.all,
    queryFn: () => getParsed('activities', () => import('./contract.ts').then((contract) => contract.activityListSchema)),
  });
