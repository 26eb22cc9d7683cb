import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ClassGroup } from '../../api/contract.ts';
import { prefetchAllRosters } from '../../api/rosters.ts';
import { isSampleId } from '../../offline/sample-data.ts';

/**
 * While online, fetch the roster of every class ahead into the persisted cache, so that after one visit every call
 * page opens offline with its students.
 */
export function usePrefetchRosters(classes: readonly ClassGroup[] | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!classes || !navigator.onLine) return;
    const real = classes.filter((group) => !isSampleId(group.id));
    if (real.length) void prefetchAllRosters(queryClient, real);
  }, [classes, queryClient]);
}
