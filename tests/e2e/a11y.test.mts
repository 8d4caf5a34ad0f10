// axe-core over every page of the sitemap (plus search and not-found), in light and in dark mode,
// at WCAG 2.2 levels A and AA. One browser, a few pages at a time. Each page is loaded once, in
// light mode (the reader's stored choice), and checked with every rule; then the page is switched
// to dark mode in place and checked with the rules whose outcome depends on colours. The two modes
// share one DOM and differ only in colours (the site's CSS keys every colour on <html data-theme>,
// and no component picks colours in script), so the structural rules would only repeat the light
// run, and a second load and hydration per page would only cost time.
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {AxeBuilder} from '@axe-core/playwright';
import type {Result} from 'axe-core';
import type {Browser, ConsoleMessage, Page} from 'playwright-core';
import {launchBrowser, waitForHtmlAttribute, waitForHydration} from '../support/site.mts';
import {NOT_FOUND_PATH, PagePool, newContextInMode, sitePages, type ColorMode} from '../support/a11y.mts';

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

async function axe(page: Page, mode: ColorMode): Promise<Result[]> {
  // Legacy mode runs axe in the page itself; the default mode opens a blank page per run to merge
  // results across frames, which costs time here and gains nothing: the site has no iframes.
  const builder = new AxeBuilder({page});
  const results = await (mode === 'light' ? builder.withTags(WCAG_TAGS) : builder.withRules(COLOUR_RULES))
    .options({resultTypes: ['violations']}) // passes and incomplete results are not reported: skip collecting them
    .setLegacyMode(true)
    .analyze();
  return results.violations;
}

/** Switches the loaded page to dark mode the way the theme applies it, with its colour transitions ended. */
async function switchToDark(page: Page) {
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const lightBackground = await background();
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await waitForHtmlAttribute(page, 'data-theme', 'dark');
  // Infima animates colour changes (links, buttons, the navbar) and axe must read the final colours:
  // the transitions are finished at once rather than waited for, which a busy machine can stretch.
  // An endless animation (a spinner) has no end to jump to and is left running.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
  assert.notEqual(await background(), lightBackground, 'the page took dark colours');
}

async function check(page: Page, url: string, path: string) {
  // Every page is loaded here anyway: its console and uncaught errors are checked too. The
  // not-found page's own 404 is the one resource error that is expected.
  const failures: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    const text = message.text();
    if (message.type() !== 'error') return;
    if (path === NOT_FOUND_PATH && /Failed to load resource: .*404/.test(text)) return;
    failures.push(`${path}: console error: ${text}`);
  };
  const onPageError = (error: Error) => failures.push(`${path}: uncaught ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  try {
    await checkPage(page, url, path, failures);
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
  if (failures.length) assert.fail(failures.join('\n'));
}

async function checkPage(page: Page, url: string, path: string, failures: string[]) {
  const response = await page.goto(url);
  const expectedStatus = path === NOT_FOUND_PATH ? 404 : 200;
  assert.equal(response?.status(), expectedStatus, `${path} answered ${response?.status()}`);
  await waitForHydration(page);
  // The stored choice, not the default, decides the mode: fail rather than check the wrong one.
  await waitForHtmlAttribute(page, 'data-theme', 'light');
  const light = await axe(page, 'light');
  if (light.length)
    failures.push(`${path} (light mode): ${light.length} axe violation(s)\n${describeViolations(light)}`);
  await switchToDark(page);
  const dark = await axe(page, 'dark');
  if (dark.length) failures.push(`${path} (dark mode): ${dark.length} axe violation(s)\n${describeViolations(dark)}`);
}

describe(
  `axe-core, WCAG 2.2 A and AA, ${pages.length} pages in light mode and their colours in dark mode; no console or page error`,
  {concurrency: CONCURRENCY},
  () => {
    let browser: Browser;
    let pool: PagePool;

    before(async () => {
      browser = await launchBrowser();
      // No bypassCSP: AxeBuilder injects axe-core through the DevTools protocol, which the site's
      // Content-Security-Policy does not govern, so the pages are checked as served.
      pool = new PagePool(await newContextInMode(browser, 'light'));
    });
    after(async () => browser?.close());

    for (const {path, url} of pages) {
      test(`${path} (light, then dark)`, () => pool.use((page) => check(page, url, path)));
    }
  },
);
