// Webpack loader for Docusaurus's generated route registry, in the browser bundle only. CommonJS
// JavaScript because webpack loads its loaders with Node's own `require`, which compiles no
// TypeScript.
//
// Each registry entry is `[loader, module path, module id]`; the module path is only read on the
// server (react-loadable's `modules`, to find the chunks a page used). In the browser it is one
// string per route in main.js, which every page downloads and evaluates: about 3 kB gzip for 400
// routes, and growing with each page. This empties it.
'use strict';

const ENTRY = /(\), )"([^"]*)"(, require\.resolveWeak\(")\2("\))/g;

/** @param {string} source */
module.exports = function registryLoader(source) {
  const entries = (source.match(/require\.resolveWeak\(/g) || []).length;
  let emptied = 0;
  const result = source.replace(ENTRY, (match, before, _path, middle, after) => {
    emptied += 1;
    return `${before}""${middle}${_path}${after}`;
  });
  if (emptied !== entries) {
    throw new Error(
      `plugins/startup-tasks/registry-loader.cjs: emptied ${emptied} of the registry's ${entries} module paths; ` +
        "Docusaurus's registry format changed: update ENTRY.",
    );
  }
  return result;
};
