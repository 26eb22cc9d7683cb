import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { useRefusalText } from '../../../src/components/refusal-text.ts';

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;

describe("a refused write's reason", () => {
  it("words a refusal the app knows by its code in the user's language, and shows any other in the server's words", () => {
    const { result } = renderHook(() => useRefusalText(), { wrapper });
    expect(result.current({ reason: 'A student with this CPF is already registered', reasonCode: 'cpf-taken' })).toBe(
      'A student with this CPF is already registered.',
    );
    expect(result.current({ reason: 'Invalid CPF' })).toBe('Invalid CPF');
    expect(result.current({ reason: 'No.', reasonCode: 'something-new' })).toBe('No.');
    // A role's refusal (another instructor's class, a permission taken away) in the user's words, not the server's English.
    expect(result.current({ reason: "This class is another instructor's", reasonCode: 'forbidden' })).toBe('Your access does not allow this change.');
    expect(result.current({ reason: 'whatever the server said', reasonCode: 'disk-full' })).toBe(
      "The server's disk is full: tell the administrator.",
    );
    expect(result.current({})).toBeUndefined();
  });

  it('in Portuguese too', async () => {
    const { messages } = (await import('../../../src/locales/pt-BR/shared.po')) as { messages: Record<string, string> };
    i18n.load('pt-BR', messages);
    i18n.activate('pt-BR');
    try {
      const { result } = renderHook(() => useRefusalText(), { wrapper });
      expect(result.current({ reason: 'A user with the e-mail x@y.org is already registered', reasonCode: 'email-taken' })).toBe(
        'Já existe um usuário cadastrado com este e-mail.',
      );
      expect(result.current({ reason: 'x', reasonCode: 'disk-full' })).toBe('O disco do servidor está cheio: avise o administrador.');
    } finally {
      i18n.activate('en-US');
    }
  });
});
