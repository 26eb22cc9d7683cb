// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  htmlWithPreloads,
  layoutsOf,
  readRoutePreloads,
  readShellCatalogs,
  ROUTE_PRELOADS_FILE,
  routeForPath,
  routePathOf,
  routePreloadsOf,
  SHELL_CATALOGS_FILE,
  shellCatalogsOf,
  SHOWN_BEFORE_PARSE,
  type BundleChunk,
} from '../../../server/route-preloads.ts';

const chunk = (fileName: string, options: Partial<BundleChunk> = {}): BundleChunk => ({
  type: 'chunk',
  fileName,
  facadeModuleId: null,
  moduleIds: [],
  imports: [],
  isEntry: false,
  ...options,
});
const split = (part: string) => (routeFile: string) => `/repo/src/routes/${routeFile}.tsx?tsr-split=${part}`;
const component = split('component');
const loader = split('loader');

describe("a route file's address", () => {
  it.each([
    ['index', '/'],
    ['alunos/index', '/alunos'],
    ['alunos/cadastro', '/alunos/cadastro'],
    ['alunos/$id/editar', '/alunos/$id/editar'],
    ['turmas/$classId_.frequencia', '/turmas/$classId/frequencia'],
    ['frequencias/atividades/$activityId/turmas/$classId/chamada', '/frequencias/atividades/$activityId/turmas/$classId/chamada'],
  ])('%s answers %s', (file, path) => expect(routePathOf(file)).toBe(path));

  it('renders inside the route files named by its folders, unless a segment ends in _', () => {
    const files = new Set(['tech-demo', 'tech-demo/$id', 'turmas/$classId', 'turmas/$classId_/frequencia', 'turmas/index']);
    expect(layoutsOf('tech-demo/$id', files)).toEqual(['tech-demo']);
    expect(layoutsOf('turmas/$classId_/frequencia', files)).toEqual([]);
    expect(layoutsOf('turmas/$classId', files)).toEqual([]);
  });
});

describe("a path's route", () => {
  const routes = [{ path: '/alunos' }, { path: '/alunos/$id' }, { path: '/alunos/cadastro' }, { path: '/alunos/$id/editar' }];
  it.each([
    ['/alunos', '/alunos'],
    ['/alunos/', '/alunos'],
    ['/alunos/cadastro', '/alunos/cadastro'],
    ['/alunos/42', '/alunos/$id'],
    ['/alunos/42/editar', '/alunos/$id/editar'],
  ])('%s is %s', (path, route) => expect(routeForPath(routes, path)?.path).toBe(route));

  it.each(['/', '/turmas', '/alunos/42/editar/x'])('%s is none of them', (path) => expect(routeForPath(routes, path)).toBeUndefined());
});

describe("each screen's files from the bundle", () => {
  const bundle = {
    'index-E.js': chunk('index-E.js', { isEntry: true }),
    'alunos-A.js': chunk('alunos-A.js', {
      facadeModuleId: component('alunos/index'),
      imports: ['index-E.js', 'TextInput-T.js'],
      viteMetadata: { importedCss: new Set(['assets/alunos-A.css']) },
    }),
    'alunos-loader-L.js': chunk('alunos-loader-L.js', { facadeModuleId: loader('alunos/index'), imports: ['index-E.js', 'students-S.js'] }),
    'students-S.js': chunk('students-S.js', { moduleIds: ['/repo/src/api/students.ts'], imports: ['index-E.js'] }),
    'alunos-error-X.js': chunk('alunos-error-X.js', { facadeModuleId: split('errorComponent')('alunos/index') }),
    'TextInput-T.js': chunk('TextInput-T.js', { imports: ['index-E.js', 'InputBase-I.js'] }),
    'InputBase-I.js': chunk('InputBase-I.js', { imports: ['index-E.js'] }),
    'contract-C.js': chunk('contract-C.js', { moduleIds: ['/repo/src/api/contract.ts'], imports: ['index-E.js'] }),
    'tech-demo-L.js': chunk('tech-demo-L.js', { facadeModuleId: component('tech-demo') }),
    '_id-D.js': chunk('_id-D.js', { facadeModuleId: component('tech-demo/$id') }),
    'unused-U.js': chunk('unused-U.js'),
    'index.html': { type: 'asset' as const },
  };
  const preloads = routePreloadsOf(bundle, '/frontend/');

  it("lists a screen's component and loader chunks, their imports and theirs, never the app's first script nor its error component", () => {
    const students = preloads.find((route) => route.path === '/alunos')!;
    // The students page shows its reads before their parse (issue 57): not the contract.
    expect(SHOWN_BEFORE_PARSE.has('/alunos')).toBe(true);
    expect(students.scripts.sort()).toEqual(
      ['alunos-A.js', 'alunos-loader-L.js', 'students-S.js', 'TextInput-T.js', 'InputBase-I.js'].map((file) => `/frontend/${file}`).sort(),
    );
    expect(students.styles).toEqual(['/frontend/assets/alunos-A.css']);
  });

  it('lists the contract for a screen that parses its reads before showing them', () => {
    expect(preloads.find((route) => route.path === '/tech-demo')!.scripts).toContain('/frontend/contract-C.js');
  });

  it("lists a screen's layout's files with its own", () => {
    expect(preloads.find((route) => route.path === '/tech-demo/$id')!.scripts).toEqual(
      expect.arrayContaining(['/frontend/tech-demo-L.js', '/frontend/_id-D.js']),
    );
  });
});

