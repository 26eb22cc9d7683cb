/** The demo page's repository-info call (SPEC §7): an external address, configurable at build time. */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getExternalParsed } from '../lib/http.ts';
import { config } from '../lib/config.ts';

export const repoInfoSchema = z.object({
  full_name: z.string(),
  description: z.nullable(z.string()),
  subscribers_count: z.number(),
  stargazers_count: z.number(),
  forks_count: z.number(),
});
export type RepoInfo = z.infer<typeof repoInfoSchema>;

export const repoInfoQueryOptions = (url: string = config.demoRepoUrl) =>
  queryOptions({
    queryKey: ['tech-demo', 'repo', url] as const,
    queryFn: () => getExternalParsed(url, repoInfoSchema),
    retry: false,
    staleTime: 5 * 60_000,
  });
