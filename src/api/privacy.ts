/**
 * The privacy page's data (GET /privacy, no sign-in): the programme's data-protection contact and retention period.
 * Kept in the persisted cache like every read, so the page opens offline after one visit.
 */
import { queryOptions } from '@tanstack/react-query';
import { getParsed } from '../lib/http.ts';

export const privacyQueryOptions = () =>
  queryOptions({
    queryKey: ['privacy'] as const,
    queryFn: () => getParsed('privacy', () => import('./privacy-contract.ts').then((contract) => contract.privacyInfoSchema)),
    staleTime: 24 * 60 * 60 * 1000,
  });
