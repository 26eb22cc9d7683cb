import { afterEach, describe, expect, it } from 'vitest';
import { linkManifest, MANIFEST_HREF } from '../../../src/lib/manifest-link.ts';

describe('linkManifest', () => {
  afterEach(() => document.head.querySelectorAll('link[rel="manifest"]').forEach((link) => link.remove()));

  it("names the app's manifest in the page once, however often it is called", () => {
    expect(document.head.querySelector('link[rel="manifest"]')).toBeNull();
    linkManifest();
    linkManifest();
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe(MANIFEST_HREF);
    expect(MANIFEST_HREF).toMatch(/\/manifest\.webmanifest$/);
  });
});
