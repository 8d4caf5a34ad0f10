// Bundler loader for Docusaurus's generated route registry (the layer's one loader). CommonJS
// JavaScript, as the bundler loads its loaders with Node's `require`.
//
// Each entry is `[loader, module path, module id]`; the module path is read on the server only, where
// the page's rendered route components are looked up in the client manifest to list its scripts.
// In the browser it becomes empty (one string per route in main.js, about 3 kB gzip on every page);
// on the server it becomes the entry's chunk name, the key of Rspack's client manifest, so that a
// page lists its route's chunks with the app's scripts instead of fetching them once main.js has run.
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
      `plugins/startup/registry-loader.cjs: rewrote ${rewritten} of the registry's ${entries} module paths; ` +
        "Docusaurus's registry format changed: update ENTRY (plugins/startup/upstream.json).",
    );
  }
  return result;
};
