/**
 * The app's web manifest, named in the page once its service worker is registered (lib/service-worker.ts: after the
 * first screen's reads, at an idle moment), which is when the app becomes installable anyway (issue 57). Named in
 * index.html, it had Chromium fetch it and two of its icons (to know the app installable) with the page's first files:
 * on the reference server's HTTP/1.1, three of the browser's six connections to it, so the app's first script waited
 * for one to come free (Lighthouse's simulation of home: it started 0.2 s later). Named as soon as the first screen's
 * reads were done, it still came before the students page's cards were painted in some runs, with the same effect.
 */
export const MANIFEST_HREF = `${import.meta.env.BASE_URL}manifest.webmanifest`;

export function linkManifest(): void {
  if (document.head.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  document.head.append(link);
}
