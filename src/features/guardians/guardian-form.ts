/**
 * The guardian modal's state lives in the URL (SPEC §2, ARCHITECTURE "Routes keep the product's URLs"):
 * action=open-new-responsible-modal opens it; text1 name, text2 CPF, text3 NIS, text4 address, text5 phone,
 * text6 email, select1 civil status, date1 birth date; issue 52 adds text7 social name and select2 relationship (the
 * SPEC's parameters keep their meaning). Editing is action=open-edit-responsible-modal and responsibleId
 * only: a stored guardian's CPF, NIS and address never go into the address bar (its history outlives any sign-out);
 * the edit's typing is kept in the tab's sessionStorage instead (lib/session-draft.ts).
 */
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import * as z from 'zod/mini';
import { cleanText, enums, guardianInputSchema, isoDateSchema, onlyDigits } from '../../api/contract.ts';
import type { GuardianFields } from '../../api/guardians.ts';
import type { Guardian } from '../../api/contract.ts';
import type { GuardianSearch } from './guardian-search.ts';

export const NEW_GUARDIAN_ACTION = 'open-new-responsible-modal';
export const EDIT_GUARDIAN_ACTION = 'open-edit-responsible-modal';

export type GuardianFormValues = {
  name: string;
  cpf: string;
  nis: string;
  address: string;
  phone: string;
  email: string;
  civilState: string;
  birthDate: string;
  /** Issue 52: a code of enums.relationship (required by the form). */
  relationship: string;
  socialName: string;
};
export type TextField = 'name' | 'cpf' | 'nis' | 'address' | 'phone' | 'email' | 'socialName';

export const textParams: Record<TextField, 'text1' | 'text2' | 'text3' | 'text4' | 'text5' | 'text6' | 'text7'> = {
  name: 'text1',
  cpf: 'text2',
  nis: 'text3',
  address: 'text4',
  phone: 'text5',
  email: 'text6',
  socialName: 'text7',
};

/** The fields the form requires (issue 52: NIS, e-mail, address and civil status may be left empty). */
export const requiredGuardianFields = ['name', 'cpf', 'birthDate', 'phone', 'relationship'] as const satisfies readonly (keyof GuardianFormValues)[];

export function valuesFromSearch(search: GuardianSearch): GuardianFormValues {
  const civil = search.select1 ?? '';
  const relationship = search.select2 ?? '';
  return {
    name: search.text1 ?? '',
    cpf: search.text2 ?? '',
    nis: search.text3 ?? '',
    address: search.text4 ?? '',
    phone: search.text5 ?? '',
    email: search.text6 ?? '',
    civilState: (enums.civilState as readonly string[]).includes(civil) ? civil : '',
    birthDate: search.date1 ?? '',
    relationship: (enums.relationship as readonly string[]).includes(relationship) ? relationship : '',
    socialName: search.text7 ?? '',
  };
}

/** An empty field leaves the URL rather than lingering as `text1=`. */
const orUndefined = (value: string): string | undefined => (value === '' ? undefined : value);

export function textSearchPatch(values: GuardianFormValues): Partial<GuardianSearch> {
  return {
    text1: orUndefined(values.name),
    text2: orUndefined(values.cpf),
    text3: orUndefined(values.nis),
    text4: orUndefined(values.address),
    text5: orUndefined(values.phone),
    text6: orUndefined(values.email),
    text7: orUndefined(values.socialName),
  };
}

export function searchForEdit(guardian: Pick<Guardian, 'id'>): GuardianSearch {
  return { action: EDIT_GUARDIAN_ACTION, responsibleId: guardian.id };
}

/** A stored guardian as the form's values (the edit modal starts from them). */
export function valuesOfGuardian(guardian: Omit<Guardian, 'id'>): GuardianFormValues {
  return {
    name: guardian.name,
    cpf: guardian.cpf,
    nis: guardian.nis,
    address: guardian.address,
    phone: guardian.phone,
    email: guardian.email,
    civilState: guardian.civilState,
    birthDate: guardian.birthDate,
    relationship: guardian.relationship ?? '',
    socialName: guardian.socialName ?? '',
  };
}

export type GuardianValidation =
  | { ok: true; fields: GuardianFields & GuardianFormValues }
  | { ok: false; empty: true }
  | { ok: false; empty: false; cpf?: 'invalid'; email?: 'invalid'; birthDate?: 'invalid'; phone?: 'invalid' };

const emailSchema = z.email();
/** The API's own date rule (a real calendar day, years 0001 on), so the form and the server agree. */
const dateSchema = isoDateSchema;
/** The API's own rule (at most 30 characters), so a phone the form accepts is never refused by the server. */
const phoneSchema = guardianInputSchema.shape.phone;

/**
 * SPEC §5, as issue 52 narrows it: the required fields (name, CPF, birth date, phone, relationship) non-empty, else
 * 'Please fill in all fields.'; then CPF check digits, an e-mail's format (when one is given), date and phone length.
 * Every field is sent, the empty ones empty (an edit clears them).
 */
export function validateGuardian(values: GuardianFormValues): GuardianValidation {
  // Invisible characters the API refuses (control characters, half an emoji) are dropped, as the rule for text says.
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, cleanText(v).trim()])) as GuardianFormValues;
  if (requiredGuardianFields.some((field) => trimmed[field] === '')) return { ok: false, empty: true };
  const cpfBad = !isValidCpf(trimmed.cpf);
  const emailBad = trimmed.email !== '' && !emailSchema.safeParse(trimmed.email).success;
  const dateBad = !dateSchema.safeParse(trimmed.birthDate).success;
  const phoneBad = !phoneSchema.safeParse(trimmed.phone).success;
  if (cpfBad || emailBad || dateBad || phoneBad) {
    return {
      ok: false,
      empty: false,
      ...(cpfBad ? { cpf: 'invalid' as const } : {}),
      ...(emailBad ? { email: 'invalid' as const } : {}),
      ...(dateBad ? { birthDate: 'invalid' as const } : {}),
      ...(phoneBad ? { phone: 'invalid' as const } : {}),
    };
  }
  return {
    ok: true,
    fields: {
      name: trimmed.name,
      cpf: onlyDigits(trimmed.cpf),
      nis: trimmed.nis,
      address: trimmed.address,
      phone: trimmed.phone,
      email: trimmed.email,
      civilState: trimmed.civilState as GuardianFields['civilState'] & string,
      birthDate: trimmed.birthDate,
      relationship: trimmed.relationship as GuardianFields['relationship'] & string,
      socialName: trimmed.socialName,
    },
  };
}
