/**
 * Mantine's styles for the components only screens and parts loaded on demand show (`src/mantine-screens.css`), out
 * of the stylesheet a first visit waits for before its first paint (issue 57: home's first paint waited for 8 KB of
 * brotli CSS it does not show). Asked for once: by the root route before any screen but home renders, by a part loaded
 * on demand before it renders (components/use-on-demand.ts), and after the first screen's reads in any case (main.tsx).
 * A first visit to another screen asks for it from the root route, beside that screen's reads; the server does not name
 * it in that page (a preload there counted as render-blocking in Lighthouse's simulation of `/alunos`).
 *
 * The stylesheet goes right after the app's own (index.html's), whatever loaded before it: the cascade is then the one
 * of a single file, Mantine's rules first and every screen's own rules (CSS modules, loaded with their code) after them.
 * One that fails to load (offline before the service worker has the app) is taken out and asked for again at the next
 * use; what waits for it renders anyway.
 */
import href from '../mantine-screens.css?url';

let styles: Promise<void> | undefined;

export function loadScreenStyles(): Promise<void> {
  styles ??= new Promise<void>((resolve) => {
    // In CORS mode, as the build's own stylesheets (Vite's links): one download of it serves both.
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', crossOrigin: '', href });
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => {
      link.remove();
      styles = undefined;
      resolve();
    });
    const appStyles = document.querySelector('link[rel="stylesheet"]');
    if (appStyles) appStyles.after(link);
    else document.head.append(link);
  });
  return styles;
}
