// The plugin replaces modules of Docusaurus's client by address and rewrites others; an upgrade that
// moves or changes them would silently undo the change, so these tests check what it relies on.
import assert from 'node:assert/strict';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import test from 'node:test';
import type {LoadContext, Plugin} from '@docusaurus/types';
import startupTasksPlugin, {CORE_CLIENT_ENTRY, SORTING_MODULE_FILES} from './index.mts';

const require = createRequire(import.meta.url);
// CommonJS, as webpack loads it (registry-loader.cjs says why).
const registryLoader: (this: {getOptions(): object}, source: string) => string = require('./registry-loader.cjs');
const coreClient = path.dirname(require.resolve('@docusaurus/core/lib/client/clientEntry.js'));

type WebpackConfigure = (
  config: object,
  isServer: boolean,
) => {
  resolve: {alias: Record<string, string>};
  optimization?: {splitChunks: {cacheGroups: Record<string, {test: RegExp}>}};
};
const generatedFilesDir = path.join('site', '.docusaurus');
const configure = (isServer: boolean) =>
  (
    startupTasksPlugin({generatedFilesDir} as LoadContext) as Plugin & {configureWebpack: WebpackConfigure}
  ).configureWebpack({}, isServer);

test('the route table still creates its components through the alias this plugin replaces', () => {
  const codegen = readFileSync(require.resolve('@docusaurus/core/lib/server/codegen/codegenRoutes.js'), 'utf8');
  assert.match(codegen, /import ComponentCreator from '@docusaurus\/ComponentCreator';/);
  const target = configure(false).resolve.alias['@docusaurus/ComponentCreator'];
  assert.ok(existsSync(target), `${target} exists`);
  // The replacement wraps the original, which must still be where it imports it from.
  assert.ok(existsSync(path.join(coreClient, 'exports/ComponentCreator.js')));
});

test("the client entry still imports './preload', the address the alias replaces", () => {
  const entry = readFileSync(path.join(coreClient, 'clientEntry.js'), 'utf8');
  assert.match(entry, /import preload from '\.\/preload';/);
  for (const isServer of [false, true]) {
    const {alias} = configure(isServer).resolve;
    assert.equal(alias[`${path.join(coreClient, 'preload')}$`], path.join(import.meta.dirname, 'client/preload.ts'));
  }
});

test('React DOM and its scheduler go to a script of their own, in the browser bundle only', () => {
  const {test: modules} = configure(false).optimization!.splitChunks.cacheGroups.reactDom;
  assert.ok(modules.test(path.join('x', 'node_modules', 'react-dom', 'cjs', 'react-dom-client.production.js')));
  assert.ok(modules.test(path.join('x', 'node_modules', 'scheduler', 'index.js')));
  assert.ok(!modules.test(path.join('x', 'node_modules', 'react', 'index.js')));
  assert.equal(configure(true).optimization, undefined);
});

test('the route registry: without the module path in the browser, with the chunk name on the server', () => {
  const source = readFileSync(require.resolve('@docusaurus/core/lib/server/codegen/codegenRoutes.js'), 'utf8');
  // The entry Docusaurus writes, as its code generator spells it.
  assert.ok(
    source.includes(
      '`  "${chunkName}": [() => import(/* webpackChunkName: "${chunkName}" */ "${modulePath}"), "${modulePath}", require.resolveWeak("${modulePath}")],`',
    ),
    "Docusaurus's code generator still writes the registry entries the loader rewrites",
  );
  const entry = (name: string, listed = `"@site/docs/${name}.mdx"`) =>
    `  "${name}": [() => import(/* webpackChunkName: "${name}" */ "@site/docs/${name}.mdx"), ${listed}, require.resolveWeak("@site/docs/${name}.mdx")],`;
  const registry = `export default {\n${entry('a')}\n${entry('b')}\n};\n`;
  const load = (modulePath: string, text: string) => registryLoader.call({getOptions: () => ({modulePath})}, text);
  assert.equal(load('empty', registry), `export default {\n${entry('a', '""')}\n${entry('b', '""')}\n};\n`);
  assert.equal(load('chunk name', registry), `export default {\n${entry('a', '"a"')}\n${entry('b', '"b"')}\n};\n`);
  assert.throws(() => load('empty', `${registry}const other = require.resolveWeak("x");`), /registry format changed/);
  for (const isServer of [false, true]) {
    const rules = (configure(isServer) as unknown as {module: {rules: {test: RegExp; use: unknown[]}[]}}).module.rules;
    const rule = rules.find(({test: file}) => file.test(path.join(generatedFilesDir, 'registry.js')));
    assert.ok(rule, `a rule for the route registry (server: ${isServer})`);
    assert.deepEqual(rule.use, [
      {
        loader: path.join(import.meta.dirname, 'registry-loader.cjs'),
        options: {modulePath: isServer ? 'chunk name' : 'empty'},
      },
    ]);
    assert.ok(!rule.test.test(path.join(generatedFilesDir, 'routes.js')));
  }
});

