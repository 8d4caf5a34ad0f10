// On a page's first load the article keeps its server HTML and only its islands (tab sets, code
// blocks, tables, tools, the API panel) hydrate, each on its own; links of the static HTML still
// open pages inside the app, and after a client-side navigation every island works. The navbar
// and the footer hydrate each on its own (../SeparateHydration.tsx): a press in the navbar right
// after the app starts answers at once. What is hydrated is read from the attributes the layer
// documents (../README.md): `data-island`, `data-hydrated`, `data-islands`.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {BrowserContext, BrowserContextOptions, Page} from 'playwright-core';
import {consoleErrors, gotoHydrated, siteUrl, suiteBrowser, withPage} from '../../../tests/support/site.mts';

const GUIDE = '/Guides/Origins/Origin Shield';
const ARTICLE = '.theme-doc-markdown';

/** Where the first element matching `selector` stands: in the adopted server HTML, or in an island that has hydrated or not yet. */
const standing = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const island = element.closest('[data-island]');
      if (!island) return 'server HTML';
      return island.hasAttribute('data-hydrated') ? 'hydrated island' : 'island';
    });

/** Marks every element of the article, as the server sent it, so a later check can tell them apart from new ones. */
const MARK_SERVER_ARTICLE = `
  document.addEventListener('DOMContentLoaded', () => {
    for (const element of document.querySelectorAll('${ARTICLE} *')) element.fromServer = true;
  });
`;

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

