/**
 * ZIP code (CEP) lookup (SPEC §5, §7): the public ViaCEP JSON service by default, its address configurable
 * (config.postcodeUrl, '{cep}' replaced by the 8 digits). Nothing here is cached on the device: an address is
 * only a convenience to fill the street, and the lookup is cheap.
 */
import * as z from 'zod/mini';
import { config } from '../lib/config.ts';
import { getExternalParsed, HTTPError, MalformedAnswerError } from '../lib/http.ts';
import { onlyDigits, ZIP_LENGTH } from './contract.ts';

/** ViaCEP's answer: the fields used, every one optional; an unknown code answers {erro: true} (or "true"). */
export const postcodeAnswerSchema = z.looseObject({
  logradouro: z.optional(z.string()),
  complemento: z.optional(z.string()),
  bairro: z.optional(z.string()),
  localidade: z.optional(z.string()),
  uf: z.optional(z.string()),
  erro: z.optional(z.union([z.boolean(), z.string()])),
});
export type PostcodeAnswer = z.infer<typeof postcodeAnswerSchema>;

/**
 * SPEC §5: looked up only when the code has exactly 8 digits. A hyphen (or a dot or spaces, as people type them)
 * is fine; any other character, or 7 or 9 digits, is not a code to look up.
 */
export function isPostcodeComplete(value: string): boolean {
  return /^[\d\s.-]*$/.test(value) && onlyDigits(value).length === ZIP_LENGTH;
}

/** A stored CEP (8 digits) as people write it, 00000-000 (issue 56: the profile showed 01001000); anything else as it is. */
export function formatPostcode(code: string): string {
  const digits = onlyDigits(code);
  return digits.length === ZIP_LENGTH && /^[\d\s.-]*$/.test(code) ? `${digits.slice(0, 5)}-${digits.slice(5)}` : code;
}

const joined = (...parts: (string | undefined)[]): string =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part.length > 0)
    .join(', ');

/** The street of an answer: logradouro and complemento joined, empty parts skipped (a town of one code has neither). */
export function streetFromAnswer(answer: PostcodeAnswer): string {
  return joined(answer.logradouro, answer.complemento);
}

/** Issue 52: an answer's parts as the record keeps them: the street, the neighbourhood, the city and the state (UF). */
export type PostcodeAddress = { street: string; neighborhood: string; city: string; state: string };

export function addressFromAnswer(answer: PostcodeAnswer): PostcodeAddress {
  const uf = answer.uf?.trim().toUpperCase() ?? '';
  return {
    street: streetFromAnswer(answer),
    neighborhood: answer.bairro?.trim() ?? '',
    city: answer.localidade?.trim() ?? '',
    state: /^[A-Z]{2}$/.test(uf) ? uf : '',
  };
}

export type PostcodeLookup =
  | ({ status: 'found' } & PostcodeAddress)
  /** The service answered, but knows no such code (or its answer was useless). */
  | { status: 'not-found' }
  /** The service could not be reached (offline, timeout, server trouble): the street may be typed by hand. */
  | { status: 'unreachable' };

export function postcodeUrl(digits: string): string {
  return config.postcodeUrl.replace('{cep}', encodeURIComponent(digits));
}

/** Never throws: a failed or unknown lookup fills nothing. */
export async function lookupPostcode(value: string): Promise<PostcodeLookup> {
  if (!isPostcodeComplete(value)) return { status: 'not-found' };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { status: 'unreachable' };
  try {
    const answer = await getExternalParsed(postcodeUrl(onlyDigits(value)), postcodeAnswerSchema);
    if (answer.erro === true || answer.erro === 'true') return { status: 'not-found' };
    const address = addressFromAnswer(answer);
    return address.street || address.city ? { status: 'found', ...address } : { status: 'not-found' };
  } catch (error) {
    if (error instanceof HTTPError && error.response.status >= 400 && error.response.status < 500) return { status: 'not-found' };
    // A page that is not JSON (a proxy's or a captive portal's) came from somewhere else: the street may be typed.
    if (error instanceof MalformedAnswerError && !error.notJson) return { status: 'not-found' };
    return { status: 'unreachable' };
  }
}
