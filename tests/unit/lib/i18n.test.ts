import { describe, expect, it, vi } from 'vitest';
import { detectLocale, loadLocaleDataOffThread, LOCALE_STORAGE_KEY, storedLocale, switchLocale } from '../../../src/lib/i18n.ts';
import { localeOfCookies } from '../../../src/lib/locale-rule.ts';

const storage = (value: string | null) => ({ getItem: vi.fn(() => value) });

describe('choosing the language', () => {
  it('an English browser gets en-US', () => {
    expect(detectLocale(storage(null), 'en-GB')).toBe('en-US');
    expect(detectLocale(storage(null), 'en')).toBe('en-US');
  });
  it('a Portuguese or any other browser gets pt-BR', () => {
    expect(detectLocale(storage(null), 'pt-BR')).toBe('pt-BR');
    expect(detectLocale(storage(null), 'pt')).toBe('pt-BR');
    expect(detectLocale(storage(null), 'fr-FR')).toBe('pt-BR');
  });
  it('the stored choice wins over the browser', () => {
    expect(detectLocale(storage('pt-BR'), 'en-US')).toBe('pt-BR');
    expect(detectLocale(storage('en-US'), 'pt-BR')).toBe('en-US');
  });
  it('an unknown stored value is ignored', () => {
    expect(detectLocale(storage('de-DE'), 'en-US')).toBe('en-US');
  });
  it("the toggle stores the choice, tells the server (a cookie on the app's path) and reloads", () => {
    const setItem = vi.fn();
    const reload = vi.fn();
    const page = { cookie: '' };
    switchLocale('en-US', { setItem }, reload, page);
    expect(setItem).toHaveBeenCalledWith(LOCALE_STORAGE_KEY, 'en-US');
    expect(page.cookie).toBe(`quadra-locale=en-US; path=${import.meta.env.BASE_URL}; max-age=31536000; samesite=lax`);
    expect(reload).toHaveBeenCalledTimes(1);
  });
  it('a stored choice is known apart from the browser, and none where storage is blocked', () => {
    expect(storedLocale(storage('en-US'))).toBe('en-US');
    expect(storedLocale(storage('de-DE'))).toBeUndefined();
    expect(
      storedLocale({
        getItem: () => {
          throw new DOMException('blocked', 'SecurityError');
        },
      }),
    ).toBeUndefined();
  });
  it("the server reads the choice in a request's cookies, and only a known language", () => {
    expect(localeOfCookies('a=1; quadra-locale=en-US; b=2')).toBe('en-US');
    expect(localeOfCookies('quadra-locale=pt-BR')).toBe('pt-BR');
    for (const header of [undefined, '', 'quadra-locale=de-DE', 'my-quadra-locale=en-US']) expect(localeOfCookies(header)).toBeUndefined();
  });
});

describe('catalogs', () => {
  it("the shell's catalog is loaded at start, a feature's and the shared components' add to it (once, rendering nothing again), all in the active language", async () => {
    const { activateLocale, i18n, loadFeatureMessages } = await import('../../../src/lib/i18n.ts');
    const { generateMessageId } = await import('@lingui/message-utils/generateMessageId');
    const shellText = generateMessageId('Students'); // the sidebar
    const featureText = generateMessageId('Create New Student'); // the students page only
    const sharedText = generateMessageId('Married'); // components/enum-labels.ts, shown inside screens only
    try {
      await activateLocale('pt-BR');
      expect(i18n._(shellText)).toBe('Educandos');
      expect(i18n.messages[featureText]).toBeUndefined();
      expect(i18n.messages[sharedText]).toBeUndefined();
      const changes = vi.fn();
      const stop = i18n.on('change', changes);
      await loadFeatureMessages('students');
      await loadFeatureMessages('students');
      stop();
      expect(i18n._(featureText)).toBe('Cadastrar novo educando');
      expect(i18n._(sharedText)).toBe('Casado(a)');
      expect(i18n._(shellText)).toBe('Educandos');
      // Added without Lingui's change event, which would render every text on screen again (issue 57).
      expect(changes).not.toHaveBeenCalled();
    } finally {
      i18n.loadAndActivate({ locale: 'en-US', messages: {} });
    }
  });

  it("a route's catalog loading beside the shell's (main.tsx starts both at once) is kept, whichever comes first", async () => {
    const { activateLocale, i18n, loadFeatureMessages } = await import('../../../src/lib/i18n.ts');
    const { generateMessageId } = await import('@lingui/message-utils/generateMessageId');
    try {
      // The route's catalog finishes first: the shell's, activated after it, must not replace it.
      const shell = activateLocale('pt-BR');
      await loadFeatureMessages('classes');
      await shell;
      expect(i18n.locale).toBe('pt-BR');
      expect(i18n._(generateMessageId('Create class'))).toBe('Criar turma');
      expect(i18n._(generateMessageId('Students'))).toBe('Educandos');
    } finally {
      i18n.loadAndActivate({ locale: 'en-US', messages: {} });
    }
  });
});

describe("the browser's locale data", () => {
  it('loads in a worker of its own, for the language and pt-BR (the order of names), and the worker ends once done', () => {
    const made: FakeWorker[] = [];
    class FakeWorker {
      onmessage: (() => void) | null = null;
      onerror: (() => void) | null = null;
      posted: unknown[] = [];
      terminate = vi.fn();
      constructor(
        readonly url: URL,
        readonly options: WorkerOptions,
      ) {
        made.push(this);
      }
      postMessage(message: unknown) {
        this.posted.push(message);
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    try {
      loadLocaleDataOffThread('en-US');
      loadLocaleDataOffThread('pt-BR');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(made.map((worker) => [new URL(String(worker.url)).pathname.split('/').pop(), worker.options.type, worker.posted])).toEqual([
      ['locale-data-worker.ts', 'module', [['en-US', 'pt-BR']]],
      ['locale-data-worker.ts', 'module', [['pt-BR']]],
    ]);
    expect(made[0]!.terminate).not.toHaveBeenCalled();
    made[0]!.onmessage!();
    made[1]!.onerror!();
    expect(made.map((worker) => worker.terminate.mock.calls.length)).toEqual([1, 1]);
  });
});
