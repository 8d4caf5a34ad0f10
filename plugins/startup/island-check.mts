// A build check: on a page's first load the article is adopted from the server HTML and only its
// islands hydrate, so a component used in MDX that needs React (state, effects, event handlers,
// itself or in anything it renders) and is not registered with `registerIsland` would stay inert.
// Run by the plugin when the site loads (`docusaurus build` and `start`); the build fails with the list.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

/** React hooks and JSX props that mean a component needs the browser's React. */
const INTERACTIVE =
  /\buse(State|Reducer|Effect|LayoutEffect|SyncExternalStore|Transition|ActionState|Optimistic)\(|\son[A-Z][A-Za-z]+=\{/;
/** A module that registers its component as an island of the article. */
const REGISTERS = /\bregisterIsland\(/;
/**
 * A module whose component is static on a first load by design, with the reason:
 * `// static-in-article: <why>`.
 */
const STATIC_BY_DESIGN = /\/\/ static-in-article: \S/;
const IMPORT = /^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm;

export interface InertComponent {
  /** The MDX file, relative to the site. */
  page: string;
  /** The import specifier the page uses. */
  component: string;
  /** The module (or a module it imports) that needs React. */
  interactiveIn: string;
}

/** The file a specifier names in the site, or null for a package or a theme component of the framework. */
function resolveInSite(specifier: string, from: string, siteDir: string): string | null {
  let base: string;
  if (specifier.startsWith('@site/')) base = path.join(siteDir, specifier.slice('@site/'.length));
  else if (specifier.startsWith('@theme/')) base = path.join(siteDir, 'src/theme', specifier.slice('@theme/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
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

const mdxFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, {recursive: true, encoding: 'utf8'})
        .filter((file) => file.endsWith('.mdx'))
        .map((file) => path.join(dir, file))
    : [];

/** Every component imported by the MDX under `contentDirs` that needs React and is not an island. */
export function findInertComponents(siteDir: string, contentDirs: string[]): InertComponent[] {
  const verdicts = new Map<string, string | null>();
  const inert: InertComponent[] = [];
  for (const page of contentDirs.flatMap((dir) => mdxFiles(path.join(siteDir, dir)))) {
    for (const [, specifier] of readFileSync(page, 'utf8').matchAll(IMPORT)) {
      const file = resolveInSite(specifier, page, siteDir);
      if (!file) continue;
      if (!verdicts.has(file)) {
        const source = readFileSync(file, 'utf8');
        const exempt = REGISTERS.test(source) || STATIC_BY_DESIGN.test(source);
        verdicts.set(file, exempt ? null : interactiveModule(file, siteDir));
      }
      const interactiveIn = verdicts.get(file);
      if (interactiveIn) {
        inert.push({
          page: path.relative(siteDir, page),
          component: specifier,
          interactiveIn: path.relative(siteDir, interactiveIn),
        });
      }
    }
  }
  return inert;
}

/** The build error for `inert`, or null. */
export function inertComponentsError(inert: InertComponent[]): Error | null {
  if (!inert.length) return null;
  const lines = inert.map(
    ({page, component, interactiveIn}) => `${page}: ${component} (needs React in ${interactiveIn})`,
  );
  return new Error(
    'plugins/startup: these components need React but are not islands, so they would stay inert on a first load. ' +
      'Export them through registerIsland (plugins/startup/islands.ts), or mark a module that is static by design ' +
      `with a "// static-in-article: <why>" comment:\n  ${lines.join('\n  ')}`,
  );
}
