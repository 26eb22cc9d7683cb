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

const folded = new WeakMap<readonly { name: string }[], string[]>();

/**
 * The folded names of a list, folded once per list (an answer, or a copy the sync made): a keystroke in a search of
 * 50,000 students folded every name again, 600 ms at 4x CPU.
 */
export function foldedNames(list: readonly { name: string }[]): string[] {
  let names = folded.get(list);
  if (!names) folded.set(list, (names = list.map((item) => foldForSearch(item.name))));
  return names;
}
