// The failure screens of SPEC §8, each forced in the browser: the base-URL banner (the build
// served under the wrong base path), the crash page with Try again, a chunk that fails to load
// (404 or 500, at start-up and during navigation) with Retry, and the spinner of slow lazy content.
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdtempSync, watch, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Browser, BrowserContext, BrowserContextOptions, Page, Route} from 'playwright-core';
import {findNginx} from '../../scripts/serve-nginx.mts';
import {BASE_URL, gotoHydrated, launchBrowser, siteUrl, waitForHydration, withPage} from '../support/site.mts';

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build');
const SECURITY_HEADERS = path.resolve('generated/nginx/security-headers.conf');
const GUIDE = '/Guides/Origins/Adding an Origin';
const NEXT_GUIDE_TITLE = 'Origin Advanced Settings';
const LOAD_ERROR = /This page's code failed to load/;

/** A port no server listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number};
      server.close(() => resolve(port));
    });
  });
}

/** nginx serving the build at the server root instead of /docs/, with the site's headers (CSP). */
async function serveAtRoot(): Promise<{url: string; child: ChildProcess}> {
  const runtime = mkdtempSync(path.join(tmpdir(), 'tributary-wrong-base-'));
  const port = await freePort();
  const conf = path.join(runtime, 'nginx.conf');
  writeFileSync(
    conf,
    `pid ${runtime}/nginx.pid; error_log stderr error; daemon off; events {}
     http {
       include /etc/nginx/mime.types; access_log off;
       client_body_temp_path ${runtime}/body; proxy_temp_path ${runtime}/proxy; fastcgi_temp_path ${runtime}/fcgi;
       uwsgi_temp_path ${runtime}/uwsgi; scgi_temp_path ${runtime}/scgi;
       server {
         listen 127.0.0.1:${port}; root ${BUILD_DIR};
         location / { try_files $uri $uri/index.html $uri.html =404; include ${SECURITY_HEADERS}; }
       }
     }`,
  );
  const child = spawn(findNginx(), ['-c', conf, '-e', 'stderr'], {stdio: ['ignore', 'inherit', 'inherit']});
  const url = `http://127.0.0.1:${port}/`;
  try {
    await pidFileWritten(path.join(runtime, 'nginx.pid'), child);
    await fetch(url, {method: 'HEAD'});
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`nginx did not answer on ${url}: ${(error as Error).message}`);
  }
  return {url, child};
}

/**
 * Resolves once nginx has written `pidFile`, which it does after it has opened its listening socket,
 * and rejects if nginx ends first. The timer is not a sleep but a bound on the wait (10 s, as the
 * polling before it allowed), so that an nginx that neither listens nor exits fails the test.
 */
function pidFileWritten(pidFile: string, child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(path.dirname(pidFile));
    const onExit = (code: number | null) => settle(new Error(`nginx exited with code ${code}`));
    const bound = setTimeout(() => settle(new Error(`nginx wrote no ${pidFile} in 10 s`)), 10_000);
    function settle(error?: Error) {
      clearTimeout(bound);
      watcher.close();
      child.off('exit', onExit);
      child.off('error', settle);
      if (error) reject(error);
      else resolve();
    }
    watcher.on('change', () => {
      if (existsSync(pidFile)) settle();
    });
    watcher.on('error', settle);
    child.once('exit', onExit);
    child.once('error', settle);
    // Written, or ended, before the watch began.
    if (existsSync(pidFile)) settle();
    else if (child.exitCode !== null) onExit(child.exitCode);
  });
}

/** The app's own script files are runtime~main, react-dom, libraries and main (plugins/startup); every other script is a chunk. */
const isChunk = (url: string) =>
  /\/assets\/js\/[^/]+\.js$/.test(url) && !/\/(runtime~main|react-dom|libraries|main)\.[^/]+\.js$/.test(url);