describe('article islands', () => {
  const browser = suiteBrowser();

  /** A page of its own context, with its console errors and uncaught errors (React's hydration errors among them) in `problems`. */
  const withWatchedPage = (
    options: BrowserContextOptions,
    use: (page: Page, problems: string[], context: BrowserContext) => Promise<void>,
  ) =>
    withPage(browser, options, async ({context, page}) => {
      const problems = consoleErrors(page);
      page.on('pageerror', (error) => problems.push(error.message));
      await use(page, problems, context);
    });

  test('every page sends its parts inline: no Suspense boundary is streamed behind a hidden element and a script', () => {
    // React's server renderer moves a large boundary (over about 12 kB) into a hidden element that an
    // inline script swaps in: without JavaScript, and under the site's CSP, its content would stay
    // hidden. So the parts hydrated on their own must stay small (the navbar, the footer).
    const pages = readdirSync(BUILD_DIR, {recursive: true, encoding: 'utf8'}).filter((file) => file.endsWith('.html'));
    assert.ok(pages.length > 300, `the build has its pages (${pages.length})`);
    const outlined = pages.filter((file) =>
      /<!--\$\?-->|<template id="?B:/.test(readFileSync(path.join(BUILD_DIR, file), 'utf8')),
    );
    assert.deepEqual(outlined, []);
  });

  test('on a first load the static article keeps its server elements and React hydrates only the islands', async () => {
    await withWatchedPage({viewport: {width: 1280, height: 900}}, async (page, problems, context) => {
      await context.addInitScript(MARK_SERVER_ARTICLE);
      await gotoHydrated(page, GUIDE);
      const tab = page.getByRole('tab', {name: 'API'}).first();
      await tab.click();
      assert.equal(await tab.getAttribute('aria-selected'), 'true', 'the tab set hydrated and answers');

      const heading = `${ARTICLE} h2`;
      assert.equal(await standing(page, heading), 'server HTML', 'a heading is left to the server HTML');
      assert.equal(await standing(page, `${ARTICLE} p`), 'server HTML', 'a paragraph too');
      assert.equal(await standing(page, `${ARTICLE} [role=tablist]`), 'hydrated island', 'the tab set is hydrated');
      assert.equal(await page.locator(ARTICLE).getAttribute('data-islands'), 'hydrated');
      const kept = await page.evaluate(
        (selector) =>
          Array.from(document.querySelectorAll(selector)).every(
            (element) => (element as Element & {fromServer?: boolean}).fromServer,
          ),
        `${ARTICLE} h2, ${ARTICLE} p, ${ARTICLE} [role=tab]`,
      );
      assert.ok(kept, 'headings, paragraphs and the tabs are the elements the server sent, not rebuilt ones');
      // A code block further down hydrates when idle: its copy button appears.
      await page.locator(`${ARTICLE} .theme-code-block`).last().getByRole('button', {name: /copy/i}).waitFor();
      assert.deepEqual(problems, [], 'no hydration or other error in the console');
    });
  });

  test('a link of the static article opens the page inside the app, whose islands then work; so do those of the page back', async () => {
    await withWatchedPage({viewport: {width: 1280, height: 900}}, async (page, problems) => {
      await gotoHydrated(page, GUIDE);
      await page.evaluate(() => ((window as unknown as {sameDocument: boolean}).sameDocument = true));
      await page.locator(ARTICLE).getByRole('link', {name: 'Adding an Origin'}).first().click();
      await page.getByRole('heading', {level: 1, name: 'Adding an Origin'}).waitFor();
      assert.equal(
        await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument),
        true,
        'the page opened without a reload',
      );
      const tab = page.getByRole('tab', {name: 'API'}).first();
      await tab.click();
      assert.equal(await tab.getAttribute('aria-selected'), 'true');
      assert.equal(
        await page.locator(ARTICLE).getAttribute('data-islands'),
        null,
        'after a navigation the article is rendered by React, not adopted',
      );
      await page.locator(`${ARTICLE} .theme-code-block`).first().getByRole('button', {name: /copy/i}).waitFor();

      await page.goBack();
      await page.getByRole('heading', {level: 1, name: 'Origin Shield'}).waitFor();
      const back = page.getByRole('tab', {name: 'Dashboard'}).first();
      await back.click();
      assert.equal(await back.getAttribute('aria-selected'), 'true');
      assert.deepEqual(problems, []);
    });
  });

  test('an island the reader presses before it has hydrated answers the press', async () => {
    await withWatchedPage({viewport: {width: 1280, height: 900}}, async (page, problems, context) => {
      // A machine too busy to be idle, and islands not yet seen: only the reader's press hydrates them.
      await context.addInitScript(`
        window.requestIdleCallback = () => 0;
        window.IntersectionObserver = class { observe() {} unobserve() {} disconnect() {} };
      `);
      await page.goto(siteUrl(GUIDE));
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      const tablist = `${ARTICLE} [role=tablist]`;
      assert.equal(await standing(page, tablist), 'island', 'the tab set has not hydrated yet');
      const second = page.locator(tablist).first().getByRole('tab').nth(1);
      await second.click();
      await page.locator(`${tablist} [role=tab]:nth-child(2)[aria-selected="true"]`).first().waitFor();
      assert.equal(await standing(page, tablist), 'hydrated island');
      assert.deepEqual(problems, []);
    });
  });

  test('an API operation page leaves its description to the server HTML and hydrates its panel', async () => {
    await withWatchedPage({viewport: {width: 1280, height: 900}}, async (page, problems) => {
      await gotoHydrated(page, '/api/services-origins-create');
      assert.equal(await standing(page, `${ARTICLE} > p`), 'server HTML', 'the description is left to the server HTML');
      const panel = page.locator(`${ARTICLE} aside`).first();
      assert.equal(await standing(page, `${ARTICLE} aside`), 'hydrated island', 'the panel is hydrated');
      assert.ok(await panel.isVisible());
      assert.deepEqual(problems, []);
    });
  });

  /** A tab whose CPU is 6× slower, so the reader's first press comes while the page is still starting. */
  const withSlowTab = (options: BrowserContextOptions, use: (page: Page, problems: string[]) => Promise<void>) =>
    withWatchedPage(options, async (page, problems, context) => {
      const session = await context.newCDPSession(page);
      await session.send('Emulation.setCPUThrottlingRate', {rate: 6});
      await use(page, problems);
    });

  for (const moment of ['the first paint', 'the app has started'] as const) {
    test(`on a slow phone, the menu pressed as soon as ${moment} opens at once, and the drawer takes the focus and closes on Escape`, async () => {
      await withSlowTab(
        {viewport: {width: 412, height: 823}, isMobile: true, hasTouch: true},
        async (page, problems) => {
          await page.goto(siteUrl(GUIDE), {waitUntil: 'commit'});
          if (moment === 'the first paint') {
            // The start script answers while the navbar has not hydrated, then hands the menu to React.
            await page.waitForFunction(
              () => performance.getEntriesByName('first-contentful-paint').length > 0,
              undefined,
              {polling: 20},
            );
          } else {
            await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
          }
          const menuButton = page.locator('button.navbar__toggle');
          await menuButton.click();
          assert.equal(await page.locator('.navbar-sidebar--show').count(), 1, 'the menu answered the press');
          // Whoever answered, the menu stays open in every frame until the app's drawer has taken the
          // focus (the start script hands the menu to React without a flicker). A string: tsx would
          // wrap a named function of the test in a helper the page does not have.
          await page.evaluate(`
          window.framesClosed = 0;
          requestAnimationFrame(function check() {
            if (!document.querySelector('.navbar-sidebar--show')) window.framesClosed += 1;
            if (!document.activeElement.closest('.navbar-sidebar')) requestAnimationFrame(check);
          });
        `);
          const drawer = page.locator('.navbar-sidebar');
          await drawer.getByRole('link', {name: 'Origin Shield'}).first().waitFor();
          await drawer.locator(':focus').waitFor();
          assert.equal(await page.evaluate(() => (window as unknown as {framesClosed: number}).framesClosed), 0);
          await page.keyboard.press('Escape');
          await page.locator('.navbar-sidebar--show').waitFor({state: 'detached'});
          assert.equal(await menuButton.evaluate((element) => element === document.activeElement), true);
          assert.deepEqual(problems, []);
        },
      );
    });
  }

  test('on a slow machine, Ctrl+K pressed as soon as the app has started reaches the search box, and typing finds pages', async () => {
    await withSlowTab({viewport: {width: 1280, height: 900}}, async (page, problems) => {
      await page.goto(siteUrl(GUIDE), {waitUntil: 'commit'});
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      const box = page.locator('.navbar [role="combobox"]');
      await page.keyboard.press('Control+k');
      assert.equal(await box.evaluate((element) => element === document.activeElement), true, 'the box has the focus');
      await page.keyboard.type('origin shield');
      await page.locator('.navbar [role="option"]', {hasText: 'Origin Shield'}).first().waitFor();
      assert.deepEqual(problems, []);
    });
  });
});
