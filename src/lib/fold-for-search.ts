/**
 * Text folded for a name search that ignores case and accents ("joao" finds "João"), as people type on a tablet. The
 * students search and the classes' activity filter compare folded names with a folded query.
 */
export function foldForSearch(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR').trim();
}
