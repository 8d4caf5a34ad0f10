import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import test from 'node:test';
import type {LoadContext, Plugin} from '@docusaurus/types';
import startupPlugin, {COMPILE_HINT} from './index.mts';

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

test('the plugin runs the registry, and nothing else, through the loader; the browser gets its scripts split and hinted', () => {
  const generatedFilesDir = path.join('site', '.docusaurus');
  /** Stand-ins for the bundler's banner plugin and its stage constant. */
  class BannerPlugin {
    constructor(readonly options: object) {}
  }
  const utils = {currentBundler: {instance: {BannerPlugin, Compilation: {PROCESS_ASSETS_STAGE_SUMMARIZE: 1000}}}};
  const plugin = startupPlugin({siteDir: 'site', generatedFilesDir} as LoadContext, {contentDirs: []}) as Plugin & {
    configureWebpack: (config: object, isServer: boolean, utils: object) => BundlerConfig;
  };
  for (const isServer of [false, true]) {
    const {module, optimization, plugins} = plugin.configureWebpack({}, isServer, utils);
    assert.equal(module.rules.length, 1, 'the one loader');
    assert.ok(module.rules[0].test.test(path.join(generatedFilesDir, 'registry.js')));
    assert.ok(!module.rules[0].test.test(path.join(generatedFilesDir, 'routes.js')));
    assert.deepEqual(module.rules[0].use, [
      {
        loader: path.join(import.meta.dirname, 'registry-loader.cjs'),
        options: {modulePath: isServer ? 'chunk name' : 'empty'},
      },
    ]);
    if (isServer) {
      assert.equal(optimization, undefined);
      continue;
    }
    const groups = optimization!.splitChunks.cacheGroups;
    assert.ok(groups.reactDom.test.test(path.join('x', 'node_modules', 'react-dom', 'client.js')));
    assert.ok(groups.reactDom.test.test(path.join('x', 'node_modules', 'scheduler', 'index.js')));
    assert.ok(groups.libraries.test.test(path.join('x', 'node_modules', 'react', 'index.js')));
    assert.ok(groups.libraries.priority < 50, "below Docusaurus's styles group");
    assert.deepEqual((plugins![0] as BannerPlugin).options, {
      banner: COMPILE_HINT,
      raw: true,
      entryOnly: true,
      test: /\.js$/,
      stage: 1000,
    });
  }
});

interface BundlerConfig {
  module: {rules: {test: RegExp; use: object[]}[]};
  optimization?: {splitChunks: {cacheGroups: Record<string, {test: RegExp; priority: number}>}};
  plugins?: object[];
}