describe('failure screens', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  /** A context without the service worker, so that every request goes through the test's routes. */
  const CONTEXT: BrowserContextOptions = {viewport: {width: 1280, height: 900}, serviceWorkers: 'block'};

  test('the build served at / instead of /docs/ shows the base-URL banner with a link to /docs/', async () => {
    const server = await serveAtRoot();
    try {
      await withPage(browser, CONTEXT, async ({page, errors}) => {
        const violations: string[] = [];
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
        });
        await page.goto(server.url);
        const banner = page.getByRole('alert').filter({hasText: 'This page did not load'});
        await banner.waitFor();
        assert.match(await banner.innerText(), /the site is served at \/docs\/, not at \/\. Open \/docs\//);
        const suggestion = banner.getByRole('link', {name: '/docs/'});
        assert.equal(await suggestion.getAttribute('href'), '/docs/');
        // The page's own text is still there under the banner.
        assert.ok((await page.locator('main').innerText()).length > 100);
        assert.deepEqual(violations, [], 'the banner runs under the site’s CSP');
        assert.deepEqual(errors, []);
      });
    } finally {
      server.child.kill('SIGTERM');
    }
  });

  test('served at /docs/, no page shows the base-URL banner', async () => {
    await withPage(browser, CONTEXT, async ({page}) => {
      for (const sitePath of ['/', GUIDE, '/api/services-list', '/this-page-does-not-exist']) {
        await page.goto(siteUrl(sitePath));
        if (!sitePath.includes('does-not-exist')) await waitForHydration(page);
        else await page.locator('h1').waitFor();
        assert.equal(await page.locator('#base-url-issue-banner').count(), 0, sitePath);
        assert.doesNotMatch(await page.locator('body').innerText(), /This page did not load/, sitePath);
      }
    });
  });

  test('a render failure shows “This page crashed.”, and Try again renders the page', async () => {
    await withPage(browser, CONTEXT, async ({page}) => {
      await gotoHydrated(page, GUIDE);
      // The next page's "Last updated" line writes its date's ISO form while rendering: make that throw.
      await page.evaluate(() => {
        const real = Date.prototype.toISOString;
        (window as unknown as {realToISOString: unknown}).realToISOString = real;
        Date.prototype.toISOString = function () {
          throw new Error('forced render failure');
        };
      });
      await page.locator('.pagination-nav__link--next').click();
      const heading = page.getByRole('heading', {name: 'This page crashed.'});
      await heading.waitFor();
      assert.match(await page.locator('main, body').first().innerText(), /forced render failure/);
      const tryAgain = page.getByRole('button', {name: 'Try again'});
      assert.ok(await tryAgain.isVisible());
      await page.evaluate(() => {
        Date.prototype.toISOString = (window as unknown as {realToISOString: () => string}).realToISOString;
      });
      await tryAgain.click();
      await page.locator('h1', {hasText: NEXT_GUIDE_TITLE}).waitFor();
      assert.equal(await heading.count(), 0);
    });
  });

  for (const status of [404, 500]) {
    test(`a page chunk answered ${status} at start-up shows the error text with Retry, and Retry recovers`, async () => {
      await withPage(browser, CONTEXT, async ({context, page}) => {
        const failed: string[] = [];
        const failOneChunk = (route: Route) => {
          if (failed.length > 0 || !isChunk(route.request().url())) return route.continue();
          failed.push(route.request().url());
          return route.fulfill({status, body: 'gone'});
        };
        await context.route('**/assets/js/**', failOneChunk);
        await page.goto(siteUrl(GUIDE));
        const alert = page.getByRole('alert').filter({hasText: LOAD_ERROR});
        await alert.waitFor();
        assert.equal(failed.length, 1, 'exactly one chunk failed');
        // The page lists its route's chunks with the app's scripts, so the start script names the one.
        assert.ok((await alert.innerText()).includes(`Loading ${new URL(failed[0]).pathname} failed.`));
        // Nothing is lost: the page's text is on screen.
        assert.match(await page.locator('h1').innerText(), /Adding an Origin/);
        await context.unroute('**/assets/js/**', failOneChunk);
        await alert.getByRole('button', {name: 'Retry'}).click();
        await waitForHydration(page);
        assert.equal(await page.getByRole('alert').filter({hasText: LOAD_ERROR}).count(), 0);
      });
    });
  }

  test('the app script answered 500 shows the error text with Retry', async () => {
    await withPage(browser, CONTEXT, async ({context, page}) => {
      const failMain = (route: Route) => route.fulfill({status: 500, body: 'error'});
      await context.route(/\/assets\/js\/main\.[^/]+\.js$/, failMain);
      await page.goto(siteUrl(GUIDE));
      const alert = page.getByRole('alert').filter({hasText: LOAD_ERROR});
      await alert.waitFor();
      assert.match(await alert.innerText(), /Loading \/docs\/assets\/js\/main\.\S+\.js failed\./);
      await context.unroute(/\/assets\/js\/main\.[^/]+\.js$/, failMain);
      await alert.getByRole('button', {name: 'Retry'}).click();
      await waitForHydration(page);
    });
  });

  test('a route whose chunk fails during navigation reloads the page', async () => {
    await withPage(browser, CONTEXT, async ({context, page}) => {
      await gotoHydrated(page, GUIDE);
      const failChunks = (route: Route) =>
        isChunk(route.request().url()) ? route.fulfill({status: 404, body: 'gone'}) : route.continue();
      await context.route('**/assets/js/**', failChunks);
      const documentLoads: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentLoads.push(request.url());
      });
      // A page whose code the guide has not loaded (or prefetched) yet.
      await page.getByRole('link', {name: 'API reference', exact: true}).first().click();
      // The reload fetches the page from the server, which shows it; its code still fails, so the
      // reader gets the error text with Retry rather than a page that silently does nothing.
      const alert = page.getByRole('alert').filter({hasText: LOAD_ERROR});
      await alert.waitFor();
      assert.equal(documentLoads.length, 1, 'the page was reloaded');
      assert.match(documentLoads[0], /\/docs\/api\/tributary-api$/);
      await page.locator('h1', {hasText: 'Tributary API'}).waitFor();
      await context.unroute('**/assets/js/**', failChunks);
      await alert.getByRole('button', {name: 'Retry'}).click();
      await waitForHydration(page);
    });
  });

  /** Opens an operation page and its API explorer, with the explorer's chunk routed by `handler`. */
  async function openExplorer(page: Page, context: BrowserContext, handler: (route: Route) => Promise<void>) {
    await context.route(/\/assets\/js\/api-explorer\.[^/]+\.js$/, handler);
    await gotoHydrated(page, '/api/services-list');
    await page.getByRole('button', {name: 'Try it'}).click();
  }

  test('slow lazy content shows the centred loading spinner until it arrives', async () => {
    await withPage(browser, CONTEXT, async ({context, page}) => {
      // The explorer's chunk is held back, as on a slow network, until the spinner has been checked.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await openExplorer(page, context, async (route) => {
        await held;
        await route.continue();
      });
      const status = page.getByRole('status').filter({hasText: 'Loading the API explorer…'});
      await status.waitFor();
      const spinner = status.locator('[aria-hidden="true"]');
      await spinner.waitFor({state: 'visible'});
      const box = await status.boundingBox();
      const spin = await spinner.boundingBox();
      assert.ok(box && spin);
      const centre = (rect: {x: number; width: number}) => rect.x + rect.width / 2;
      assert.ok(Math.abs(centre(box) - centre(spin)) < 2, 'the spinner is centred in the space the content will take');
      assert.notEqual(await spinner.evaluate((element) => getComputedStyle(element).animationName), 'none');
      release();
      await page.getByLabel('Bearer token').waitFor();
      assert.equal(await status.count(), 0, 'the spinner leaves when the content arrives');
    });
  });

  test('lazy content whose chunk fails shows the error text with Retry in its place, and Retry loads it', async () => {
    await withPage(browser, CONTEXT, async ({context, page, errors}) => {
      let failing = true;
      await openExplorer(page, context, (route) =>
        failing ? route.fulfill({status: 404, body: 'gone'}) : route.continue(),
      );
      const alert = page.getByRole('alert').filter({hasText: 'The API explorer failed to load'});
      await alert.waitFor();
      assert.ok(await page.getByRole('heading', {level: 1}).isVisible(), 'the rest of the page stays');
      assert.equal(await page.getByRole('heading', {name: 'This page crashed.'}).count(), 0);
      failing = false;
      await alert.getByRole('button', {name: 'Retry'}).click();
      await page.getByLabel('Bearer token').waitFor();
      assert.equal(await alert.count(), 0);
      assert.deepEqual(errors, []);
    });
  });
});

// The test pages of this file are the site's own: fail early and clearly when it is not served.
assert.ok(BASE_URL.endsWith('/docs/'), `BASE_URL must be the site's /docs/ address, got ${BASE_URL}`);
