/**
 * How the address holds a screen's search values. Every one of them is text (SPEC §2: text1..text6, select1, date1,
 * month, action), so it is written as typed: TanStack Router's default writes a text that reads as JSON with quotes
 * (a typed NIS as `?text2=%2212345678901%22`) and reads `{"a":1}` back as an object. The router still reads a text of
 * digits as a number (its query decoder does), so each screen's search parser takes a number as its text.
 */
import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

export const parseSearch = parseSearchWith((value) => value);
export const stringifySearch = stringifySearchWith(JSON.stringify);
