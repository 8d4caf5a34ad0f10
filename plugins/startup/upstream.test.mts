// Upgrade safety: the layer's manifest of upstream internals (upstream.json). When an installed
// Docusaurus file differs from the one the layer was checked against, this names what to re-check.
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {test} from 'node:test';
import manifest from './upstream.json' with {type: 'json'};

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = (name: string) => path.join(here, '..', '..', 'node_modules', name);
const versionOf = (name: string): string =>
  JSON.parse(readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')).version;
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

test('every upstream file the layer depends on is the one it was checked against', () => {
  const recheck = [...manifest.internals, ...manifest.ejected, ...manifest.rewrites].flatMap((entry) => {
    const file = path.join(packageDir(entry.package), entry.file);
    const installed = versionOf(entry.package);
    if (existsSync(file) && installed === entry.version && sha256(file) === entry.sha256) return [];
    const what = existsSync(file) ? `${installed}, sha256 ${sha256(file)}` : 'gone';
    return [
      `${entry.package}/${entry.file} (${what}; checked: ${entry.version}), used by ${entry.usedBy}: ${entry.recheck}`,
    ];
  });
  assert.deepEqual(
    recheck,
    [],
    `Re-check, then record the new version and hash in plugins/startup/upstream.json:\n  ${recheck.join('\n  ')}`,
  );
});

test('every theme component the layer wraps still exists in the theme', () => {
  const theme = path.join(packageDir('@docusaurus/theme-classic'), 'lib', 'theme');
  const missing = manifest.wrapped.filter((name) => !existsSync(path.join(theme, name, 'index.js')));
  assert.deepEqual(missing, [], `The layer's theme wraps components the theme no longer has: ${missing.join(', ')}`);
});

/** The layer's own source files, tests left out. */
const layerSources = (): string[] =>
  readdirSync(here, {recursive: true, encoding: 'utf8'})
    .filter((file) => /\.(ts|tsx|mts|cjs)$/.test(file) && !/\.test\.|(^|\/)e2e\//.test(file))
    .map((file) => path.join(here, file));

test('the layer imports no framework internal but those of the manifest, at most three', () => {
  // Import specifiers name a file with or without its `.js`; the theme-common entry `internal` is lib/internal.js.
  const normalise = (specifier: string) =>
    specifier.replace(/\.js$/, '').replace(/(?<!\/lib)\/internal$/, '/lib/internal');
  const listed = new Set(manifest.internals.map((entry) => normalise(`${entry.package}/${entry.file}`)));
  const internal = /from '((@docusaurus\/[^/']+)\/(lib\/[^']+|internal))'|__react|react-router-config/g;
  const imports = new Set<string>();
  const ejected = manifest.ejected.map((entry) => path.join(here, entry.usedBy));
  for (const file of layerSources().filter((source) => !ejected.includes(source))) {
    for (const match of readFileSync(file, 'utf8').matchAll(internal)) imports.add(match[1] ?? match[0]);
  }
  const unlisted = [...imports].map(normalise).filter((specifier) => !listed.has(specifier));
  assert.deepEqual(unlisted, [], 'an internal import the manifest does not list');
  assert.ok(imports.size <= 3, `${imports.size} framework internals: ${[...imports].join(', ')}`);
});

test("the layer's code is at most 1,000 lines, and no file of it over 400", () => {
  const lines = layerSources().map((file) => ({file, count: readFileSync(file, 'utf8').split('\n').length - 1}));
  const total = lines.reduce((sum, {count}) => sum + count, 0);
  assert.ok(total <= 1000, `${total} lines`);
  assert.deepEqual(
    lines.filter(({count}) => count > 400).map(({file}) => file),
    [],
  );
});
