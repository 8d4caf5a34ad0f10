// The server-rendered page is painted before the app's scripts run (the start script of
// plugins/startup), and the app still starts: it hydrates, in order, under the site's CSP; a press
// made before the app can answer it is answered by the start script and handed to React.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page, Request} from 'playwright-core';
import {
  consoleErrors,
  gotoHydrated,
  siteUrl,
  suiteBrowser,
  waitForHydration,
  withPage,
} from '../../../tests/support/site.mts';
import {COMPILE_HINT} from '../index.mts';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const SCRIPTS_DIR = path.join(BUILD_DIR, 'assets', 'js');
const PAGES = ['/', '/Guides/Origins/Origin Shield', '/api/services-list'];

/** The global through which the app's scripts share modules; the first app script creates it. */
function chunkGlobal(): string {
  const runtime = readdirSync(SCRIPTS_DIR).find((name) => name.startsWith('runtime~main.'));
  assert.ok(runtime, 'the build has a runtime~main script');
  const name = readFileSync(path.join(SCRIPTS_DIR, runtime), 'utf8').match(/webpackChunk[\w$]+/)?.[0];
  assert.ok(name, 'the runtime names its chunk global');
  return name;
}

/** The scripts a built page lists for its start script. */
function listedScripts(html: string): string[] {
  const list = html.match(/<script type="?application\/json"? id="?startup-scripts"?>([^<]*)<\/script>/)?.[1];
  assert.ok(list, "the page lists the app's scripts");
  return (JSON.parse(list) as {scripts: string[]}).scripts;
}

