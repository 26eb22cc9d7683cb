/**
 * The guardian modal's URL state (SPEC §2), parsed without a schema library: the route reads it on every page, so it
 * must stay small (it is part of the first load). The address holds each value as typed (lib/search-text.ts), but
 * the router reads a typed "12345678901" as a number: it is kept as text; anything else that is not text is dropped.
 */
// text7 (social name) and select2 (relationship): issue 52's fields.
const KEYS = ['action', 'responsibleId', 'text1', 'text2', 'text3', 'text4', 'text5', 'text6', 'text7', 'select1', 'select2', 'date1'] as const;
export type GuardianSearch = Partial<Record<(typeof KEYS)[number], string>>;

const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

/** Every key is in the answer, undefined when dropped: a key left out reaches the screen raw (the router keeps it). */
export function parseGuardianSearch(search: Record<string, unknown>): GuardianSearch {
  const parsed: GuardianSearch = {};
  for (const key of KEYS) parsed[key] = asText(search[key]);
  return parsed;
}
