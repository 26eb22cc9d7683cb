import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '@lingui/core';

// jsdom lacks these browser APIs that Mantine uses.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;

// jsdom loads no stylesheet (a link never fires its load): the screens' styles count as loaded (lib/screen-styles.ts has
// its own test, on the real module).
vi.mock('../../src/lib/screen-styles.ts', () => ({ loadScreenStyles: () => Promise.resolve() }));

// Tests read the en-US source texts unless they load a catalog themselves.
i18n.loadAndActivate({ locale: 'en-US', messages: {} });

afterEach(() => cleanup());
