// The server-rendered page is painted before the app's scripts run (plugins/paint-first), and the
// app still starts: it hydrates, in order, under the site's Content-Security-Policy.
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Browser, Page, Request} from 'playwright-core';
import {gotoHydrated, launchBrowser, newPage, siteUrl, waitForHydration} from '../support/site.mts';
import {COMPILE_HINT} from '../../plugins/compile-hints/index.mts';

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

test("the start script asks for the entry scripts and the route's chunks, main.js last; only the entry scripts ask V8 to compile eagerly", () => {
  const html = readFileSync(path.join(BUILD_DIR, 'Guides/Origins/Origin Shield/index.html'), 'utf8');
  assert.doesNotMatch(html, /<link[^>]+as="?script/, 'no script is preloaded before the first paint');
  const list = html.match(/<script type="?application\/json"?>([^<]*)<\/script>/)?.[1];
  assert.ok(list, "the page lists the app's scripts");
  const started: string[] = JSON.parse(list);
  const names = started.map((href) => href.replace(/^.*\/assets\/js\/([^.]+)\..*$/, '$1'));
  // React DOM and the other libraries are scripts of their own (plugins/startup-tasks), so that
  // each compiles in its own task; main.js starts the app once the route's chunks have run.
  const entries = ['react-dom', 'libraries', 'runtime~main', 'main'];
  assert.deepEqual(names.slice(0, 3), entries.slice(0, 3));
  assert.equal(names.at(-1), 'main');
  assert.ok(started.length > entries.length, "the route's chunks come between (which ones, a browser test checks)");
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
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  /**
   * Opens `sitePath` with the app's main script held back, runs `press` on the painted page, then
   * lets the app start; returns once it has hydrated.
   */
  async function pressBeforeTheAppStarts(
    viewport: {width: number; height: number},
    sitePath: string,
    press: (page: Page) => Promise<void>,
  ) {
    const context = await browser.newContext({viewport});
    const {page, errors} = await newPage(context);
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
    await press(page);
    return {
      page,
      errors,
      context,
      start: async () => {
        release();
        await waitForHydration(page);
      },
    };
  }

  test('on a first load the start script adds every listed script once, main.js last, and the app adds none of them again', async () => {
    const context = await browser.newContext();
    const {page, errors} = await newPage(context);
    // Every script element put in the document, by the start script or by webpack (which takes its
    // own out again once loaded).
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
      const {listed, added} = await page.evaluate(() => ({
        listed: JSON.parse(document.querySelector('script[type="application/json"]')!.textContent!) as string[],
        added: (window as unknown as {addedScripts: string[]}).addedScripts,
      }));
      assert.ok(listed.length > 4, `${sitePath} lists its route's chunks`);
      assert.match(listed.at(-1)!, /\/main\.[0-9a-f]+\.js$/, `${sitePath}: main.js, which starts the app, comes last`);
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
    await context.close();
  });

  test('nothing a page starts with loads ICU collation or date data', async () => {
    const context = await browser.newContext();
    const {page, errors} = await newPage(context);
    // The first of these in a page loads ICU data: 8–26 ms each on this machine.
    await page.addInitScript(`window.icuCalls = [];
      const note = (name) => window.icuCalls.push(name + (document.documentElement.dataset.hasHydrated === 'true' ? ' after' : ' before'));
      const localeCompare = String.prototype.localeCompare;
      String.prototype.localeCompare = function (...args) { note('localeCompare'); return localeCompare.apply(this, args); };
      for (const name of ['Collator', 'DateTimeFormat']) {
        const Real = Intl[name];
        Intl[name] = new Proxy(Real, {construct(target, args) { note(name); return Reflect.construct(target, args); }, apply(target, self, args) { note(name); return Reflect.apply(target, self, args); }});
      }`);
    for (const sitePath of [...PAGES, '/category/origins']) {
      await gotoHydrated(page, sitePath);
      const calls = await page.evaluate(() => (window as unknown as {icuCalls: string[]}).icuCalls);
      assert.deepEqual(
        calls.filter((call) => call.endsWith('before')),
        [],
        sitePath,
      );
      // The check itself works: a call is seen.
      assert.equal(await page.evaluate(() => ['b', 'a'].sort((x, y) => x.localeCompare(y)).join()), 'a,b');
      assert.ok(
        (await page.evaluate(() => (window as unknown as {icuCalls: string[]}).icuCalls)).includes(
          'localeCompare after',
        ),
      );
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  /** The guide on a phone, its menu pressed before the app starts (after `before`, if given). */
  async function pressMenuBeforeTheAppStarts(before?: (page: Page) => Promise<void>) {
    const pressed = await pressBeforeTheAppStarts(
      {width: 412, height: 823},
      '/Guides/Origins/Origin Shield',
      async (page) => {
        await before?.(page);
        await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      },
    );
    return {...pressed, menuButton: pressed.page.getByRole('button', {name: 'Toggle navigation bar'})};
  }

  test('a press on the menu button before the app starts shows the menu open at once, loading, and its drawer once the app has started', async () => {
    const {page, errors, context, start, menuButton} = await pressMenuBeforeTheAppStarts();
    const bodyOverflow = () => page.evaluate(() => document.body.style.overflow);
    // The page dims (the backdrop fades in from the next frame on).
    await page.locator('.navbar-sidebar--show > .navbar-sidebar__backdrop').waitFor({state: 'visible'});
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'true');
    assert.equal(await bodyOverflow(), 'hidden', 'and does not scroll behind the menu');
    // The drawer's place holder slides in and says the menu is loading.
    const placeholder = page.locator('.navbar-sidebar[aria-busy="true"]');
    await placeholder.waitFor({state: 'visible'});
    await loadingStatus(page).waitFor({state: 'visible'});
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await start();
    const drawer = page.locator('.navbar-sidebar');
    await drawer.getByRole('link', {name: 'API reference'}).waitFor();
    await drawer.locator(':focus').waitFor();
    assert.equal(await placeholder.count(), 0, 'the drawer replaced the place holder');
    assert.equal(await bodyOverflow(), 'hidden', 'the app keeps the page from scrolling');
    // The app owns the open menu: Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await page.locator('.navbar-sidebar--show').waitFor({state: 'detached'});
    assert.equal(await menuButton.evaluate((element) => element === document.activeElement), true);
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');
    assert.notEqual(await bodyOverflow(), 'hidden');
    assert.deepEqual(errors, []);
    assert.deepEqual(consoleErrors, []);
    await context.close();
  });

  test('the menu shown open before the app starts closes on a press beside it, and stays closed once the app has started', async () => {
    const {page, errors, context, start, menuButton} = await pressMenuBeforeTheAppStarts(async (page) => {
      // Closed, the drawer's placeholder is hidden from screen readers too (as without JavaScript).
      assert.equal(await loadingStatus(page).count(), 0, 'no loading status while the menu is closed');
    });
    const shownOpen = () => page.locator('.navbar-sidebar--show').count();
    assert.equal(await shownOpen(), 1, 'open before the app starts');
    await page.locator('.navbar-sidebar__backdrop').waitFor({state: 'visible'});
    await page.mouse.click(400, 600); // on the backdrop, right of the drawer's place
    assert.equal(await shownOpen(), 0, 'closed before the app starts');
    assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => document.body.style.overflow), '', 'and the page scrolls again');
    await loadingStatus(page).waitFor({state: 'detached'});
    assert.equal(
      await menuButton.evaluate((element) => element === document.activeElement),
      true,
      'focus is on the button',
    );
    await start();
    await page.waitForTimeout(300);
    assert.equal(await shownOpen(), 0, 'and stays closed once the app has started');
    // The app answers the next press as usual.
    await menuButton.click();
    await page.locator('.navbar-sidebar').getByRole('link', {name: 'API reference'}).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a tab pressed before the app starts is shown at once, and stays the one shown once the app has started', async () => {
    const {page, errors, context, start} = await pressBeforeTheAppStarts(
      {width: 1280, height: 900},
      '/Guides/Origins/Origin Shield',
      (page) => page.getByRole('tab', {name: 'API', exact: true}).first().click(),
    );
    const tabSet = page.locator('.tabs-container').first();
    const [dashboardPanel, apiPanel] = await tabSet.getByRole('tabpanel', {includeHidden: true}).all();
    const shown = async () => ({
      selected: await tabSet.getByRole('tab', {selected: true}).innerText(),
      apiPanel: await apiPanel.isVisible(),
      dashboardPanel: await dashboardPanel.isVisible(),
    });
    assert.equal(
      await page.evaluate(() => document.documentElement.dataset.hasHydrated),
      'false',
      'the app has not started (its main script is held)',
    );
    const before = await shown();
    assert.deepEqual(before, {selected: 'API', apiPanel: true, dashboardPanel: false}, 'shown before the app starts');
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await start();
    await page.waitForTimeout(200);
    assert.deepEqual(await shown(), before, 'and stays chosen once the app has started');
    // The app agrees: it answers the next press as it would any other.
    await tabSet.getByRole('tab', {name: 'Dashboard'}).click();
    await tabSet.getByRole('tab', {name: 'Dashboard', selected: true}).waitFor();
    assert.equal(await apiPanel.isVisible(), false);
    assert.deepEqual(errors, []);
    assert.deepEqual(consoleErrors, [], 'React hydrated the changed tab set without complaint');
    await context.close();
  });

  test('a tab pressed while the app hydrates, where React would drop the press, is shown at once and once it has hydrated', async () => {
    const context = await browser.newContext({viewport: {width: 1280, height: 900}});
    // In the page, from its start: as soon as React's hydration has claimed the article (its element
    // carries React's mark) and the app has not finished, the tab is pressed. React answers no press
    // there: the article's fiber is not mounted yet, and the tab has none. Polled through a message
    // channel, as React's scheduler yields (a string: the test's compiler would add helpers).
    await context.addInitScript({
      content: `{
        const reactHas = (element, prefix) => Object.keys(element).some((key) => key.startsWith(prefix));
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          if (document.documentElement?.dataset.hasHydrated === 'true') return;
          const tab = [...document.querySelectorAll('[role="tab"]')].find((candidate) => candidate.textContent.trim() === 'API');
          const article = tab && tab.closest('.markdown');
          if (article && reactHas(article, '__reactFiber')) {
            window.pressedWhileHydrating = {tabHydrated: reactHas(tab, '__reactFiber')};
            tab.click();
            requestAnimationFrame(() => {
              window.pressedWhileHydrating.shownInTheNextFrame = tab.getAttribute('aria-selected') === 'true';
            });
            return;
          }
          channel.port2.postMessage(null);
        };
        channel.port2.postMessage(null);
      }`,
    });
    const {page, errors} = await newPage(context);
    await gotoHydrated(page, '/Guides/Origins/Origin Shield');
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as {pressedWhileHydrating?: object}).pressedWhileHydrating),
      {tabHydrated: false, shownInTheNextFrame: true},
      'the press fell while the app was hydrating, on a tab React had not hydrated, and showed it at once',
    );
    await page.getByRole('tab', {name: 'API', exact: true, selected: true}).first().waitFor();
    assert.equal(await page.getByRole('tab', {name: 'Dashboard'}).first().getAttribute('aria-selected'), 'false');
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const sitePath of PAGES) {
    test(`${sitePath}: the page has content on screen before the app's code runs, then hydrates`, async () => {
      const context = await browser.newContext();
      // Record when the first app script runs: the first thing it does is read the chunk global.
      // (A string, not a function: the test's compiler would wrap the accessors in a helper the page lacks.)
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
      const {page, errors} = await newPage(context);
      await gotoHydrated(page, sitePath);
      const {appStartedAt, firstContentfulPaint} = await page.evaluate(() => ({
        appStartedAt: (window as unknown as {appStartedAt?: number}).appStartedAt,
        firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      }));
      assert.equal(typeof appStartedAt, 'number', 'the app entry ran');
      assert.equal(typeof firstContentfulPaint, 'number', 'the page was painted');
      assert.ok(
        appStartedAt! >= firstContentfulPaint!,
        `the app started at ${appStartedAt} ms, before the first contentful paint at ${firstContentfulPaint} ms`,
      );
      // Docusaurus's base-URL warning, whose script assumes the app ran before DOMContentLoaded, stays off.
      assert.equal(await page.locator('#__docusaurus-base-url-issue-banner-container').count(), 0);
      // Every script ran, in order: a navbar link now opens the next page in the same document.
      await page.evaluate(() => ((window as unknown as {sameDocument: boolean}).sameDocument = true));
      const navbar = page.getByRole('navigation', {name: 'Main'});
      await navbar.getByRole('link', {name: 'API reference', exact: true}).click();
      await page.getByRole('heading', {level: 1, name: 'Tributary API'}).waitFor();
      assert.equal(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument), true);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