test("theme-common still imports './utils/emojiUtils' for DocCard, the address the alias replaces", () => {
  const themeCommon = path.dirname(require.resolve('@docusaurus/theme-common'));
  const internal = readFileSync(path.join(themeCommon, 'internal.js'), 'utf8');
  assert.match(internal, /export \{ extractLeadingEmoji \} from '\.\/utils\/emojiUtils';/);
  assert.ok(existsSync(path.join(themeCommon, 'utils/emojiUtils.js')));
  for (const isServer of [false, true]) {
    assert.equal(
      configure(isServer).resolve.alias[`${path.join(themeCommon, 'utils/emojiUtils')}$`],
      path.join(import.meta.dirname, 'client/emojiUtils.ts'),
    );
  }
});

test("the browser's site config leaves out the page template, which only the server reads", () => {
  const siteConfigLoader: (source: string) => string = require('./site-config-loader.cjs');
  // The generated config as Docusaurus writes it: the config as JSON, two spaces deep.
  const codegen = readFileSync(require.resolve('@docusaurus/core/lib/server/codegen/codegen.js'), 'utf8');
  assert.match(codegen, /export default \$\{JSON\.stringify\(siteConfig, null, 2\)\}/);
  const config = {title: 'Docs', ssrTemplate: '<html>\n  <script>"$\'"</script>\n</html>', baseUrl: '/docs/'};
  const source = `export default ${JSON.stringify(config, null, 2)};\n`;
  assert.equal(siteConfigLoader(source), source.replace(JSON.stringify(config.ssrTemplate), '""'));
  assert.throws(() => siteConfigLoader('export default {"title": "Docs"};'), /found 0 "ssrTemplate" entries/);
  const rules = (configure(false) as unknown as {module: {rules: {test: RegExp; use: string[]}[]}}).module.rules;
  const rule = rules.find(({test: file}) => file.test(path.join(generatedFilesDir, 'docusaurus.config.mjs')));
  assert.ok(rule, 'a rule for the generated site config');
  assert.ok(rule.use[0].endsWith('site-config-loader.cjs'));
  assert.ok(!rule.test.test(path.join(generatedFilesDir, 'registry.js')));
});

