// Webpack loader for Docusaurus's generated route registry. CommonJS JavaScript because webpack
// loads its loaders with Node's own `require`, which compiles no TypeScript.
//
// Each registry entry is `[loader, module path, module id]`, and the module path is only read on the
// server: react-loadable reports it for each route component a page renders, and Docusaurus looks
// it up in the client manifest to list the page's scripts. Two changes:
// - In the browser it is one string per route in main.js, which every page downloads and
//   evaluates: about 3 kB gzip for 400 routes, and growing with each page. This empties it.
// - On the server it becomes the entry's chunk name, which is what Rspack's client manifest is keyed
//   by: with the module path, no route chunk was ever found, so a page listed only the app's entry
//   scripts, and its route's chunks were fetched once main.js had run (a second round trip) and added
//   to the page in one long task.
'use strict';

const ENTRY = /(webpackChunkName: "([^"]+)" \*\/ "([^"]*)"\), )"\3"(, require\.resolveWeak\("\3"\))/g;

/**
 * @this {{getOptions(): {modulePath?: 'empty' | 'chunk name'}}}
 * @param {string} source
 */
module.exports = function registryLoader(source) {
  const {modulePath = 'empty'} = this.getOptions();
  const entries = (source.match(/require\.resolveWeak\(/g) || []).length;
  let rewritten = 0;
  const result = source.replace(ENTRY, (match, before, chunkName, _path, after) => {
    rewritten += 1;
    return `${before}${modulePath === 'chunk name' ? JSON.stringify(chunkName) : '""'}${after}`;
  });
  if (rewritten !== entries) {
    throw new Error(
      `plugins/startup-tasks/registry-loader.cjs: rewrote ${rewritten} of the registry's ${entries} module paths; ` +
        "Docusaurus's registry format changed: update ENTRY.",
    );
  }
  return result;
};
