// Webpack loader for the two modules of Docusaurus's client that sort with `localeCompare`. CommonJS
// JavaScript because webpack loads its loaders with Node's own `require`, which compiles no
// TypeScript.
//
// A page's first `localeCompare` loads ICU's collation data: 16–26 ms in Chromium on this machine,
// 130–200 ms on a phone-class CPU at 8×, inside hydration (issue 26). Both sorts answer the same with
// client/caseFirstOrder.ts, which needs no ICU:
// - the docs plugin's `getActivePlugin` sorts plugin paths so that the most specific of those
//   matching the address wins ('/docs/api' before '/docs'). Matching ignores case, so two paths that
//   both match an address are, ignoring case, equal or one a prefix of the other: the pairs on which
//   caseFirstOrder agrees with English `localeCompare`.
// - theme-common's `useShallowMemoObject` sorts an object's entries by key so that the same keys give
//   the same list of dependencies; keys are distinct, so any fixed order does.
'use strict';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack loads loaders with Node's require
const path = require('node:path');

/** The sorts replaced, by the module's path within its package. */
const SORTS = {
  'plugin-content-docs/lib/client/docsClientUtils.js': [
    '.sort((a, b) => b[1].path.localeCompare(a[1].path))',
    '.sort((a, b) => __caseFirstOrder(b[1].path, a[1].path))',
  ],
  'theme-common/lib/utils/reactUtils.js': [
    'deps.sort((a, b) => a[0].localeCompare(b[0]));',
    'deps.sort((a, b) => __caseFirstOrder(a[0], b[0]));',
  ],
};

/**
 * @this {{resourcePath: string}}
 * @param {string} source
 */
function caseFirstSortLoader(source) {
  const module = Object.keys(SORTS).find((name) => this.resourcePath.replaceAll('\\', '/').endsWith(name));
  if (!module)
    throw new Error(`plugins/startup-tasks/case-first-sort-loader.cjs: no sort to replace in ${this.resourcePath}`);
  const [original, replacement] = SORTS[module];
  if (source.split(original).length !== 2) {
    throw new Error(
      `plugins/startup-tasks/case-first-sort-loader.cjs: ${module} no longer sorts with \`${original}\`; ` +
        'update SORTS to the new source.',
    );
  }
  const order = JSON.stringify(path.join(__dirname, 'client', 'caseFirstOrder.ts'));
  return `import {caseFirstOrder as __caseFirstOrder} from ${order};\n${source.replace(original, () => replacement)}`;
}

module.exports = caseFirstSortLoader;
module.exports.SORTS = SORTS;
