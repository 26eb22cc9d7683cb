/**
 * A page of an import's preview, cut in the import's worker: the rows shown (every row, or only the wrong ones),
 * PAGE_SIZE at a time. The page renders these and nothing else: a file of 10,000 rows costs the page what one of 50
 * does.
 */
export const PAGE_SIZE = 50;

export type PageRequest = { page: number; wrongOnly: boolean };
export type Page<R> = { rows: R[]; page: number; pages: number };

export function pageOf<T, R>(rows: readonly T[], isWrong: (row: T) => boolean, request: PageRequest, shape: (row: T) => R): Page<R> {
  const shown = request.wrongOnly ? rows.filter(isWrong) : rows;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, request.page), pages);
  return { rows: shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(shape), page, pages };
}

/** Rows a match request asks about, and the requests one after the other (each at most `max` keys). */
export async function matchInParts<K, M>(keys: readonly K[], max: number, find: (keys: K[]) => Promise<M[]>): Promise<M[]> {
  const found: M[] = [];
  for (let start = 0; start < keys.length; start += max) found.push(...(await find(keys.slice(start, start + max))));
  return found;
}
