import { afterEach, describe, expect, it, vi } from 'vitest';

// The setup stands this module in for every other test (jsdom loads no stylesheet); here it is the real one, fresh in
// each test (it keeps its one load).
const realModule = async () => {
  vi.resetModules();
  return vi.importActual<typeof import('../../../src/lib/screen-styles.ts')>('../../../src/lib/screen-styles.ts');
};
const stylesheets = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];

describe("the screens' Mantine styles (issue 57)", () => {
  afterEach(() => document.head.replaceChildren());

  it("go right after the app's stylesheet, before a screen's own loaded earlier, once, and are waited for", async () => {
    const { loadScreenStyles } = await realModule();
    document.head.innerHTML = '<link rel="stylesheet" href="/app.css"><link rel="stylesheet" href="/students-page.css">';
    let loaded = false;
    const first = loadScreenStyles().then(() => (loaded = true));
    expect(loadScreenStyles()).toBe(loadScreenStyles());
    const [app, screens, students] = stylesheets();
    expect([app!.getAttribute('href'), students!.getAttribute('href')]).toEqual(['/app.css', '/students-page.css']);
    expect(stylesheets()).toHaveLength(3);
    await Promise.resolve();
    expect(loaded).toBe(false);
    screens!.dispatchEvent(new Event('load'));
    await first;
    expect(loaded).toBe(true);
    await loadScreenStyles();
    expect(stylesheets()).toHaveLength(3);
  });

  it('one that fails is taken out, does not hold what waits for it, and is asked for again at the next use', async () => {
    const { loadScreenStyles } = await realModule();
    document.head.innerHTML = '<link rel="stylesheet" href="/app.css">';
    const failed = loadScreenStyles();
    stylesheets()[1]!.dispatchEvent(new Event('error'));
    await failed;
    expect(stylesheets().map((link) => link.getAttribute('href'))).toEqual(['/app.css']);
    expect(loadScreenStyles()).not.toBe(failed);
    expect(stylesheets()).toHaveLength(2);
  });
});
