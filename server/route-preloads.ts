/**
 * A first visit's code for its screen, asked for with the page (issue 19). Without it, a screen's chunks were found
 * only once the app's first script had downloaded and run: on a slow link, 14 small requests in four rounds after it.
 * Named in the page, they download beside that script.
 *
 * The build (vite.config.ts) writes dist/route-preloads.json: for each screen's address (its route file's path, a
 * `$name` segment standing for any one segment), the JavaScript and CSS files its first paint needs. The server reads
 * that file and answers an address of the app with index.html carrying `<link rel="modulepreload">` (and `preload` for
 * CSS) for the screen's files. A request for index.html itself (the service worker's precache) gets the plain file,
 * and a device whose service worker answers has every file already.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { locales, type Locale } from '../src/lib/locale-rule.ts';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/**
 * The shell's catalog of each language (`src/locales/<locale>/messages.po`), which the app's first render waits for.
 * Named in a first visit's page in the browser's language, it downloads beside the app's first script: one round trip
 * fewer before the first screen (Lighthouse's LCP for home, issue 57).
 */
export const SHELL_CATALOGS_FILE = 'shell-catalogs.json';
export type ShellCatalogs = Partial<Record<Locale, string>>;
const SHELL_CATALOG = /[\\/]src[\\/]locales[\\/]([\w-]+)[\\/]messages\.po$/;

export type RoutePreload = { path: string; scripts: string[]; styles: string[] };

/** What the build needs of a chunk of its bundle (Rollup's and Rolldown's OutputChunk have these). */
export type BundleChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
};
type BundleFile = BundleChunk | { type: 'asset' };

/**
 * A route file's part split off by TanStack Router's autoCodeSplitting (vite.config.ts): its component, or its loader
 * (with the API modules it calls), each in a group of its own or together (`component---loader`). Both are what a
 * screen's first paint needs; its error and not-found components are not.
 */
const ROUTE_PART = /[\\/]src[\\/]routes[\\/](.+)\.tsx\?tsr-split=([\w-]+)$/;
const SCREEN_PARTS = new Set(['component', 'loader']);

/** The route file (`alunos/index`) whose component or loader this module is, or none. */
function screenPartOf(moduleId: string): string | undefined {
  const [, routeFile, split] = ROUTE_PART.exec(moduleId) ?? [];
  if (!routeFile || !split?.split('---').some((part) => SCREEN_PARTS.has(part))) return undefined;
  return routeFile.replaceAll('\\', '/').replaceAll('.', '/');
}
/** Every screen's data is parsed with the API's contract (loaded on first use): on every list of files, but ... */
const CONTRACT = /[\\/]src[\\/]api[\\/]contract\.ts$/;
/**
 * ... those of the screens whose first screen shows its reads before parsing them (src/lib/http.ts getParsedShownFirst,
 * issue 57): their first visit does not wait for the contract's code, which comes after their first screen.
 */
export const SHOWN_BEFORE_PARSE = new Set(['/alunos']);

/** 'alunos/$id/editar.tsx' -> ['alunos', '$id', 'editar']; a dot nests too ('$classId_.frequencia'). */
const segmentsOf = (routeFile: string): string[] => routeFile.split(/[/.]/);

/** The address a route file answers (TanStack Router's file naming): `index` is its folder, `x_` is `x` not nested. */
export function routePathOf(routeFile: string): string {
  const segments = segmentsOf(routeFile);
  if (segments.at(-1) === 'index') segments.pop();
  return `/${segments.map((segment) => segment.replace(/_$/, '')).join('/')}`;
}

/**
 * The route files whose components render around this one's: `tech-demo.tsx` around `tech-demo/$id.tsx`. A segment
 * ending in `_` is not nested in the route of its name (`turmas/$classId_.frequencia` is not inside `turmas/$classId`).
 */
export function layoutsOf(routeFile: string, routeFiles: ReadonlySet<string>): string[] {
  const segments = segmentsOf(routeFile);
  const layouts: string[] = [];
  for (let length = 1; length < segments.length; length++) {
    if (segments[length - 1]!.endsWith('_')) continue;
    const layout = segments.slice(0, length).join('/');
    if (routeFiles.has(layout)) layouts.push(layout);
  }
  return layouts;
}

