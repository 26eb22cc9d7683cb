/** The demo page's repository-info call (SPEC §7): an external address, configurable at build time. */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getExternalParsed } from '../lib/http.ts';
import { config } from '../lib/config.ts';

export const repoInfoSchema = z.object({
  full_name: z.string(),
  description: z.string().nullable(),
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
