/**
 * The one order of records by name (students; activities, classes and staff users too), the same on the server (whatever its database's collation: the embedded one sorts
 * in "C" order, which put "Álvaro" after "Zé") and on the device (the sync's lists): by a sort key (accents folded,
 * ASCII letters lowered, `students.sort_name` in server/db/migrations/009_name_order.sql), then the name, then the id,
 * each compared code point by code point. A list read from the server and the same list merged on the device agree.
 */

/** Letters folded to their base letter; the migration's translate() holds the same two strings (a test checks). */
export const NAME_FOLD_FROM = 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ';
export const NAME_FOLD_TO = 'aaaaaaeeeeiiiiooooouuuucnyyAAAAAAEEEEIIIIOOOOOUUUUCNY';

const folded = new Map([...NAME_FOLD_FROM].map((letter, i) => [letter, NAME_FOLD_TO[i]!]));

/** The sort key of a name: as `lower(translate(full_name, FROM, TO) COLLATE "C")` (only ASCII letters lowered). */
export function nameSortKey(name: string): string {
  let key = '';
  for (const letter of name) {
    const base = folded.get(letter) ?? letter;
    key += base >= 'A' && base <= 'Z' ? base.toLowerCase() : base;
  }
  return key;
}

const keys = new Map<string, string>();
const keyOf = (name: string): string => {
  let key = keys.get(name);
  if (key === undefined) {
    if (keys.size > 50_000) keys.clear();
    keys.set(name, (key = nameSortKey(name)));
  }
  return key;
};
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A sort's comparator of records with an id, by the text `field` gives (a name, a title), in that order. */
export const byFoldedField =
  <T extends { id: string }>(field: (record: T) => string) =>
  (a: T, b: T): number =>
    compare(keyOf(field(a)), keyOf(field(b))) || compare(field(a), field(b)) || compare(a.id, b.id);

/** Two students (records with a name and an id) in that order. */
export const byNameOrder = byFoldedField<{ name: string; id: string }>((record) => record.name);
