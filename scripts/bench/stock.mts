// The stock Docusaurus site the bench compares with: the classic template of the installed
// create-docusaurus, with this site's /docs/ base URL and `future` flags, built from this site's
// node_modules (same versions, no install).
import {mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {measureCommand, type BuildMeasurement} from './build.mts';
import {log, outDir, root, run} from './common.mts';

/** The `future` flags of docusaurus.config.ts, read by loading the config the way Docusaurus does. */
export async function siteFutureFlags(): Promise<Record<string, unknown>> {
  const output = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '--eval',
      // A TypeScript module loaded from CommonJS arrives wrapped in one more `default`.
      "const m = await import('./docusaurus.config.ts'); const c = m.default.default ?? m.default; " +
        'console.log(JSON.stringify(c.future));',
    ],
    {cwd: root},
  );
  const future: unknown = JSON.parse(output.trim().split('\n').at(-1) || 'null');
  if (!future || typeof future !== 'object') throw new Error('docusaurus.config.ts has no `future` flags to copy.');
  return future as Record<string, unknown>;
}

/**
 * Scaffolds the classic TypeScript template with the installed create-docusaurus, under the same
 * base URL and `future` flags as this site, using this site's node_modules (same versions, no
 * install). node_modules is a real folder of links, so the bundler cache stays the stock site's own.
 */
export async function scaffoldStock(parent: string, future: Record<string, unknown>): Promise<string> {
  const name = 'stock-docusaurus';
  await run(
    process.execPath,
    [
      path.join(root, 'node_modules/create-docusaurus/bin/index.js'),
      name,
      'classic',
      parent,
      '--typescript',
      '--skip-install',
    ],
    {cwd: parent, logFile: path.join(outDir, 'scaffold-stock.log')},
  );
  const siteDir = path.join(parent, name);
  const configPath = path.join(siteDir, 'docusaurus.config.ts');
  const config = readFileSync(configPath, 'utf8');
  const patched = config
    .replace(/^(\s*)baseUrl: '\/',/m, "$1baseUrl: '/docs/',")
    .replace(/^(\s*)future: \{[^}]*\},/m, `$1future: ${JSON.stringify(future)},`);
  if (!patched.includes("baseUrl: '/docs/'") || !patched.includes(`future: ${JSON.stringify(future)}`)) {
    throw new Error(`The template's ${configPath} no longer has the baseUrl or future lines the bench rewrites.`);
  }
  writeFileSync(configPath, patched);
  // The template links its first doc as "/docs/intro", which a /docs/ base URL leaves as is (the
  // address already starts with the base URL) and the build rejects as broken: point it at the page.
  for (const file of [configPath, path.join(siteDir, 'src/pages/index.tsx')]) {
    const text = readFileSync(file, 'utf8');
    if (!/(['"])\/docs\/intro\1/.test(text)) throw new Error(`${file} no longer links "/docs/intro".`);
    writeFileSync(file, text.replace(/(['"])\/docs\/intro\1/g, '$1/docs/docs/intro$1'));
  }
  const modules = path.join(siteDir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '.cache') symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  return siteDir;
}

export function buildStock(siteDir: string, label: string): Promise<BuildMeasurement> {
  log(`building the stock Docusaurus site (${label})…`);
  return measureCommand(path.join(siteDir, 'node_modules/.bin/docusaurus'), ['build'], {
    cwd: siteDir,
    logFile: path.join(outDir, `build-stock-${label}.log`),
  });
}

/** The @docusaurus/core version package.json asks for and the one installed. */
export function readVersions(): {declared: string; installed: string} {
  const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const installed = JSON.parse(readFileSync(path.join(root, 'node_modules/@docusaurus/core/package.json'), 'utf8')) as {
    version: string;
  };
  return {declared: packageJson.dependencies['@docusaurus/core'], installed: installed.version};
}
