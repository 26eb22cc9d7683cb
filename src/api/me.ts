/**
 * The signed-in staff user (GET /me) and what their role may do. Kept in the persisted query cache like every list, so
 * the app still knows the role offline; removed with the rest of the cache when a session ends.
 */
import { queryOptions } from '@tanstack/react-query';
import { getParsedShownFirst } from '../lib/http.ts';

export const meKeys = { all: ['me'] as const };

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.all,
    // Every first screen's: shown before its parse (lib/http.ts getParsedShownFirst).
    queryFn: ({ queryKey }) => getParsedShownFirst('me', () => import('./contract.ts').then((contract) => contract.meSchema), queryKey),
    // A role rarely changes; the server checks every request anyway.
    staleTime: 5 * 60_000,
    retry: false,
  });
