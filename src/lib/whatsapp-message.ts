/**
 * The WhatsApp message to a guardian about a child's absences (issues 50 and 58): the programme's text (settings,
 * editable by admins) with the child's name and the dates missed filled in, and the wa.me link that opens it. The text
 * names the child and the dates only: the template knows no other placeholder, so no reason or cause can reach it.
 * Pure functions, no imports: the follow-up screens and the settings screen's preview use the same rule.
 */

/** The placeholders a template may hold: the child's name and the dates missed. */
export const whatsappPlaceholders = ['nome', 'datas'] as const;
export type WhatsappPlaceholder = (typeof whatsappPlaceholders)[number];
export const WHATSAPP_TEMPLATE_MAX = 1000;

/** The programme's text until an admin writes its own (also migration 024's default row). */
export const defaultWhatsappTemplate =
  'Olá! Aqui é da equipe do programa. Sentimos a falta de {nome} nas atividades dos dias {datas}. ' +
  'Está tudo bem? Podemos conversar para ajudar {nome} a voltar?';

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholders of `template` that are not known (each once, in order): a template with any is refused. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(whatsappPlaceholders);
  const found = [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !known.has(name));
  return [...new Set(found)];
}

/** Why a template cannot be saved (none: it can): empty, too long, or with a placeholder the filler does not know. */
export function whatsappTemplateProblem(template: string): 'empty' | 'too-long' | 'unknown-placeholder' | undefined {
  if (template.trim().length === 0) return 'empty';
  if (template.length > WHATSAPP_TEMPLATE_MAX) return 'too-long';
  if (unknownPlaceholders(template).length > 0) return 'unknown-placeholder';
  return undefined;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date of the message, as a Brazilian reads it: 2026-03-12 is 12/03 (other text is kept as it is). */
const dayText = (date: string): string => {
  const match = ISO_DATE.exec(date);
  return match ? `${match[3]}/${match[2]}` : date;
};

/** The dates in Portuguese: "12/03", "12/03 e 14/03", "12/03, 14/03 e 19/03". */
export function datesText(dates: readonly string[]): string {
  const days = dates.map(dayText);
  if (days.length <= 1) return days[0] ?? '';
  return `${days.slice(0, -1).join(', ')} e ${days.at(-1)}`;
}

/** The message: `{nome}` becomes the child's name and `{datas}` the dates missed (ISO dates shown as dd/mm). */
export function fillWhatsappTemplate(template: string, { name, dates }: { name: string; dates: readonly string[] }): string {
  const values: Record<WhatsappPlaceholder, string> = { nome: name.trim(), datas: datesText(dates) };
  // A function, not a replacement string: a name with "$&" stays that text.
  return template.replace(PLACEHOLDER, (whole, key: string) => (key in values ? values[key as WhatsappPlaceholder] : whole));
}

/**
 * A Brazilian phone as WhatsApp wants it: the DDD and the number, 10 digits (a landline) or 11 (a mobile), from any
 * common form: "(11) 98765-4321", "11 98765 4321", "+55 11 98765-4321", "0 11 98765-4321" (trunk prefix), "0 21 11
 * 98765-4321" (trunk and carrier code). Undefined when it is none (no DDD, too short, a DDD with a 0).
 */
export function brazilianPhoneDigits(phone: string): string | undefined {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith('55') && (digits.length === 12 || digits.length === 13)) digits = digits.slice(2);
  else if (digits.startsWith('0')) {
    digits = digits.replace(/^0+/, '');
    // A carrier code (two digits) before the DDD.
    if (digits.length === 12 || digits.length === 13) digits = digits.slice(2);
  }
  if (digits.length !== 10 && digits.length !== 11) return undefined;
  // DDDs are 11 to 99 with no 0 in them; an 11-digit number is a mobile, which starts with 9.
  if (!/^[1-9]{2}/.test(digits)) return undefined;
  if (digits.length === 11 && digits[2] !== '9') return undefined;
  return digits;
}

/** The wa.me link that opens a chat with `phone` with `text` typed in, or undefined when the phone is no Brazilian number. */
export function whatsappLink(phone: string, text: string): string | undefined {
  const digits = brazilianPhoneDigits(phone);
  return digits && `https://wa.me/55${digits}?text=${encodeURIComponent(text)}`;
}
