/** The ten filter enums (SPEC §3, §7): fetched once, cached forever and persisted; built-in lists when unavailable. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { enums, filterAnswerSchema, filterPaths, type EnumName } from './contract.ts';
import { getParsed } from '../lib/http.ts';

/**
 * The lists' revision, in their keys: a device keeps a list it was answered forever (persisted, never stale), so a list
 * that grew (issue 52: the gender and employment lists) is asked for again under a new key rather than kept as it was.
 */
export const FILTER_LISTS_REVISION = 2;
export const filterKeys = {
  all: ['filters'] as const,
  one: (name: EnumName) => ['filters', name, FILTER_LISTS_REVISION] as const,
};

export const filterQueryOptions = (name: EnumName) =>
  queryOptions({
    queryKey: filterKeys.one(name),
    queryFn: () => getParsed(filterPaths[name], filterAnswerSchema),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The server's codes when it answered (now or ever before), else the built-in list. */
export function useFilterCodes(name: EnumName): readonly string[] {
  const { data } = useQuery(filterQueryOptions(name));
  return data ?? enums[name];
}
