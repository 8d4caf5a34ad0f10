// Webpack loader for react-router's ES module build. CommonJS JavaScript because webpack loads its
// loaders with Node's own `require`, which compiles no TypeScript.
//
// react-router's `matchPath` compiles a regular expression for each route path it is asked about,
// the first time: the preload of the first page and `<Switch>` walk Docusaurus's route table (400
// routes, more with each page), 80–240 ms on a phone at 4× CPU. This makes `matchPath` answer plain
// paths by comparing strings first (client/plainMatch.ts), inside the module, so `<Switch>`,
// `matchRoutes` and every caller get it.
'use strict';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack loads loaders with Node's require
const path = require('node:path');

const DECLARATION = 'function matchPath(pathname, options) {\n';

/** @param {string} source */
module.exports = function routerMatchLoader(source) {
  if (source.split(DECLARATION).length !== 2) {
    throw new Error(
      'plugins/startup-tasks/router-match-loader.cjs: react-router no longer declares `matchPath` as expected; ' +
        'update DECLARATION to the new source.',
    );
  }
  const plainMatch = JSON.stringify(path.join(__dirname, 'client', 'plainMatch.ts'));
  return (
    `import {plainMatch as __plainMatch} from ${plainMatch};\n` +
    source.replace(
      DECLARATION,
      () => `${DECLARATION}  var plain = __plainMatch(pathname, options);\n  if (plain !== undefined) return plain;\n`,
    )
  );
};