test("react-router's matchPath, on the server and in the browser, tries the plain match first", () => {
  const routerMatchLoader: (source: string) => string = require('./router-match-loader.cjs');
  const file = path.join(path.dirname(require.resolve('react-router/package.json')), 'esm', 'react-router.js');
  // The installed react-router declares matchPath once, in the form the loader finds.
  const source = readFileSync(file, 'utf8');
  const loaded = routerMatchLoader(source);
  assert.ok(
    loaded.startsWith(
      `import {plainMatch as __plainMatch} from ${JSON.stringify(path.join(import.meta.dirname, 'client', 'plainMatch.ts'))};\n`,
    ),
  );
  assert.ok(
    loaded.includes(
      'function matchPath(pathname, options) {\n  var plain = __plainMatch(pathname, options);\n  if (plain !== undefined) return plain;\n',
    ),
  );
  assert.equal(
    loaded.length - source.length,
    loaded.indexOf('\n') +
      1 +
      '  var plain = __plainMatch(pathname, options);\n  if (plain !== undefined) return plain;\n'.length,
  );
  assert.throws(() => routerMatchLoader('function matchPath(path) {}'), /no longer declares `matchPath`/);
  for (const isServer of [false, true]) {
    const rules = (configure(isServer) as unknown as {module: {rules: {test: RegExp; use: string[]}[]}}).module.rules;
    const rule = rules.find(({test: candidate}) => candidate.test(file));
    assert.ok(rule, `a rule for react-router (server: ${isServer})`);
    assert.ok(rule.use[0].endsWith('router-match-loader.cjs'));
    assert.ok(!rule.test.test(file.replace('react-router.js', 'react-router.min.js')));
  }
});

test('the two sorts of the client that used localeCompare no longer do, and answer the same', async () => {
  const caseFirstSortLoader: ((this: {resourcePath: string}, source: string) => string) & {
    SORTS: Record<string, [string, string]>;
  } = require('./case-first-sort-loader.cjs');
  const files = SORTING_MODULE_FILES;
  assert.equal(files.length, Object.keys(caseFirstSortLoader.SORTS).length);
  const loaded = files.map((file) => {
    const source = readFileSync(file, 'utf8');
    const output = caseFirstSortLoader.call({resourcePath: file}, source);
    assert.notEqual(output, source, `${file} is rewritten`);
    assert.ok(!output.includes('localeCompare'), `${file} sorts without localeCompare`);
    assert.throws(
      () => caseFirstSortLoader.call({resourcePath: file}, source.replace('localeCompare', 'compare')),
      /no longer sorts with/,
    );
    return {source, output};
  });
  for (const isServer of [false, true]) {
    const rules = (configure(isServer) as unknown as {module: {rules: {test: RegExp; use: string[]}[]}}).module.rules;
    for (const file of files) {
      const rule = rules.find(({test: candidate}) => candidate.test(file));
      assert.ok(rule?.use[0].endsWith('case-first-sort-loader.cjs'), `a rule for ${file} (server: ${isServer})`);
    }
    assert.ok(!rules.some(({test: candidate}) => candidate.test(files[0].replace('docsClientUtils', 'docsUtils'))));
  }

  // The docs plugin's getActivePlugin, as installed and as rewritten, over plugin paths and addresses:
  // the same plugin for every address. Its router import points at react-router, which it re-exports.
  const directory = mkdtempSync(path.join(os.tmpdir(), 'case-first-sort-'));
  try {
    const reactRouter = pathToFileURL(
      path.join(path.dirname(require.resolve('react-router/package.json')), 'esm', 'react-router.js'),
    );
    const [original, rewritten] = await Promise.all(
      // The original in English collation, as the server applies it (another locale may order case first).
      [loaded[0].source.replace('.localeCompare(a[1].path)', ".localeCompare(a[1].path, 'en')"), loaded[0].output].map(
        (source, index) => {
          const file = path.join(directory, `docsClientUtils-${index}.mjs`);
          writeFileSync(file, source.replace("from '@docusaurus/router'", `from ${JSON.stringify(reactRouter.href)}`));
          return import(pathToFileURL(file).href) as Promise<{
            getActivePlugin: (data: object, pathname: string) => {pluginId: string} | undefined;
          }>;
        },
      ),
    );
    const pluginSets = [
      ['/docs', '/docs/api'],
      ['/docs/api', '/docs'],
      ['/', '/docs', '/docs/api', '/Docs/API-v2', '/docs/api_v2', '/docs/ä'],
      ['/docs/Guides', '/docs/guides', '/docs/a-b', '/docs/a_b', '/docs/a.b', '/docs/a'],
    ];
    const addresses = [
      '/',
      '/docs',
      '/docs/',
      '/docs/api',
      '/docs/api/x',
      '/DOCS/API/x',
      '/docs/api_v2/y',
      '/docs/ä/z',
      '/docs/Guides/Origins',
      '/docs/guides/x',
      '/docs/a-b/c',
      '/docs/a_b',
      '/docs/a.b/c',
      '/docs/a/b',
      '/other',
    ];
    let compared = 0;
    for (const paths of pluginSets) {
      const data = Object.fromEntries(paths.map((pluginPath, index) => [`plugin-${index}`, {path: pluginPath}]));
      for (const address of addresses) {
        assert.deepEqual(
          rewritten.getActivePlugin(data, address),
          original.getActivePlugin(data, address),
          `${address} in ${paths}`,
        );
        compared += 1;
      }
    }
    assert.equal(compared, pluginSets.length * addresses.length);
    assert.equal(
      rewritten.getActivePlugin({guides: {path: '/docs'}, api: {path: '/docs/api'}}, '/docs/api/x')?.pluginId,
      'api',
    );
  } finally {
    rmSync(directory, {recursive: true, force: true});
  }
});

