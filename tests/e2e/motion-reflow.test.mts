// prefers-reduced-motion turns off smooth scrolling, transitions and animations; at 400 % zoom
// (a 320 CSS px wide viewport) prose reflows without sideways scrolling of the page.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, suiteBrowser, withPage} from '../support/site.mts';
import {NOT_FOUND_PATH} from '../support/a11y.mts';

const GUIDE = '/Guides/Origins/Origin Shield';

/** The longest transition and animation duration (seconds) of any element and pseudo-element. */
async function longestMotion(page: Page): Promise<{seconds: number; where: string}> {
  // No named helper functions inside: tsx would wrap them in a `__name` call the page does not know.
  return page.evaluate(() => {
    let longest = {seconds: 0, where: ''};
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        const value = Math.max(
          ...`${style.transitionDuration},${style.animationDuration}`
            .split(',')
            .map((part) => (part.trim().endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part))),
        );
        if (value > longest.seconds) {
          longest = {
            seconds: value,
            where: `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}${pseudo ?? ''}`,
          };
        }
      }
    }
    return longest;
  });
}

/** Opens the drawer and the sidebar category so that their transitions are part of the check. */
async function exerciseMotion(page: Page) {
  await page
    .locator('aside.theme-doc-sidebar-container')
    .getByRole('button', {name: /sidebar category/})
    .first()
    .click();
  await page.getByRole('button', {name: /switch between dark and light mode/i}).click();
}

describe('reduced motion', () => {
  const browser = suiteBrowser();

  test('with prefers-reduced-motion: reduce there is no smooth scrolling and no transition or animation', async () => {
    await withPage(browser, {reducedMotion: 'reduce', viewport: {width: 1280, height: 900}}, async ({page}) => {
      await gotoHydrated(page, GUIDE);
      await exerciseMotion(page);
      const smooth = await page.evaluate(() =>
        Array.from(document.querySelectorAll('html, body *'))
          .filter((el) => getComputedStyle(el).scrollBehavior !== 'auto')
          .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`),
      );
      assert.deepEqual(smooth, [], 'elements that still scroll smoothly');
      // 0.01 ms, not 0: Docusaurus's collapsible categories need a transitionend event (see custom.css).
      const motion = await longestMotion(page);
      assert.ok(motion.seconds <= 0.00001, `${motion.where} moves for ${motion.seconds}s`);

      await page.setViewportSize({width: 800, height: 900});
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      await page.locator('.navbar-sidebar').waitFor({state: 'visible'});
      const drawerMotion = await longestMotion(page);
      assert.ok(drawerMotion.seconds <= 0.00001, `${drawerMotion.where} moves for ${drawerMotion.seconds}s`);
    });
  });

  test('without the preference the site animates (what the check above turns off)', async () => {
    await withPage(browser, {reducedMotion: 'no-preference', viewport: {width: 1280, height: 900}}, async ({page}) => {
      await gotoHydrated(page, GUIDE);
      await exerciseMotion(page);
      assert.ok((await longestMotion(page)).seconds >= 0.1);
    });
  });
});

/** Pages of every kind: home, a long guide with tables and code, a category, an API page, search, 404. */
const REFLOW_PAGES = [
  '/',
  '/Guides/Streaming Logs/Unified Access Log Format',
  '/Guides/Services/Creating a Service',
  '/category/guides',
  '/api/services-origins-create',
  '/search',
  NOT_FOUND_PATH,
];

describe('400 % zoom: 320 CSS px wide', () => {
  const browser = suiteBrowser();

  for (const sitePath of REFLOW_PAGES) {
    test(`${sitePath} reflows; what scrolls sideways does so in its own focusable, named container`, async () => {
      await withPage(browser, {viewport: {width: 320, height: 640}}, async ({page}) => {
        await gotoHydrated(page, sitePath);
        const result = await page.evaluate(() => {
          const viewport = document.documentElement.clientWidth;
          const scrollers = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter((el) => {
            const {overflowX} = getComputedStyle(el);
            return (overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
          });
          const unreachable = scrollers
            .filter((el) => {
              if (el.closest('[inert], [aria-hidden="true"]') || el.getClientRects().length === 0) return false;
              const focusable =
                el.tabIndex >= 0 || el.querySelector('a[href], button, input, select, textarea, [tabindex]');
              // Code blocks are focusable <pre>, read as their code; other scrollers are named regions.
              const named =
                el.tagName === 'PRE' ||
                (el.getAttribute('role') === 'region' &&
                  (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')));
              return !focusable || !named;
            })
            .map(
              (el) =>
                `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} (role ${el.getAttribute('role')}, tabindex ${el.getAttribute('tabindex')})`,
            );
          return {viewport, pageWidth: document.documentElement.scrollWidth, unreachable};
        });
        assert.ok(
          result.pageWidth <= result.viewport,
          `the page is ${result.pageWidth}px wide in a ${result.viewport}px viewport: prose scrolls sideways`,
        );
        assert.deepEqual(
          result.unreachable,
          [],
          'sideways-scrolling containers a keyboard cannot reach or that have no name',
        );
      });
    });
  }
});
