/** Name search that ignores case and accents ("joao" finds "João"), as people type on a tablet. */
export function foldForSearch(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR').trim();
}

export function matchesName(name: string, query: string): boolean {
  const needle = foldForSearch(query);
  return needle === '' || foldForSearch(name).includes(needle);
}
