/** Staff users (SPEC §3, §7): GET /users, parsed by the contract before it enters the (persisted) cache. */
import { queryOptions } from '@tanstack/react-query';
import { getParsed } from '../lib/http.ts';

export const userKeys = { all: ['users'] as const };

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.all,
    queryFn: () => getParsed('users', () => import('./contract.ts').then((contract) => contract.userListSchema)),
  });