test('theme-common still imports \'./utils/IntlUtils\' for the "Last updated" date, the address the alias replaces', () => {
  const themeCommon = path.dirname(require.resolve('@docusaurus/theme-common'));
  const internal = readFileSync(path.join(themeCommon, 'internal.js'), 'utf8');
  assert.match(internal, /export \{ useDateTimeFormat \} from '\.\/utils\/IntlUtils';/);
  const utils = readFileSync(path.join(themeCommon, 'utils/IntlUtils.js'), 'utf8');
  assert.match(utils, /export function useCalendar\(/);
  assert.match(utils, /export function useDateTimeFormat\(/);
  for (const isServer of [false, true]) {
    assert.equal(
      configure(isServer).resolve.alias[`${path.join(themeCommon, 'utils/IntlUtils')}$`],
      path.join(import.meta.dirname, 'client/IntlUtils.ts'),
    );
  }
});

test("the browser's client entry is this plugin's, which starts the app from the modules Docusaurus's entry imports", () => {
  // Docusaurus's browser configuration names its entry by absolute path, the address the alias replaces.
  const clientConfig = readFileSync(require.resolve('@docusaurus/core/lib/webpack/client.js'), 'utf8');
  assert.match(clientConfig, /entry: path_1\.default\.resolve\(__dirname, '\.\.\/client\/clientEntry\.js'\)/);
  assert.equal(
    configure(false).resolve.alias[`${CORE_CLIENT_ENTRY}$`],
    path.join(import.meta.dirname, 'client/clientEntry.tsx'),
  );
  assert.equal(configure(true).resolve.alias[`${CORE_CLIENT_ENTRY}$`], undefined, 'the server has its own entry');
  // An upgrade that changes what the entry imports must be looked at: this entry repeats it.
  const imports = (source: string) => [...source.matchAll(/^import .* from '([^']+)';$/gm)].map(([, from]) => from);
  assert.deepEqual(imports(readFileSync(CORE_CLIENT_ENTRY, 'utf8')), [
    'react',
    'react-dom/client',
    'react-helmet-async',
    'react-router-dom',
    '@generated/docusaurus.config',
    './exports/ExecutionEnvironment',
    './App',
    './preload',
    './docusaurus',
  ]);
  const ours = readFileSync(path.join(import.meta.dirname, 'client/clientEntry.tsx'), 'utf8');
  assert.ok(ours.includes(`import(/* webpackMode: "eager" */ 'react-dom/client')`));
  for (const module of ['react-helmet-async', 'react-router-dom', '@generated/docusaurus.config']) {
    assert.match(ours, new RegExp(`^import .* from '${module}';$`, 'm'), module);
  }
  for (const module of ['App.js', 'docusaurus.js']) {
    assert.ok(ours.includes(`import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/${module}')`), module);
  }
});
