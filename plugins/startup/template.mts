// The page template (Docusaurus's, its `<script defer>` loop replaced by a data block listing the
// page's scripts) and the inline start script that adds them (./start/start.ts, bundled here; the
// plugin puts it in the body, since the template also goes into every page's main.js).
import {buildSync} from 'esbuild';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ssgTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html.js';

const START_SCRIPT_SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'start', 'start.ts');

const DEFER_SCRIPTS =
  /\n\s*<% it\.scripts\.forEach\(\(script\) => \{ %>\s*<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>\s*<% \}\); %>/;

/** The inline start script: one bundle, the same on every page, so one CSP hash allows it. */
export function buildStartScript(): string {
  const {outputFiles} = buildSync({
    entryPoints: [START_SCRIPT_SOURCE],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    tsconfigRaw: {compilerOptions: {alwaysStrict: false}},
    legalComments: 'none',
  });
  return outputFiles[0].text.trim();
}

/**
 * The page's scripts in the order the start script adds them: Docusaurus lists the app's entry
 * scripts, then the chunks of the page's route; main.js, which starts the app, goes last, so that
 * the chunks have run (they only register their modules) by the time it asks for them.
 */
const ORDERED_SCRIPTS = `((scripts) => scripts.filter((script) => !/(^|\\/)main\\.[^/]*\\.js$/.test(script)).concat(scripts.filter((script) => /(^|\\/)main\\.[^/]*\\.js$/.test(script))))(it.scripts.map((script) => it.baseUrl + script))`;

/** The data block, per page, serialized so that no `<` can close it; where the deferred scripts were. */
const DATA_BLOCK = `
    <script type="application/json" id="startup-scripts"><%~ JSON.stringify({scripts: ${ORDERED_SCRIPTS}, baseUrl: it.baseUrl}).replace(/</g, '\\\\u003c') %></script>`;

/** Docusaurus's `template` with the data block in place of its deferred scripts. */
export function paintFirstTemplate(template: string): string {
  if (!DEFER_SCRIPTS.test(template)) {
    throw new Error(
      'plugins/startup: the Docusaurus page template no longer has the expected `<script … defer>` loop; ' +
        'update DEFER_SCRIPTS in plugins/startup/template.mts to the new template.',
    );
  }
  // A function, so that a `$` in the block is not read as a replacement pattern.
  return template.replace(DEFER_SCRIPTS, () => DATA_BLOCK);
}

/** Docusaurus's own page template (imported from ESM, the CommonJS export arrives in `default`). */
export function docusaurusTemplate(): string {
  const template = ssgTemplate as string | {default: string};
  return typeof template === 'string' ? template : template.default;
}
