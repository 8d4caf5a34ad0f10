// Upgrade safety: an ejected component is a copy of the theme's code at one version. When the
// installed theme differs, these tests fail and name the files to compare before recording the
// new version and hashes in swizzles.json.
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {test} from 'node:test';
import swizzles from './swizzles.json';

const require = createRequire(import.meta.url);
const themeRoot = path.dirname(require.resolve(`${swizzles.package}/package.json`));
const installedVersion: string = JSON.parse(readFileSync(path.join(themeRoot, 'package.json'), 'utf8')).version;
const upstream = (file: string) => path.join(themeRoot, 'lib', 'theme', file);
const siteTheme = path.dirname(new URL(import.meta.url).pathname);
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Every component folder or file under src/theme, as a theme component name (`CodeBlock/Content`). */
function overriddenComponents(): {name: string; wraps: boolean}[] {
  return readdirSync(siteTheme, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const relative = path.relative(siteTheme, file).replace(/\.tsx?$/, '');
      const name = relative.endsWith('/index') ? relative.slice(0, -'/index'.length) : relative;
      return {name, wraps: /from '@theme-original\//.test(readFileSync(file, 'utf8'))};
    });
}

test(`the installed ${swizzles.package} is the version the ejected components were copied from`, () => {
  const recheck = Object.entries(swizzles.ejected).map(
    ([name, files]) => `src/theme/${name} against ${Object.keys(files).join(', ')}`,
  );
  assert.equal(
    installedVersion,
    swizzles.version,
    `${swizzles.package} is ${installedVersion}, the ejected components were copied from ${swizzles.version}. ` +
      `Compare, and port upstream changes into:\n  ${recheck.join('\n  ')}\n` +
      'then record the new version and hashes in src/theme/swizzles.json.',
  );
});

test('the upstream files of each ejected component are unchanged', () => {
  const changed = Object.entries(swizzles.ejected).flatMap(([name, files]) =>
    Object.entries(files)
      .filter(([file, hash]) => !existsSync(upstream(file)) || sha256(upstream(file)) !== hash)
      .map(([file]) => `src/theme/${name}: lib/theme/${file} ${existsSync(upstream(file)) ? 'changed' : 'is gone'}`),
  );
  assert.deepEqual(changed, [], `Re-check these ejected components:\n  ${changed.join('\n  ')}`);
});

test('every wrapped component still exists in the theme', () => {
  const missing = overriddenComponents()
    .filter(({wraps}) => wraps)
    .filter(({name}) => !existsSync(upstream(`${name}/index.js`)) && !existsSync(upstream(`${name}.js`)))
    .map(({name}) => `src/theme/${name}`);
  assert.deepEqual(missing, [], `These wrappers import a theme component that no longer exists: ${missing.join(', ')}`);
});

test('every component under src/theme that does not wrap the original is recorded as ejected or own', () => {
  const recorded = new Set([...Object.keys(swizzles.ejected), ...Object.keys(swizzles.own)]);
  const unrecorded = overriddenComponents()
    .filter(({wraps, name}) => !wraps && !recorded.has(name))
    .map(({name}) => `src/theme/${name}`);
  assert.deepEqual(
    unrecorded,
    [],
    `Record these in src/theme/swizzles.json (ejected, with the upstream files' hashes, or own): ${unrecorded.join(', ')}`,
  );
});
