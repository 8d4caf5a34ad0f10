import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import test from 'node:test';
import type {LoadContext, Plugin} from '@docusaurus/types';
import startupPlugin from './index.mts';

const require = createRequire(import.meta.url);
// CommonJS, as the bundler loads it.
const registryLoader: (this: {getOptions(): object}, source: string) => string = require('./registry-loader.cjs');

test("Docusaurus's code generator still writes the registry entries the loader rewrites", () => {
  const source = readFileSync(require.resolve('@docusaurus/core/lib/server/codegen/codegenRoutes.js'), 'utf8');
  assert.ok(
    source.includes(
      '`  "${chunkName}": [() => import(/* webpackChunkName: "${chunkName}" */ "${modulePath}"), "${modulePath}", require.resolveWeak("${modulePath}")],`',
    ),
  );
});

test('the route registry: no module path in the browser, the chunk name on the server, and a changed format fails', () => {
  const entry = (name: string, listed = `"@site/docs/${name}.mdx"`) =>
    `  "${name}": [() => import(/* webpackChunkName: "${name}" */ "@site/docs/${name}.mdx"), ${listed}, require.resolveWeak("@site/docs/${name}.mdx")],`;
  const registry = `export default {\n${entry('a')}\n${entry('b')}\n};\n`;
  const load = (modulePath: string, text: string) => registryLoader.call({getOptions: () => ({modulePath})}, text);
  assert.equal(load('empty', registry), `export default {\n${entry('a', '""')}\n${entry('b', '""')}\n};\n`);
  assert.equal(load('chunk name', registry), `export default {\n${entry('a', '"a"')}\n${entry('b', '"b"')}\n};\n`);
  assert.throws(() => load('empty', `${registry}const other = require.resolveWeak("x");`), /registry format changed/);
});

test('the plugin runs the registry, and nothing else, through the loader: the one loader of the layer', () => {
  const generatedFilesDir = path.join('site', '.docusaurus');
  const plugin = startupPlugin({siteDir: 'site', generatedFilesDir} as LoadContext, {contentDirs: []}) as Plugin & {
    configureWebpack: (config: object, isServer: boolean) => {module: {rules: {test: RegExp; use: object[]}[]}};
  };
  for (const isServer of [false, true]) {
    const {rules} = plugin.configureWebpack({}, isServer).module;
    assert.equal(rules.length, 1);
    assert.ok(rules[0].test.test(path.join(generatedFilesDir, 'registry.js')));
    assert.ok(!rules[0].test.test(path.join(generatedFilesDir, 'routes.js')));
    assert.deepEqual(rules[0].use, [
      {
        loader: path.join(import.meta.dirname, 'registry-loader.cjs'),
        options: {modulePath: isServer ? 'chunk name' : 'empty'},
      },
    ]);
  }
});
