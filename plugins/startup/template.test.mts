// The page template and the inline start script as the build makes them. What the script does in a
// page is tested in a real browser against the built site (./e2e/paint-first.test.mts).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {gzipSync} from 'node:zlib';
import {buildStartScript, docusaurusTemplate, paintFirstTemplate} from './template.mts';

/** Inline start-up JS on every page, gzip: stock Docusaurus ships about 0.8 kB of it. */
const START_SCRIPT_GZIP_BUDGET = 1500;
const startScript = buildStartScript();

test(`the inline start script is at most ${START_SCRIPT_GZIP_BUDGET} B gzip`, () => {
  const size = gzipSync(startScript, {level: 9}).length;
  assert.ok(size <= START_SCRIPT_GZIP_BUDGET, `${size} B gzip`);
});

test('the inline start script is a bundle that cannot close its element or reach a module at run time', () => {
  assert.doesNotMatch(startScript, /<\/script/i);
  assert.doesNotMatch(startScript, /\b(require|import)\s*\(/);
  assert.match(startScript, /^\(\(\)=>\{[\s\S]*\}\)\(\);$/, 'one function expression, called at once');
});

test("the template lists the page's scripts in a data block in place of Docusaurus's deferred scripts", () => {
  const template = paintFirstTemplate(docusaurusTemplate());
  assert.doesNotMatch(template, /<script src="<%= it\.baseUrl %><%= script %>" defer>/);
  const data = template.indexOf('<script type="application/json" id="startup-scripts">');
  assert.ok(
    data > 0 && data < template.indexOf('</head>'),
    'in the head, before the start script at the end of the body',
  );
  // Serialised so that a `<` in a script name cannot close the element.
  assert.ok(template.includes(".replace(/</g, '\\\\u003c')"));
});

test('a Docusaurus template without the expected script loop is a build error that says what to update', () => {
  assert.throws(
    () => paintFirstTemplate('<html><head></head><body></body></html>'),
    /DEFER_SCRIPTS in plugins\/startup\/template\.mts/,
  );
});
