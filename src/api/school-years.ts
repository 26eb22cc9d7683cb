/**
 * Issue 52: the school year is a code of `enums.schoolYear` (the programme's backend's list). Before, the record held
 * the text someone typed ("6º ano"); the programme's original client (v2.0.0) still sends text. Text that says one
 * school year plainly becomes its code, on every write and once for the stored records (migration
 * 023_record_fields.sql, whose function `school_year_code` holds the same rules: a test compares them); any other text
 * is kept as it was written, so nothing anyone typed is lost, and the screens show it as written.
 */
import { enums, type EnumCode } from './contract.ts';
import { nameSortKey } from './name-order.ts';

export type SchoolYearCode = EnumCode<'schoolYear'>;

const isCode = (value: string): value is SchoolYearCode => (enums.schoolYear as readonly string[]).includes(value);

const EJA = /(^|[^a-z])eja([^a-z]|$)|jovens e adultos/;
const INFANTIL = /infantil|pre-escola|pre escola|creche|maternal/;
const MEDIO = /^([1-3])\s*(o|a|º|ª|°)?\s*(ano|serie)?\s*((do|de|da)\s+)?(ensino\s+)?(medio|em)$/;
const FUNDAMENTAL = /^([1-9])\s*(o|º|°)?\s*ano(\s+((do|de)\s+)?(ensino\s+)?fundamental)?$/;

/** The code a school year's text stands for, or undefined when it does not plainly say one. */
export function schoolYearCode(text: string): SchoolYearCode | undefined {
  const folded = nameSortKey(text.trim()).toLowerCase();
  const upper = folded.toUpperCase();
  if (isCode(upper)) return upper;
  if (EJA.test(folded)) return 'EJA';
  if (INFANTIL.test(folded)) return 'EDUCACAO_INFANTIL';
  const medio = MEDIO.exec(folded);
  if (medio) return `ENSINO_MEDIO_${medio[1]}` as SchoolYearCode;
  const fundamental = FUNDAMENTAL.exec(folded);
  if (fundamental) return `FUNDAMENTAL_${fundamental[1]}` as SchoolYearCode;
  return undefined;
}

/** What a write stores of a school year: its code, or the text as written when it names none. */
export const storedSchoolYear = (text: string): string => schoolYearCode(text) ?? text;

/** Whether a stored school year is one of the codes (else it is text kept from before, shown as written). */
export const isSchoolYearCode = isCode;
