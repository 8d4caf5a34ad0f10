// Bundler loader (CommonJS: the bundler `require`s it) for Docusaurus's route registry, whose entries
// are `[loader, module path, module id]`. The module path, read only by the server to list a page's
// scripts, becomes empty in the browser (about 3 kB gzip of main.js) and the chunk name on the server,
// the key of Rspack's client manifest, so that a page lists its route's chunks.
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
