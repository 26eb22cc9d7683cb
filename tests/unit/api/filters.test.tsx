import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEnumOptions } from '../../../src/components/use-enum.ts';
import { enums } from '../../../src/api/contract.ts';
import { createTestQueryClient } from '../../support/render.tsx';

function wrapper({ children }: { children: ReactNode }) {
  const client = createTestQueryClient();
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}

const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.loadAndActivate({ locale: 'en-US', messages: {} });
});

describe('filter enums', () => {
  it("uses the server's codes, after an empty first option", async () => {
    const fetch = answer(['FEMININO', 'MASCULINO']);
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useEnumOptions('gender'), { wrapper });
    await waitFor(() => expect(result.current.map((o) => o.value)).toEqual(['', 'FEMININO', 'MASCULINO']));
    expect(String((fetch.mock.calls[0] as unknown[])[0] instanceof Request ? ((fetch.mock.calls[0] as unknown[])[0] as Request).url : '')).toContain(
      '/api/filters/gender',
    );
  });

  it('falls back to the built-in list when the server fails', async () => {
    vi.stubGlobal('fetch', answer({ message: 'down' }, 500));
    const { result } = renderHook(() => useEnumOptions('level'), { wrapper });
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.map((o) => o.value)).toEqual(['', ...enums.level]);
  });

  it('falls back to the built-in list when the answer is malformed', async () => {
    vi.stubGlobal('fetch', answer({ not: 'a list' }));
    const { result } = renderHook(() => useEnumOptions('race'), { wrapper });
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.map((o) => o.value)).toEqual(['', ...enums.race]);
  });

  it('shows translated labels', async () => {
    vi.stubGlobal('fetch', answer(['CASADO']));
    const { messages } = (await import('../../../src/locales/pt-BR/shared.po')) as { messages: Record<string, string> };
    i18n.loadAndActivate({ locale: 'pt-BR', messages });
    const { result } = renderHook(() => useEnumOptions('civilState'), { wrapper });
    await waitFor(() => expect(result.current[1]).toEqual({ value: 'CASADO', label: 'Casado(a)' }));
    i18n.loadAndActivate({ locale: 'en-US', messages: {} });
    const { result: english } = renderHook(() => useEnumOptions('civilState'), { wrapper });
    await waitFor(() => expect(english.current[1]).toEqual({ value: 'CASADO', label: 'Married' }));
  });
});
