import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cleanText,
  hasDisallowedText,
  requiredText,
  studentCreateSchema,
  textField,
  textRuleMessage,
  textSchema,
} from '../../../src/api/contract.ts';
import { validateGuardian } from '../../../src/features/guardians/guardian-form.ts';
import { emptyRegistration, toStudentCreate } from '../../../src/features/student-registration/registration-values.ts';

/** The rule for text, written out: what no text field of the API may hold. */
function breaksRule(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
    if (code >= 0x7f && code <= 0x9f) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
      else return true;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom('a', 'é', '😀', '\ud800', '\udc00', '\u0000', '\t', '\n', '\u0085', ' ') }),
);

describe('the rule for text (every text field of the API)', () => {
  it('refuses exactly NUL and the other control characters but tab, line feed and carriage return, DEL, C1 controls and unpaired surrogates', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(textSchema.safeParse(text).success).toBe(!breaksRule(text));
        expect(hasDisallowedText(text)).toBe(breaksRule(text));
      }),
      { examples: [['Ana\u0000'], ['x\ud800y'], ['\udc00\ud800'], ['😀'], ['a\tb\r\nc'], ['José da Silva']] },
    );
  });

  it('cleanText() leaves text the rule accepts, and changes allowed text in nothing', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(textSchema.safeParse(cleanText(text)).success).toBe(true);
        if (!breaksRule(text)) expect(cleanText(text)).toBe(text);
      }),
    );
  });

  it('says why, in every field built on it', () => {
    for (const schema of [textSchema, textField(10), requiredText(10)]) {
      const result = schema.safeParse('a\u0000b');
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(textRuleMessage);
    }
  });
});

describe('forms under the rule for text', () => {
  it('the registration and guardian forms drop the characters the API refuses, so a pasted one never becomes a refused write', () => {
    const body = toStudentCreate(
      { ...emptyRegistration, fullName: 'Ana\u0000 Maria', schoolName: 'Escola \ud83d', number: '12\u0007' },
      crypto.randomUUID(),
    );
    expect(body).toMatchObject({ fullName: 'Ana Maria', schoolName: 'Escola', address: { number: '12' } });
    expect(studentCreateSchema.safeParse(body).success).toBe(true);
    const guardian = validateGuardian({
      name: 'Jo\u0000ão',
      cpf: '529.982.247-25',
      nis: '1\u001b2',
      address: 'Rua A',
      phone: '81 9999',
      email: 'joao@example.org',
      civilState: 'CASADO',
      relationship: 'PAI',
      socialName: '',
      birthDate: '1980-01-01',
    });
    expect(guardian).toMatchObject({ ok: true, fields: { name: 'João', nis: '12' } });
  });
});
