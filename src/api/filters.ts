/** The ten filter enums (SPEC §3, §7): fetched once, cached forever and persisted; built-in lists when unavailable. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { enums, filterAnswerSchema, filterPaths, type EnumName } from './contract.ts';
import { getParsed } from '../lib/http.ts';

export const filterKeys = {
  all: ['filters'] as const,
  one: (name: EnumName) => ['filters', name] as const,
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
