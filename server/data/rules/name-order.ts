import { NAME_FOLD_FROM, NAME_FOLD_TO } from '../../../src/api/name-order.ts';

/**
 * The students' order (migration 009_name_order.sql, src/api/name-order.ts): the sort key, the name and the id, each in
 * "C" order, so every database sorts as the device does. `direction` for the reverse (a neighbour's lookup). The name is
 * the one shown (issue 52, 023_record_fields.sql: the social name, else the civil name), as is the sort key.
 */
export const nameOrder = (s: string, direction = ''): string =>
  `${s}.sort_name COLLATE "C" ${direction}, ${s}.shown_name COLLATE "C" ${direction}, ${s}.id COLLATE "C" ${direction}`;
export const nameOrderKey = (s: string): string => `(${s}.sort_name COLLATE "C", ${s}.shown_name COLLATE "C", ${s}.id COLLATE "C")`;

/**
 * The same order for a short list without a stored key (activities by name, classes by title, users by full name):
 * `column`'s key computed in the query, then the text, then `id`.
 */
export const foldedOrder = (column: string, id: string): string =>
  `lower(translate(${column}, '${NAME_FOLD_FROM}', '${NAME_FOLD_TO}') COLLATE "C") COLLATE "C", ${column} COLLATE "C", ${id} COLLATE "C"`;
