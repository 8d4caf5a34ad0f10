// Docusaurus plugin: the app's start-up, right after the first paint, as short tasks rather than one
// long one, so a reader's tap or key press is answered between them (issue 26). Changes to what
// main.js holds and does when it is evaluated, and to what hydration does:
//
// - The route table creates each route's loadable component when the route is first rendered or
//   preloaded (client/ComponentCreator.tsx), instead of all of them (405 today, more with every
//   page): a page needs one.
// - The first preload of the current route, which matches the address against the route table and
//   adds the route's chunks, runs in a task of its own (client/preload.ts).
// - The client entry evaluates the app's modules in five tasks, not in main.js's one
//   (client/clientEntry.tsx).
// - React DOM is a script of its own, and so are the other libraries the app starts with (the theme,
//   the router: `libraries.js`), so that Chromium compiles each in its own task rather than all in
//   main.js's, which is left with the site's own code and the evaluation of every module.
// - The route registry in main.js leaves out the module path of each route, which only the server
//   reads (registry-loader.cjs): 3 kB gzip less for every page to download and evaluate. The
//   server's registry has the chunk name there instead, so that Docusaurus finds the route's chunks
//   in the client manifest and a page lists them with the app's scripts (plugins/paint-first).
// - The site config in main.js leaves out the page template, which only the server reads
//   (site-config-loader.cjs): 2.5 kB gzip less on every page.
// - react-router's `matchPath` compares strings for a plain route path instead of compiling a regular
//   expression per path (router-match-loader.cjs, client/plainMatch.ts): the first page's preload,
//   `<Switch>` and the docs plugin's "which doc is at this address" (the navbar asks on every page)
//   walk hundreds of paths.
// - A doc card's label is tested for a leading emoji only when it may have one
//   (client/emojiUtils.ts): the test's pattern is slow to compile, and a category page has a card
//   per page.
// - Nothing a page starts with loads ICU's collation or date data, each some 20 ms the first time:
//   two sorts order strings without it (case-first-sort-loader.cjs), and the "Last updated" date is written
//   without Intl when it is English (client/IntlUtils.ts).
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {LoadContext, Plugin} from '@docusaurus/types';

const here = path.dirname(fileURLToPath(import.meta.url));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const require = createRequire(import.meta.url);

/**
 * Docusaurus's client entry imports `./preload`; webpack matches an alias against the request
 * resolved to an absolute path, without its extension.
 */
const CORE_PRELOAD = require.resolve('@docusaurus/core/lib/client/preload.js').replace(/\.js$/, '');
/** Docusaurus's client entry, which its browser configuration names by absolute path. */
export const CORE_CLIENT_ENTRY = require.resolve('@docusaurus/core/lib/client/clientEntry.js');
/** react-router's ES module build, which `<Switch>`, `matchRoutes` and the docs plugin match routes with. */
const REACT_ROUTER = new RegExp(
  `^${escapeRegExp(path.join(path.dirname(require.resolve('react-router/package.json')), 'esm', 'react-router.js'))}$`,
);
/** theme-common's `internal` entry imports `./utils/emojiUtils`, for `DocCard`. */
const THEME_COMMON = path.dirname(require.resolve('@docusaurus/theme-common'));
const EMOJI_UTILS = path.join(THEME_COMMON, 'utils/emojiUtils');
/** theme-common's `internal` entry imports `./utils/IntlUtils`, for the "Last updated" date. */
const INTL_UTILS = path.join(THEME_COMMON, 'utils/IntlUtils');
/** The modules whose `localeCompare` sorts case-first-sort-loader.cjs replaces. */
export const SORTING_MODULE_FILES = [
  require.resolve('@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js'),
  path.join(THEME_COMMON, 'utils/reactUtils.js'),
];
const SORTING_MODULES = new RegExp(`^(${SORTING_MODULE_FILES.map(escapeRegExp).join('|')})$`);

export default function startupTasksPlugin(context: LoadContext): Plugin {
  // A regular expression, which Rspack (Docusaurus's `faster` bundler) matches natively.
  const registry = new RegExp(`^${escapeRegExp(path.join(context.generatedFilesDir, 'registry.js'))}$`);
  const siteConfig = new RegExp(`^${escapeRegExp(path.join(context.generatedFilesDir, 'docusaurus.config.mjs'))}$`);
  return {
    name: 'startup-tasks',
    configureWebpack(config, isServer) {
      const alias = {
        // The same key as Docusaurus's own alias, so this value replaces it rather than following it.
        '@docusaurus/ComponentCreator': path.join(here, 'client/ComponentCreator.tsx'),
        [`${CORE_PRELOAD}$`]: path.join(here, 'client/preload.ts'),
        [`${EMOJI_UTILS}$`]: path.join(here, 'client/emojiUtils.ts'),
        [`${INTL_UTILS}$`]: path.join(here, 'client/IntlUtils.ts'),
      };
      // Server and browser match routes and sort alike, so the server's markup and hydration agree.
      const shared = [
        {test: REACT_ROUTER, use: [path.join(here, 'router-match-loader.cjs')]},
        {test: SORTING_MODULES, use: [path.join(here, 'case-first-sort-loader.cjs')]},
      ];
      const registryLoader = path.join(here, 'registry-loader.cjs');
      const browserAlias = {...alias, [`${CORE_CLIENT_ENTRY}$`]: path.join(here, 'client/clientEntry.tsx')};
      if (isServer) {
        const serverRegistry = {test: registry, use: [{loader: registryLoader, options: {modulePath: 'chunk name'}}]};
        return {resolve: {alias}, module: {rules: [...shared, serverRegistry]}};
      }
      return {
        resolve: {alias: browserAlias},
        module: {
          rules: [
            ...shared,
            {test: registry, use: [{loader: registryLoader, options: {modulePath: 'empty'}}]},
            {test: siteConfig, use: [path.join(here, 'site-config-loader.cjs')]},
          ],
        },
        optimization: {
          splitChunks: {
            cacheGroups: {
              reactDom: {
                test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
                name: 'react-dom',
                chunks: 'initial',
                enforce: true,
                priority: 60,
              },
              libraries: {
                test: /[\\/]node_modules[\\/]/,
                name: 'libraries',
                chunks: 'initial',
                enforce: true,
                // Below Docusaurus's `styles` group (50), so the theme's CSS stays in the one stylesheet.
                priority: 45,
              },
            },
          },
        },
      };
    },
  };
}
