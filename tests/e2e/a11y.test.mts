// axe-core over every page of the sitemap (plus search and not-found), in light and in dark mode,
// at WCAG 2.2 levels A and AA. One browser, one context per mode, a few pages at a time. Light mode
// runs every rule; dark mode runs the rules whose outcome depends on colours, since the two modes
// share one DOM and differ only in colours: the structural rules would only repeat the light run.
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {AxeBuilder} from '@axe-core/playwright';
import type {Result} from 'axe-core';
import type {Browser, Page} from 'playwright-core';
import {launchBrowser, waitForHtmlAttribute, waitForHydration} from '../support/site.mjs';
import {COLOR_MODES, NOT_FOUND_PATH, PagePool, newContextInMode, sitePages, type ColorMode} from '../support/a11y.mjs';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** The A/AA rules of axe-core 4.x whose result depends on colours: text contrast, and links told apart by colour alone. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** Pages checked at once: enough to keep two cores busy while one page waits on the network. */
const CONCURRENCY = 4;
const pages = await sitePages();

/** One line per rule and up to five offending elements, each with axe's own fix summary. */
function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.slice(0, 5).map((node) => {
        const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
        return `    ${node.target.join(' ')}\n      ${summary}`;
      });
      const more = violation.nodes.length > 5 ? [`    … and ${violation.nodes.length - 5} more`] : [];
      return [
        `  [${violation.id}] ${violation.help} (${violation.nodes.length}×, ${violation.helpUrl})`,
        ...nodes,
        ...more,
      ].join('\n');
    })
    .join('\n');
}

async function check(page: Page, url: string, path: string, mode: ColorMode) {
  const response = await page.goto(url);
  const expectedStatus = path === NOT_FOUND_PATH ? 404 : 200;
  assert.equal(response?.status(), expectedStatus, `${path} answered ${response?.status()}`);
  await waitForHydration(page);
  // The stored choice, not the default, decides the mode: fail rather than check the wrong one.
  await waitForHtmlAttribute(page, 'data-theme', mode);
  // Legacy mode runs axe in the page itself; the default mode opens a blank page per run to merge
  // results across frames, which costs time here and gains nothing: the site has no iframes.
  const builder = new AxeBuilder({page});
  const results = await (mode === 'light' ? builder.withTags(WCAG_TAGS) : builder.withRules(COLOUR_RULES))
    .options({resultTypes: ['violations']}) // passes and incomplete results are not reported: skip collecting them
    .setLegacyMode(true)
    .analyze();
  if (results.violations.length > 0) {
    assert.fail(
      `${path} (${mode} mode): ${results.violations.length} axe violation(s)\n${describeViolations(results.violations)}`,
    );
  }
}

describe(
  `axe-core, WCAG 2.2 A and AA, ${pages.length} pages in light mode and their colours in dark mode`,
  {concurrency: CONCURRENCY},
  () => {
    let browser: Browser;
    const pools = new Map<ColorMode, PagePool>();

    before(async () => {
      browser = await launchBrowser();
      for (const mode of COLOR_MODES) {
        // No bypassCSP: AxeBuilder injects axe-core through the DevTools protocol, which the site's
        // Content-Security-Policy does not govern, so the pages are checked as served.
        pools.set(mode, new PagePool(await newContextInMode(browser, mode)));
      }
    });
    after(async () => browser?.close());

    for (const {path, url} of pages) {
      for (const mode of COLOR_MODES) {
        test(`${path} (${mode})`, () => pools.get(mode)!.use((page) => check(page, url, path, mode)));
      }
    }
  },
);