/** Each screen's files from the build's bundle: its component's and loader's chunks and theirs, less the app's first script. */
export function routePreloadsOf(bundle: Record<string, BundleFile>, base: string): RoutePreload[] {
  const chunks = Object.values(bundle).filter((file): file is BundleChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const contract = chunks.find((chunk) => chunk.moduleIds.some((id) => CONTRACT.test(id)));
  const parts = new Map<string, BundleChunk[]>();
  for (const chunk of chunks) {
    const routeFiles = new Set([chunk.facadeModuleId ?? '', ...chunk.moduleIds].map(screenPartOf).filter((file) => file !== undefined));
    for (const routeFile of routeFiles) parts.set(routeFile, [...(parts.get(routeFile) ?? []), chunk]);
  }
  const closure = (roots: BundleChunk[]): BundleChunk[] => {
    const seen = new Map<string, BundleChunk>();
    const visit = (chunk: BundleChunk) => {
      if (seen.has(chunk.fileName) || entries.has(chunk.fileName)) return;
      seen.set(chunk.fileName, chunk);
      for (const name of chunk.imports) {
        const imported = byFile.get(name);
        if (imported) visit(imported);
      }
    };
    roots.forEach(visit);
    return [...seen.values()];
  };
  const routeFiles = new Set(parts.keys());
  return [...parts].map(([routeFile, own]) => {
    const layouts = layoutsOf(routeFile, routeFiles).flatMap((layout) => parts.get(layout)!);
    const path = routePathOf(routeFile);
    const files = closure([...layouts, ...own, ...(contract && !SHOWN_BEFORE_PARSE.has(path) ? [contract] : [])]);
    return {
      path,
      scripts: files.map((chunk) => `${base}${chunk.fileName}`),
      styles: [...new Set(files.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))].map((css) => `${base}${css}`),
    };
  });
}

/** A file of the app named by the build: an absolute path on this server (never `//host/...`), a script or stylesheet. */
const isAppFile = (value: unknown): value is string =>
  typeof value === 'string' && /^\/(?!\/)[\w./-]+\.(js|css)$/.test(value) && !value.includes('..');

/**
 * The build's file, or no preloads: a build from before it, a folder with no app, or a file that is not what the build
 * writes (half written, edited by hand), which only costs the first visit its head start, never the page.
 */
export function readRoutePreloads(distDir: string): RoutePreload[] {
  const parsed = readBuildFile(distDir, ROUTE_PRELOADS_FILE);
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { path, scripts, styles } = entry as Partial<Record<keyof RoutePreload, unknown>>;
    return typeof path === 'string' && Array.isArray(scripts) && Array.isArray(styles)
      ? [{ path, scripts: scripts.filter(isAppFile), styles: styles.filter(isAppFile) }]
      : [];
  });
}

/** The shell's catalogs from the build's file, or none (as for the routes' files above). */
export function readShellCatalogs(distDir: string): ShellCatalogs {
  const parsed = readBuildFile(distDir, SHELL_CATALOGS_FILE);
  if (typeof parsed !== 'object' || parsed === null) return {};
  const entries = Object.entries(parsed).filter(([locale, file]) => locales.includes(locale as Locale) && isAppFile(file));
  return Object.fromEntries(entries) as ShellCatalogs;
}

function readBuildFile(distDir: string, name: string): unknown {
  const file = join(distDir, name);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.warn(`Quadra: ${file} could not be read; first visits name none of the files it lists`, error);
    return undefined;
  }
}

/** Each language's shell catalog from the build's bundle. */
export function shellCatalogsOf(bundle: Record<string, BundleFile>, base: string): ShellCatalogs {
  const catalogs: ShellCatalogs = {};
  for (const file of Object.values(bundle)) {
    const locale = file.type === 'chunk' ? SHELL_CATALOG.exec(file.facadeModuleId ?? '')?.[1] : undefined;
    if (file.type === 'chunk' && locales.includes(locale as Locale)) catalogs[locale as Locale] = `${base}${file.fileName}`;
  }
  return catalogs;
}

/**
 * The route a path of the app is (the app's base taken off), or none. A segment written out wins over a `$name` one,
 * as in the router (`/alunos/cadastro` is the registration, not a student called "cadastro").
 */
export function routeForPath<R extends { path: string }>(routes: readonly R[], appPath: string): R | undefined {
  const segments = appPath.split('/').filter(Boolean);
  const score = (route: R): number | undefined => {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) return undefined;
    let params = 0;
    for (const [index, part] of pattern.entries()) {
      if (part.startsWith('$')) params++;
      else if (part !== segments[index]) return undefined;
    }
    return params;
  };
  let best: { route: R; params: number } | undefined;
  for (const route of routes) {
    const params = score(route);
    if (params !== undefined && (!best || params < best.params)) best = { route, params };
  }
  return best?.route;
}

/**
 * index.html with the shell's catalog (at the browser's default priority: the first render waits for it) and a route's
 * files asked for before its end of head.
 */
export function htmlWithPreloads(html: string, route: RoutePreload | undefined, catalog?: string): string {
  if (!route && !catalog) return html;
  const links = [
    ...(catalog ? [`<link rel="modulepreload" crossorigin href="${catalog}">`] : []),
    ...(route?.scripts ?? []).map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`),
    ...(route?.styles ?? []).map((href) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${href}">`),
  ].join('');
  return html.replace('</head>', `${links}</head>`);
}
