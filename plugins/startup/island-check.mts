// A build check: on a first load only the article's islands hydrate, so a component used in MDX
// that needs React (state, effects, event handlers, itself or in what it imports from the site) and
// is not registered with `registerIsland` would stay inert. A module static on a first load by
// design says why in a `// static-in-article: <why>` comment.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

const INTERACTIVE =
  /\buse(State|Reducer|Effect|LayoutEffect|SyncExternalStore|Transition|ActionState|Optimistic)\(|\son[A-Z][A-Za-z]+=\{/;
const EXEMPT = /\bregisterIsland\(|\/\/ static-in-article: \S/;
const IMPORT = /^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm;

export interface InertComponent {
  /** The MDX file and the import specifier it uses, and the module that needs React, relative to the site. */
  page: string;
  component: string;
  interactiveIn: string;
}

/** The source file a specifier names in the site; null for a package or a framework theme component. */
function resolveInSite(specifier: string, from: string, siteDir: string): string | null {
  const prefixes: [string, string][] = [
    ['@site/', siteDir],
    ['@theme/', path.join(siteDir, 'src/theme')],
  ];
  const prefix = prefixes.find(([start]) => specifier.startsWith(start));
  if (!prefix && !specifier.startsWith('.')) return null;
  const base = prefix
    ? path.join(prefix[1], specifier.slice(prefix[0].length))
    : path.resolve(path.dirname(from), specifier);
  const candidates = ['', '.tsx', '.ts', '.mts', '/index.tsx', '/index.ts'].map((suffix) => base + suffix);
  return candidates.find((file) => /\.(tsx?|mts)$/.test(file) && existsSync(file)) ?? null;
}

/** The first module, from `file` through its imports in the site, that needs React; null if none does. */
function interactiveModule(file: string, siteDir: string, seen = new Set<string>()): string | null {
  if (seen.has(file)) return null;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  if (INTERACTIVE.test(source)) return file;
  for (const [, specifier] of source.matchAll(IMPORT)) {
    const imported = resolveInSite(specifier, file, siteDir);
    const found = imported && interactiveModule(imported, siteDir, seen);
    if (found) return found;
  }
  return null;
}

/** Every component imported by the MDX under `contentDirs` that needs React and is not an island. */
export function findInertComponents(siteDir: string, contentDirs: string[]): InertComponent[] {
  const verdicts = new Map<string, string | null>();
  const pages = contentDirs
    .map((dir) => path.join(siteDir, dir))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => readdirSync(dir, {recursive: true, encoding: 'utf8'}).map((file) => path.join(dir, file)))
    .filter((file) => file.endsWith('.mdx'));
  return pages.flatMap((page) =>
    [...readFileSync(page, 'utf8').matchAll(IMPORT)].flatMap(([, specifier]) => {
      const file = resolveInSite(specifier, page, siteDir);
      if (file && !verdicts.has(file))
        verdicts.set(file, EXEMPT.test(readFileSync(file, 'utf8')) ? null : interactiveModule(file, siteDir));
      const interactiveIn = file && verdicts.get(file);
      return interactiveIn
        ? [
            {
              page: path.relative(siteDir, page),
              component: specifier,
              interactiveIn: path.relative(siteDir, interactiveIn),
            },
          ]
        : [];
    }),
  );
}

/** The build error for `inert`, or null. */
export function inertComponentsError(inert: InertComponent[]): Error | null {
  if (!inert.length) return null;
  const lines = inert.map(
    ({page, component, interactiveIn}) => `${page}: ${component} (needs React in ${interactiveIn})`,
  );
  return new Error(
    'plugins/startup: these components need React but are not islands, so they would stay inert on a first load. ' +
      'Export them through registerIsland (plugins/startup/islands.ts), or mark a module static by design ' +
      `with a "// static-in-article: <why>" comment:\n  ${lines.join('\n  ')}`,
  );
}
