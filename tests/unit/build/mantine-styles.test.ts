/**
 * src/mantine.css and src/mantine-screens.css import Mantine's styles per component (not all of
 * @mantine/core/styles.css): the first those of the components in the app's first script (the stylesheet a first visit
 * waits for before it paints), the second the others' (lib/screen-styles.ts loads it before a screen or a part loaded on
 * demand renders). This fails when a component imported from @mantine/core (or @mantine/notifications) anywhere in src
 * needs a style file missing from both (it would render unstyled), when one in the first script needs a file missing
 * from the first, or when a file there is no longer needed. What a component needs is what esbuild bundles for it:
 * each `X.module.mjs` of @mantine/core in the bundle holds class names whose rules are in `styles/X.css`.
 */
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../..');
const GLOBAL_STYLES = ['baseline', 'default-css-variables', 'global'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(dir, name));

/** Every value (not type) imported (or re-exported) from a Mantine package in src. */
function importedComponents(mantinePackage: string): string[] {
  const names = new Set<string>();
  const pattern = new RegExp(`(?:import|export)\\s*\\{([^}]*)\\}\\s*from\\s*'${mantinePackage}'`, 'g');
  for (const file of sourceFiles(join(root, 'src'))) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(pattern)) {
      for (const part of list!.split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]!.trim());
      }
    }
  }
  return [...names].sort();
}

async function neededStyles(imports: Record<string, string[]>): Promise<string[]> {
  const contents = Object.entries(imports)
    .map(([mantinePackage, names]) => `export { ${names.join(', ')} } from '${mantinePackage}';`)
    .join('\n');
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    outdir: 'out',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    logLevel: 'silent',
  });
  const styles = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = /@mantine\/core\/esm\/.*\/(\w+)\.module\.mjs$/.exec(input);
      if (match && bytesInOutput > 0) styles.add(match[1]!);
    }
  }
  return [...styles].sort();
}

const stylesOf = (file: string): string[] =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map(([, name]) => name!);
const imported = stylesOf('src/mantine.css');
/** Loaded before the screens (and the parts loaded on demand) that show their components render (lib/screen-styles.ts). */
const importedForScreens = stylesOf('src/mantine-screens.css');
/** The Mantine components in the app's first script (scripts/first-script-modules.txt, held by the build). */
const firstScriptComponents = readFileSync(join(root, 'scripts/first-script-modules.txt'), 'utf8')
  .split('\n')
  .flatMap((line) => /^@mantine\/core\/(\w+)$/.exec(line)?.[1] ?? []);

describe("Mantine's styles, per component", () => {
  it('src/mantine.css imports the global styles first', () => {
    expect(imported.slice(0, 3)).toEqual(GLOBAL_STYLES);
  });

  it('src/mantine.css and src/mantine-screens.css import exactly the style files of the components src uses, once', async () => {
    const core = importedComponents('@mantine/core');
    expect(core).toContain('Button');
    // @mantine/notifications draws with @mantine/core's Notification (its own few rules are in its styles.css).
    const needed = await neededStyles({ '@mantine/core': core, '@mantine/notifications': importedComponents('@mantine/notifications') });
    expect(needed).toContain('UnstyledButton'); // Button's own dependency, found through the bundle
    expect(needed).toContain('Notification');
    expect([...imported.slice(3), ...importedForScreens].sort()).toEqual(needed);
  }, 30_000);

  it("src/mantine.css has the style files of every component in the app's first script (its first paint waits for no other)", async () => {
    expect(firstScriptComponents).toContain('Button');
    const needed = await neededStyles({
      '@mantine/core': firstScriptComponents,
      '@mantine/notifications': importedComponents('@mantine/notifications'),
    });
    expect(needed.filter((name) => !imported.includes(name))).toEqual([]);
  }, 30_000);
});