test("the start script asks for the entry scripts and the route's chunks, main.js last; only the entry scripts ask V8 to compile eagerly", () => {
  const html = readFileSync(path.join(BUILD_DIR, 'Guides/Origins/Origin Shield/index.html'), 'utf8');
  assert.doesNotMatch(html, /<link[^>]+as="?script/, 'no script is preloaded before the first paint');
  assert.doesNotMatch(html, /<script[^>]+src=/, 'no script runs before the start script asks for it');
  const started = listedScripts(html);
  const names = started.map((href) => href.replace(/^.*\/assets\/js\/([^.]+)\..*$/, '$1'));
  // React DOM and the other libraries are scripts of their own, each compiled in its own task.
  const entries = ['react-dom', 'libraries', 'runtime~main', 'main'];
  assert.deepEqual(names.slice(0, 3), entries.slice(0, 3));
  assert.equal(names.at(-1), 'main');
  assert.ok(started.length > entries.length, "the route's chunks come between");
  for (const href of started)
    assert.ok(existsSync(path.join(BUILD_DIR, href.replace(/^\/docs\//, ''))), `${href} exists`);
  const hinted = readdirSync(SCRIPTS_DIR)
    .filter((name) => name.endsWith('.js'))
    .filter((name) => readFileSync(path.join(SCRIPTS_DIR, name), 'utf8').startsWith(`${COMPILE_HINT}\n`));
  assert.deepEqual(
    hinted.sort(),
    started
      .filter((href) => entries.some((entry) => path.basename(href).startsWith(`${entry}.`)))
      .map((href) => path.basename(href))
      .sort(),
  );
});

/** The phone menu's loading status, as screen readers find it (hidden elements left out). */
const loadingStatus = (page: Page) => page.getByRole('status').filter({hasText: 'Loading the menu…'});

describe('paint before the app starts', () => {
  const browser = suiteBrowser();

  /**
   * Opens `sitePath` with the app's main script held back, runs `press` on the painted page, and
   * returns `start`, which lets the app start and waits until it has hydrated.
   */
  async function holdTheApp(page: Page, sitePath: string) {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      void page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
        resolve();
        await new Promise<void>((resume) => (release = resume));
        await route.continue();
      });
    });
    await page.goto(siteUrl(sitePath), {waitUntil: 'domcontentloaded'});
    await held; // the page is painted and the start script has asked for the app
    return async () => {
      release();
      await waitForHydration(page);
    };
  }

  test('on a first load the start script adds every listed script once, main.js last, and the app adds none of them again', async () => {
    await withPage(browser, {}, async ({page, errors}) => {
      // Every script element put in the document, by the start script or by the bundler's runtime.
      await page.addInitScript(`window.addedScripts = [];
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes) if (node.nodeName === 'SCRIPT' && node.src) window.addedScripts.push(new URL(node.src).pathname);
        }).observe(document, {childList: true, subtree: true});`);
      for (const sitePath of PAGES) {
        const requested: string[] = [];
        const onRequest = (request: Request) => {
          if (request.url().includes('/assets/js/')) requested.push(new URL(request.url()).pathname);
        };
        page.on('request', onRequest);
        await gotoHydrated(page, sitePath);
        page.off('request', onRequest);
        const listed = listedScripts(await page.content());
        const added = await page.evaluate(() => (window as unknown as {addedScripts: string[]}).addedScripts);
        assert.deepEqual(
          added.filter((src) => listed.includes(src)),
          listed,
          `${sitePath}: each added once, in order`,
        );
        assert.deepEqual(
          requested.filter((src) => listed.includes(src)).sort(),
          [...listed].sort(),
          `${sitePath}: each fetched once`,
        );
      }
      assert.deepEqual(errors, []);
    });
  });

  const phone = {viewport: {width: 412, height: 823}};
  const guide = '/Guides/Origins/Origin Shield';
  const menuButton = (page: Page) => page.getByRole('button', {name: 'Toggle navigation bar'});

  test('a press on the menu button before the app starts shows the menu open at once, loading, and its drawer once the app has started', async () => {
    await withPage(browser, phone, async ({page, errors}) => {
      const start = await holdTheApp(page, guide);
      await menuButton(page).click();
      const bodyOverflow = () => page.evaluate(() => document.body.style.overflow);
      await page.locator('.navbar-sidebar--show > .navbar-sidebar__backdrop').waitFor({state: 'visible'});
      assert.equal(await menuButton(page).getAttribute('aria-expanded'), 'true');
      assert.equal(await bodyOverflow(), 'hidden', 'and does not scroll behind the menu');
      // The drawer's place holder slides in and says the menu is loading.
      const placeholder = page.locator('.navbar-sidebar[aria-busy="true"]');
      await placeholder.waitFor({state: 'visible'});
      await loadingStatus(page).waitFor({state: 'visible'});
      const logged = consoleErrors(page);
      await start();
      const drawer = page.locator('.navbar-sidebar');
      await drawer.getByRole('link', {name: 'API reference'}).waitFor();
      await drawer.locator(':focus').waitFor();
      assert.equal(await placeholder.count(), 0, 'the drawer replaced the place holder');
      assert.equal(await bodyOverflow(), 'hidden', 'the app keeps the page from scrolling');
      // The app owns the open menu: Escape closes it and gives the focus back to the button.
      await page.keyboard.press('Escape');
      await page.locator('.navbar-sidebar--show').waitFor({state: 'detached'});
      assert.equal(await menuButton(page).evaluate((element) => element === document.activeElement), true);
      assert.equal(await menuButton(page).getAttribute('aria-expanded'), 'false');
      assert.notEqual(await bodyOverflow(), 'hidden');
      assert.deepEqual(errors, []);
      assert.deepEqual(logged, []);
    });
  });

  test('the menu shown open before the app starts closes on a press beside it, and stays closed once the app has started', async () => {
    await withPage(browser, phone, async ({page, errors}) => {
      const start = await holdTheApp(page, guide);
      // Closed, the drawer's placeholder is hidden from screen readers too (as without JavaScript).
      assert.equal(await loadingStatus(page).count(), 0, 'no loading status while the menu is closed');
      await menuButton(page).click();
      const shownOpen = page.locator('.navbar-sidebar--show');
      await page.locator('.navbar-sidebar__backdrop').waitFor({state: 'visible'});
      await page.mouse.click(400, 600); // on the backdrop, right of the drawer's place
      assert.equal(await shownOpen.count(), 0, 'closed before the app starts');
      assert.equal(await menuButton(page).getAttribute('aria-expanded'), 'false');
      assert.equal(await page.evaluate(() => document.body.style.overflow), '', 'and the page scrolls again');
      await loadingStatus(page).waitFor({state: 'detached'});
      assert.equal(await menuButton(page).evaluate((element) => element === document.activeElement), true);
      await start();
      assert.equal(await shownOpen.count(), 0, 'and stays closed once the navbar has hydrated');
      // The app answers the next press as usual.
      await menuButton(page).click();
      await page.locator('.navbar-sidebar').getByRole('link', {name: 'API reference'}).waitFor();
      assert.deepEqual(errors, []);
    });
  });

  /** The guide's first tab set: the chosen tab's name, and which of its two panels show. */
  const tabSetState = async (page: Page) => {
    const tabSet = page.locator('.tabs-container').first();
    const [dashboardPanel, apiPanel] = await tabSet.getByRole('tabpanel', {includeHidden: true}).all();
    return {
      selected: await tabSet.getByRole('tab', {selected: true}).innerText(),
      apiPanel: await apiPanel.isVisible(),
      dashboardPanel: await dashboardPanel.isVisible(),
    };
  };

  test('a tab pressed before the app starts is shown at once, and stays the one shown once the app has started', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page, errors}) => {
      const start = await holdTheApp(page, guide);
      await page.getByRole('tab', {name: 'API', exact: true}).first().click();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.hasHydrated), 'false', 'the app is held');
      const chosen = {selected: 'API', apiPanel: true, dashboardPanel: false};
      assert.deepEqual(await tabSetState(page), chosen, 'shown before the app starts');
      const logged = consoleErrors(page);
      await start(); // the tab's island included
      assert.deepEqual(await tabSetState(page), chosen, 'and stays chosen once its island has hydrated');
      // React agrees: it answers the next press as it would any other.
      const tabSet = page.locator('.tabs-container').first();
      await tabSet.getByRole('tab', {name: 'Dashboard'}).click();
      await tabSet.getByRole('tab', {name: 'Dashboard', selected: true}).waitFor();
      assert.deepEqual(errors, []);
      assert.deepEqual(logged, [], 'React hydrated the changed tab set without complaint');
    });
  });

  test('a tab pressed while the app hydrates, before its island has, is shown at once and stays chosen', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page, errors}) => {
      // In the page: once main.js has run (React hydrates from then on) and before the app has
      // hydrated, the tab is pressed at the first turn of the event loop. A string: the test's
      // compiler would add helpers the page lacks.
      await page.addInitScript({
        content: `{
          new MutationObserver((records, observer) => {
            const main = [...document.scripts].find((script) => /\\/main\\.[0-9a-f]+\\.js$/.test(script.src));
            if (!main) return;
            observer.disconnect();
            main.addEventListener('load', () => {
              const tab = [...document.querySelectorAll('[role="tab"]')].find((candidate) => candidate.textContent.trim() === 'API');
              if (document.documentElement.dataset.hasHydrated === 'true') return;
              window.pressedWhileHydrating = {islandHydrated: tab.closest('[data-hydrated]') !== null};
              tab.click();
              requestAnimationFrame(() => {
                window.pressedWhileHydrating.shownInTheNextFrame = tab.getAttribute('aria-selected') === 'true';
              });
            });
          }).observe(document, {childList: true, subtree: true});
        }`,
      });
      await gotoHydrated(page, guide);
      assert.deepEqual(
        await page.evaluate(() => (window as unknown as {pressedWhileHydrating?: object}).pressedWhileHydrating),
        {islandHydrated: false, shownInTheNextFrame: true},
        'the press fell while the app was hydrating, on a tab whose island had not, and showed it at once',
      );
      assert.deepEqual(await tabSetState(page), {selected: 'API', apiPanel: true, dashboardPanel: false});
      assert.deepEqual(errors, []);
    });
  });

  for (const sitePath of PAGES) {
    test(`${sitePath}: the page has content on screen before the app's code runs, then hydrates`, async () => {
      await withPage(browser, {}, async ({context, page, errors}) => {
        // When the first app script runs: the first thing it does is read the chunk global.
        await context.addInitScript({
          content: `{
            let value;
            const started = () => (window.appStartedAt ??= performance.now());
            Object.defineProperty(window, ${JSON.stringify(chunkGlobal())}, {
              configurable: true,
              get: () => (started(), value),
              set: (next) => (started(), (value = next)),
            });
          }`,
        });
        await gotoHydrated(page, sitePath);
        const {appStartedAt, firstContentfulPaint} = await page.evaluate(() => ({
          appStartedAt: (window as unknown as {appStartedAt?: number}).appStartedAt,
          firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        }));
        assert.equal(typeof appStartedAt, 'number', 'the app entry ran');
        assert.equal(typeof firstContentfulPaint, 'number', 'the page was painted');
        assert.ok(
          appStartedAt! >= firstContentfulPaint!,
          `app at ${appStartedAt} ms, paint at ${firstContentfulPaint} ms`,
        );
        // Docusaurus's base-URL warning, whose script assumes the app ran before DOMContentLoaded, stays off.
        assert.equal(await page.locator('#__docusaurus-base-url-issue-banner-container').count(), 0);
        // Every script ran, in order: a navbar link now opens the next page in the same document.
        await page.evaluate(() => ((window as unknown as {sameDocument: boolean}).sameDocument = true));
        await page
          .getByRole('navigation', {name: 'Main'})
          .getByRole('link', {name: 'API reference', exact: true})
          .click();
        await page.getByRole('heading', {level: 1, name: 'Tributary API'}).waitFor();
        assert.equal(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument), true);
        assert.deepEqual(errors, []);
      });
    });
  }
});
