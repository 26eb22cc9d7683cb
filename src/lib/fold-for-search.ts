import { whenIdle } from './when-idle.ts';

/**
 * Text folded for a name search that ignores case and accents ("joao" finds "João"), as people type on a tablet. The
 * students search and the classes' activity filter compare folded names with a folded query.
 */
export function foldForSearch(value: string): string {
  // Printable ASCII (most names typed on a tablet's keyboard, and every query without an accent) has no accent to take
  // off. Lowercasing has no rule of its own in Portuguese, so toLowerCase is the locale's, and far faster.
  const plain = /[^ -~]/.test(value) ? value.normalize('NFD').replace(/\p{M}/gu, '') : value;
  return plain.toLowerCase().trim();
}

type Folded = {
  names: string[];
  /** The last search of this list: the next one that contains its needle only looks among its matches. */
  last?: { needle: string; matches: number[] };
};

/** What a search reads of an item: its name, and a child's civil name when the name shown is the social name (issue 52). */
type Named = { name: string; civilName?: string };
/** Both names in one text, apart by a character no query holds, so a search never matches across them. */
const searchText = (item: Named): string =>
  item.civilName ? `${foldForSearch(item.name)}\u0000${foldForSearch(item.civilName)}` : foldForSearch(item.name);

const folded = new WeakMap<readonly Named[], Folded>();

/**
 * The folded names of a list, folded once per list (an answer, or a copy the sync made): a keystroke in a search of
 * 50,000 students folded every name again, 600 ms at 4x CPU.
 */
function foldedList(list: readonly Named[]): Folded {
  let entry = folded.get(list);
  if (!entry) folded.set(list, (entry = { names: list.map(searchText) }));
  return entry;
}

/** Folds a list's names ahead of its first search (when the browser is idle), so that keystroke does not wait. */
export function foldNamesWhenIdle(list: readonly Named[]): () => void {
  if (folded.has(list)) return () => {};
  return whenIdle(() => foldedList(list));
}

/**
 * The items whose folded name (or civil name, issue 52) contains the folded `query`, in their order. Typing one more letter narrows the last
 * search: its matches are the only candidates, so each keystroke after the first reads fewer names.
 */
export function searchByName<T extends Named>(list: readonly T[], query: string): T[] {
  const needle = foldForSearch(query);
  if (!needle) return [...list];
  const entry = foldedList(list);
  const { names, last } = entry;
  const matches: number[] = [];
  if (last && needle.includes(last.needle)) {
    for (const i of last.matches) if (names[i]!.includes(needle)) matches.push(i);
  } else {
    for (let i = 0; i < names.length; i++) if (names[i]!.includes(needle)) matches.push(i);
  }
  entry.last = { needle, matches };
  return matches.map((i) => list[i]!);
}
