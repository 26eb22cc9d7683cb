/**
 * The build names any module that newly enters the app's first script (the entry chunk `index.html` loads before
 * anything shows): every first visit downloads and evaluates it, on every screen (issue 57). The first script's
 * modules are listed in `scripts/first-script-modules.txt` (ours by path, packages by name, Mantine's components by
 * name); a build whose first script holds one not listed fails, naming it. Adding one is a decision: load it on demand
 * (a lazy route, `useOnDemand`, a dynamic `import()`) or, when the first screen really needs it, update the list on
 * purpose (`QUADRA_FIRST_SCRIPT=update npx vite build`) and say why in the commit. A module that left only warns.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

export const FIRST_SCRIPT_LIST = 'scripts/first-script-modules.txt';

/** A module's name in the list: `src/...` for ours, the package for a dependency (`@mantine/core/Button` for Mantine's components). */
export function listedName(id: string, root: string): string {
  const clean = id.replace(/^\0/, '').split('?')[0]!;
  const at = clean.lastIndexOf('node_modules/');
  if (at < 0) return clean.startsWith(root) ? relative(root, clean) : clean;
  const parts = clean.slice(at + 'node_modules/'.length).split('/');
  const name = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  const component = name === '@mantine/core' ? /\/esm\/components\/([^/]+)\//.exec(clean)?.[1] : undefined;
  return component ? `${name}/${component}` : name;
}

export function firstScriptCheck(): Plugin {
  let root = process.cwd();
  return {
    name: 'quadra-first-script-check',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && /^assets\/index-/.test(file.fileName));
      if (!entry || entry.type !== 'chunk') return;
      const names = [
        ...new Set(
          Object.entries(entry.modules)
            .filter(([, module]) => module.renderedLength > 0)
            .map(([id]) => listedName(id, root)),
        ),
      ].sort();
      const file = join(root, FIRST_SCRIPT_LIST);
      if (process.env.QUADRA_FIRST_SCRIPT === 'update') {
        const header = `# The app's first script's modules (scripts/first-script-check.ts): update on purpose only.\n`;
        writeFileSync(file, `${header}${names.join('\n')}\n`);
        return;
      }
      const listed = new Set(
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => line && !line.startsWith('#')),
      );
      const entering = names.filter((name) => !listed.has(name));
      const left = [...listed].filter((name) => !names.includes(name));
      if (left.length) this.warn(`no longer in the app's first script (update ${FIRST_SCRIPT_LIST}): ${left.join(', ')}`);
      if (entering.length)
        this.error(
          `${entering.length} module(s) newly in the app's first script, which every first visit downloads and runs before ` +
            `anything shows:\n  ${entering.join('\n  ')}\n` +
            `Load what the first screen does not need on demand (a lazy route, useOnDemand, a dynamic import()). If the first ` +
            `screen does need it, update the list on purpose: QUADRA_FIRST_SCRIPT=update npx vite build, and commit ` +
            `${FIRST_SCRIPT_LIST} saying why (issue 57: the first load is held).`,
        );
    },
  };
}
