import { describe, expect, it } from 'vitest';
import {
  brazilianPhoneDigits,
  datesText,
  defaultWhatsappTemplate,
  fillWhatsappTemplate,
  unknownPlaceholders,
  WHATSAPP_TEMPLATE_MAX,
  whatsappLink,
  whatsappTemplateProblem,
} from '../../../src/lib/whatsapp-message.ts';

describe('the WhatsApp message to a guardian', () => {
  it("names the child and the dates missed, in Portuguese, wherever the programme's text puts them", () => {
    const text = fillWhatsappTemplate('Oi! {nome} faltou em {datas}. Abraços, equipe. ({nome})', {
      name: ' Ana Souza ',
      dates: ['2026-03-12', '2026-03-14', '2026-03-19'],
    });
    expect(text).toBe('Oi! Ana Souza faltou em 12/03, 14/03 e 19/03. Abraços, equipe. (Ana Souza)');
  });

  it('joins one, two and several dates as a Brazilian writes them', () => {
    expect(datesText([])).toBe('');
    expect(datesText(['2026-03-12'])).toBe('12/03');
    expect(datesText(['2026-03-12', '2026-04-02'])).toBe('12/03 e 02/04');
    expect(datesText(['12 de março', '2026-03-14'])).toBe('12 de março e 14/03');
  });

  it('keeps a name as written, even with the characters a replacement string would read as patterns', () => {
    expect(fillWhatsappTemplate('{nome}', { name: "Jo$&o $' $1", dates: [] })).toBe("Jo$&o $' $1");
  });

  it('the default text names the child and the dates, and is a valid template', () => {
    const text = fillWhatsappTemplate(defaultWhatsappTemplate, { name: 'Bia', dates: ['2026-05-04'] });
    expect(text).toContain('Bia');
    expect(text).toContain('04/05');
    expect(text).not.toMatch(/[{}]/);
    expect(whatsappTemplateProblem(defaultWhatsappTemplate)).toBeUndefined();
  });

  it('refuses a template with a placeholder it does not know (no cause or note can be put in), empty or too long', () => {
    expect(unknownPlaceholders('{nome} {motivo} {datas} {motivo} {}')).toEqual(['motivo', '']);
    expect(whatsappTemplateProblem('Faltou por {motivo}')).toBe('unknown-placeholder');
    expect(whatsappTemplateProblem('   ')).toBe('empty');
    expect(whatsappTemplateProblem('a'.repeat(WHATSAPP_TEMPLATE_MAX + 1))).toBe('too-long');
    expect(whatsappTemplateProblem('a'.repeat(WHATSAPP_TEMPLATE_MAX))).toBeUndefined();
    // A brace that opens no placeholder is text.
    expect(whatsappTemplateProblem('Olá :-{ {nome}')).toBeUndefined();
  });
});

describe('the wa.me link', () => {
  it.each([
    ['(11) 98765-4321', '11987654321'],
    ['11 98765 4321', '11987654321'],
    ['11987654321', '11987654321'],
    ['+55 (11) 98765-4321', '11987654321'],
    ['55 11 98765-4321', '11987654321'],
    ['0055 11 98765-4321', '11987654321'],
    ['(011) 98765-4321', '11987654321'],
    ['0 21 11 98765-4321', '11987654321'],
    ['(31) 3222-1234', '3132221234'],
    ['+55 31 3222-1234', '3132221234'],
    // DDD 55 (Rio Grande do Sul) is a DDD, not the country code, in a national number.
    ['(55) 99876-5432', '55998765432'],
    ['55 3222-1234', '5532221234'],
  ])('reads %s as the Brazilian number %s', (phone, digits) => {
    expect(brazilianPhoneDigits(phone)).toBe(digits);
  });

  it.each(['98765-4321', '3222-1234', '', '(10) 98765-4321', '(11) 88765-4321', '+1 415 555 0100 12'])('finds no number in %j', (phone) => {
    expect(brazilianPhoneDigits(phone)).toBeUndefined();
    expect(whatsappLink(phone, 'Oi')).toBeUndefined();
  });

  it('opens a chat with the guardian with the message typed in, encoded for the address', () => {
    const link = whatsappLink('(11) 98765-4321', 'Olá! Ana faltou em 12/03 e 14/03 & mais?');
    expect(link).toBe(`https://wa.me/5511987654321?text=${encodeURIComponent('Olá! Ana faltou em 12/03 e 14/03 & mais?')}`);
    expect(new URL(link!).searchParams.get('text')).toBe('Olá! Ana faltou em 12/03 e 14/03 & mais?');
  });
});
