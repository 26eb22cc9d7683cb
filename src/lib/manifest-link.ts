/**
 * The app's web manifest, named in the page once its first screen has what it reads (issue 57). Named in index.html,
 * it had Chromium fetch it and two of its icons (to know the app installable) with the page's first files: on the
 * reference server's HTTP/1.1, three of the browser's six connections to it, so the app's first script waited for one
 * to come free (Lighthouse's simulation of home: it started 0.2 s later). Installing the app, which needs the service
 * worker registered after that moment too (lib/service-worker.ts), is offered as before.
 */
export const MANIFEST_HREF = `${import.meta.env.BASE_URL}manifest.webmanifest`;

export function linkManifest(): void {
  if (document.head.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  document.head.append(link);
}