describe('the build file and the page', () => {
  it('keeps only app file paths from the build file', () => {
    const dist = mkdtempSync(join(tmpdir(), 'quadra-preloads-'));
    expect(readRoutePreloads(dist)).toEqual([]);
    const routes = [
      {
        path: '/alunos',
        scripts: ['/frontend/assets/a.js', 'https://elsewhere.example/x.js', '/frontend/../x.js', '/a" onload="x.js'],
        styles: ['/frontend/assets/a.css'],
      },
      { path: 3 },
    ];
    writeFileSync(join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(routes));
    expect(readRoutePreloads(dist)).toEqual([{ path: '/alunos', scripts: ['/frontend/assets/a.js'], styles: ['/frontend/assets/a.css'] }]);
    // Half written (a build stopped midway): no preloads, and a warning, never an error.
    writeFileSync(join(dist, ROUTE_PRELOADS_FILE), '[{"path":"/alunos",');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readRoutePreloads(dist)).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("names a screen's files at the end of the head at low priority, styles fetched but not applied", () => {
    const html = htmlWithPreloads('<head><title>Q</title></head><body></body>', {
      path: '/alunos',
      scripts: ['/frontend/assets/a.js'],
      styles: ['/frontend/assets/a.css'],
    });
    expect(html).toBe(
      '<head><title>Q</title><link rel="modulepreload" crossorigin fetchpriority="low" href="/frontend/assets/a.js">' +
        '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/frontend/assets/a.css"></head><body></body>',
    );
  });

  it('names the shell catalog first, at the default priority (the first render waits for it), and nothing when there is nothing to name', () => {
    const html = '<head><title>Q</title></head><body></body>';
    expect(htmlWithPreloads(html, undefined, '/frontend/assets/messages-en.js')).toBe(
      '<head><title>Q</title><link rel="modulepreload" crossorigin href="/frontend/assets/messages-en.js"></head><body></body>',
    );
    expect(htmlWithPreloads(html, { path: '/alunos', scripts: ['/frontend/assets/a.js'], styles: [] }, '/frontend/assets/m.js')).toBe(
      '<head><title>Q</title><link rel="modulepreload" crossorigin href="/frontend/assets/m.js">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/frontend/assets/a.js"></head><body></body>',
    );
    expect(htmlWithPreloads(html, undefined)).toBe(html);
  });
});

describe("each language's shell catalog", () => {
  it('is the chunk of src/locales/<locale>/messages.po, not a feature catalog', () => {
    const bundle = {
      'messages-A.js': chunk('messages-A.js', { facadeModuleId: '/repo/src/locales/pt-BR/messages.po' }),
      'messages-B.js': chunk('messages-B.js', { facadeModuleId: '/repo/src/locales/en-US/messages.po' }),
      'students-C.js': chunk('students-C.js', { facadeModuleId: '/repo/src/locales/en-US/students.po' }),
      'messages-D.js': chunk('messages-D.js', { facadeModuleId: '/repo/src/locales/fr-FR/messages.po' }),
      'index.css': { type: 'asset' as const },
    };
    expect(shellCatalogsOf(bundle, '/frontend/')).toEqual({ 'pt-BR': '/frontend/messages-A.js', 'en-US': '/frontend/messages-B.js' });
  });

  it('keeps only known languages and app file paths from the build file', () => {
    const dist = mkdtempSync(join(tmpdir(), 'quadra-catalogs-'));
    expect(readShellCatalogs(dist)).toEqual({});
    writeFileSync(
      join(dist, SHELL_CATALOGS_FILE),
      JSON.stringify({ 'pt-BR': '/frontend/assets/m.js', 'en-US': 'https://elsewhere.example/m.js', 'fr-FR': '/frontend/assets/f.js' }),
    );
    expect(readShellCatalogs(dist)).toEqual({ 'pt-BR': '/frontend/assets/m.js' });
  });
});
