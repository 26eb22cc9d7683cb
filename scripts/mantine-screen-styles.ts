/**
 * The styles of Mantine's components that only screens draw (src/mantine-screens.css) travel with those components,
 * not in the first stylesheet (issue 57). Each of their class-name modules (`X.module.mjs` of @mantine/core, whose rules
 * are in `styles/X.css`) gets an import of src/mantine-screens.css, so the file goes with the chunks that draw one, and
 * Vite loads it (and waits for it) before such a chunk runs, ahead of that chunk's own styles. In `vite dev` Mantine is
 * pre-bundled, past this hook: src/main.tsx imports the file there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const SCREEN_STYLES = 'src/mantine-screens.css';

/** The components whose style file src/mantine-screens.css imports (`Input` for `@mantine/core/styles/Input.css`). */
export function screenStyleComponents(root: string): Set<string> {
  const css = readFileSync(join(root, SCREEN_STYLES), 'utf8');
  return new Set([...css.matchAll(/@import '@mantine\/core\/styles\/(\w+)\.css';/g)].map(([, name]) => name!));
}

/** A class-name module of one of those components: `…/@mantine/core/esm/components/Input/Input.module.mjs` gives `Input`. */
const classNamesOf = (id: string): string | undefined => /@mantine\/core\/esm\/components\/.*\/(\w+)\.module\.mjs$/.exec(id)?.[1];

export function mantineScreenStyles(): Plugin {
  let root = process.cwd();
  let components = new Set<string>();
  return {
    name: 'quadra-mantine-screen-styles',
    apply: 'build',
    // The file and those components' class names in one chunk of their own, which each chunk that draws one imports:
    // Vite then loads its stylesheet before that chunk's own (a chunk holding only the stylesheet would be dropped, and
    // its stylesheet loaded after theirs, where Mantine's rules would override a screen's).
    config(config) {
      root = config.root ?? process.cwd();
      components = screenStyleComponents(root);
      const screenStyles = join(root, SCREEN_STYLES);
      const test = (id: string) => id === screenStyles || components.has(classNamesOf(id) ?? '');
      return { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'mantine-screens', test }] } } } } };
    },
    generateBundle(_, bundle) {
      const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === 'mantine-screens');
      const classNames =
        chunk?.type === 'chunk' && Object.entries(chunk.modules).some(([id, module]) => classNamesOf(id) && module.renderedLength > 0);
      if (!classNames) this.error(`${SCREEN_STYLES} is not in a chunk with its components' class names: its stylesheet could load after a screen's`);
    },
    transform: {
      filter: { id: /@mantine\/core\/esm\/components\/.*\.module\.mjs$/ },
      handler(code, id) {
        if (!components.has(classNamesOf(id) ?? '')) return null;
        return { code: `import ${JSON.stringify(join(root, SCREEN_STYLES))};\n${code}`, map: null };
      },
    },
  };
}
