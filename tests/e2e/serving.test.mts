import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {catalogue, gotoHydrated, suiteBrowser, siteUrl, waitForHydration, withPage} from '../support/site.mts';
import {LOCAL_SANDBOX_PORT} from '../../src/lib/site';

const GUIDE = '/Guides/Origins/Origin Shield';
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const mainBundle = readdirSync(path.join(BUILD_DIR, 'assets/js')).find((name) => /^main\.[0-9a-f]+\.js$/.test(name));

async function head(sitePath: string) {
  return fetch(siteUrl(sitePath), {redirect: 'manual', headers: {'accept-encoding': 'gzip'}});
}

describe('production serving', () => {
  const browser = suiteBrowser();

  test('pages, assets and the 404 page carry the security headers', async () => {
    for (const sitePath of [GUIDE, `/assets/js/${mainBundle}`, '/No such page']) {
      const response = await head(sitePath);
      const h = response.headers;
      const csp = h.get('content-security-policy') ?? '';
      assert.match(csp, /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/, `${sitePath}: ${csp}`);
      assert.doesNotMatch(csp, /unsafe-eval/, `${sitePath}: ${csp}`);
      assert.doesNotMatch(csp, /unsafe-inline'[^;]*;\s*style/, 'no unsafe-inline scripts');
      assert.match(csp, /connect-src 'self' [^;]*https:\/\/api\.tributary\.example/);
      assert.match(csp, new RegExp(`connect-src [^;]*http://127\\.0\\.0\\.1:${LOCAL_SANDBOX_PORT}`));
      assert.match(csp, /frame-ancestors 'none'/);
      assert.match(h.get('strict-transport-security') ?? '', /max-age=\d{7,}/);
      assert.equal(h.get('x-content-type-options'), 'nosniff');
      assert.equal(h.get('referrer-policy'), 'strict-origin-when-cross-origin');
      assert.match(h.get('permissions-policy') ?? '', /camera=\(\)/);
    }
  });

  test('hashed assets are cached for a year, HTML revalidates, and both are gzip-compressed', async () => {
    assert.ok(existsSync(path.join(BUILD_DIR, 'assets/js', `${mainBundle}.gz`)), 'the build ships precompressed files');
    const asset = await head(`/assets/js/${mainBundle}`);
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(asset.headers.get('content-encoding'), 'gzip');
    const page = await head(GUIDE);
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    assert.equal(page.headers.get('content-encoding'), 'gzip');
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  });

  test('downloads answer with their content types', async () => {
    assert.match((await head('/openapi.yaml')).headers.get('content-type') ?? '', /^application\/yaml/);
    assert.match((await head('/openapi.json')).headers.get('content-type') ?? '', /^application\/json/);
    assert.match((await head('/sitemap.xml')).headers.get('content-type') ?? '', /xml/);
  });

  test('the inline-script policy holds: no CSP violation or console error on the main page types', async () => {
    const problems: string[] = [];
    const errors = await withPage(browser, {}, async ({page, errors: pageErrors}) => {
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
      });
      for (const sitePath of [
        '/',
        GUIDE,
        '/category/guides',
        '/api/tributary-api',
        '/api/services-origins-create',
        '/search?q=origin',
      ]) {
        await gotoHydrated(page, sitePath);
      }
      return pageErrors;
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(errors, []);
  });

  test('external links open in a new tab without access to the opener', async () => {
    await withPage(browser, {}, async ({page}) => {
      for (const sitePath of ['/', '/Guides/CDN Providers/Creating Cloudflare Credentials']) {
        await gotoHydrated(page, sitePath);
        const links = await page.locator('a[href^="http"]').evaluateAll((anchors) =>
          anchors
            .filter((a) => new URL((a as HTMLAnchorElement).href).origin !== location.origin)
            .map((a) => ({
              href: a.getAttribute('href'),
              target: a.getAttribute('target'),
              rel: a.getAttribute('rel') ?? '',
            })),
        );
        assert.ok(links.length > 0, `${sitePath} has external links`);
        for (const link of links) {
          assert.equal(link.target, '_blank', link.href ?? '');
          assert.match(link.rel, /noopener/, link.href ?? '');
        }
      }
    });
  });

  test('query strings, hash fragments and search text are never rendered as markup', async () => {
    const payload = '"><img src=x onerror="window.__injected=1"><script>window.__injected=2</script>';
    await withPage(browser, {}, async ({page}) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`${siteUrl('/search')}?q=${encodeURIComponent(payload)}`);
      await waitForHydration(page);
      await page
        .getByText(/result/)
        .first()
        .waitFor();
      assert.equal(await page.locator('#search-page-input').inputValue(), payload);
      await page.goto(`${siteUrl(GUIDE)}?ref=${encodeURIComponent(payload)}#${encodeURIComponent(payload)}`);
      await waitForHydration(page);
      const navbarSearch = page.locator('.navbar input[type="search"], .navbar input').first();
      await navbarSearch.click();
      await navbarSearch.fill(payload);
      // What could render the payload as markup is the search answering it: wait until the live
      // region announces that answer (its results or "No results" are then on screen), then look.
      await page
        .locator('.navbar__inner [role="status"]')
        .filter({hasText: /results?\.|No results/})
        .waitFor();
      assert.equal(await page.evaluate(() => (window as unknown as {__injected?: number}).__injected), undefined);
      assert.equal(await page.locator('img[src="x"]').count(), 0);
      assert.deepEqual(dialogs, []);
    });
  });

  test('with JavaScript disabled every guide page is readable and its links work', async () => {
    await withPage(browser, {javaScriptEnabled: false}, async ({page}) => {
      const failures: string[] = [];
      for (const guide of catalogue.guides) {
        await page.goto(siteUrl(guide.path));
        const h1 = (await page.locator('h1').first().innerText()).trim();
        const text = await page.locator('article').innerText();
        if (h1 !== guide.title || text.length < 1000) failures.push(`${guide.path}: "${h1}", ${text.length} chars`);
      }
      assert.deepEqual(failures, []);
      await page.goto(siteUrl(GUIDE));
      await page.locator('.pagination-nav__link--next').click();
      await page.waitForURL(/Updating%20&%20Deleting%20an%20Origin|Updating%20%26%20Deleting%20an%20Origin/);
      assert.equal((await page.locator('h1').innerText()).trim(), 'Updating & Deleting an Origin');
    });
  });

  test('a JS chunk that fails to load during navigation ends in the page, not a blank screen', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page}) => {
      await gotoHydrated(page, GUIDE);
      const failedOnce = new Set<string>();
      await page.route('**/docs/assets/js/*.js', (route) => {
        const url = route.request().url();
        if (failedOnce.has(url)) return route.continue();
        failedOnce.add(url);
        return route.abort('failed');
      });
      await page.getByRole('link', {name: 'API reference', exact: true}).first().click();
      await page.locator('h1', {hasText: 'Tributary API'}).waitFor({timeout: 20000});
      assert.ok(failedOnce.size > 0, 'a chunk request was made and failed');
      assert.ok((await page.locator('body').innerText()).length > 200);
    });
  });

  test('navigating while offline after the first load shows an error with Retry', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({context, page}) => {
      await gotoHydrated(page, GUIDE);
      // `serviceWorker.ready` resolves once the page's scope has an active worker. The timer is not a
      // sleep but a bound on that wait (30 s, as the polling before it allowed): a worker that never
      // activates fails the assertion below instead of hanging the test.
      const active = await page.evaluate(() =>
        Promise.race([
          navigator.serviceWorker.ready.then((registration) => Boolean(registration.active)),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
        ]),
      );
      assert.ok(active, 'the offline fallback (service worker) is installed after the first load');
      // The page prefetches the code of the links in view, and the light API pages would then render
      // offline; refusing script loads too makes this navigation need the network, as most do.
      const scripts = '**/assets/js/**';
      await context.route(scripts, (route) => route.abort('internetdisconnected'));
      await context.setOffline(true);
      await page.getByRole('link', {name: 'API reference', exact: true}).first().click();
      const retry = page.getByRole('link', {name: 'Retry'});
      await retry.waitFor({timeout: 20000});
      assert.match(await page.locator('h1').innerText(), /offline/i);
      await context.setOffline(false);
      await context.unroute(scripts);
      await retry.click();
      await page.locator('h1', {hasText: 'Tributary API'}).waitFor();
    });
  });

  test('the API explorer keeps the token in memory, or in session storage when asked, never in local storage, and masks it', async () => {
    await withPage(browser, {viewport: {width: 1400, height: 1000}}, async ({page}) => {
      await gotoHydrated(page, '/api/services-list');
      const token = 'secret-token-123456';
      await page.getByRole('button', {name: 'Try it'}).click();
      const input = page.getByLabel('Bearer token');
      await input.fill(token);
      assert.equal(await input.getAttribute('type'), 'password');
      const storage = () =>
        page.evaluate(() => ({local: JSON.stringify({...localStorage}), session: JSON.stringify({...sessionStorage})}));
      const inMemory = await storage();
      assert.ok(
        !inMemory.local.includes(token) && !inMemory.session.includes(token),
        'by default it is in memory only',
      );
      await page.getByLabel(/Keep the token for this tab/).check();
      const kept = await storage();
      assert.ok(!kept.local.includes(token), 'the token is never in localStorage');
      assert.ok(kept.session.includes(token), 'kept for the tab, the token is in sessionStorage');
      const sample = await page.locator('article pre').filter({hasText: 'curl --request GET'}).innerText();
      assert.match(sample, /Bearer \$TRIBUTARY_TOKEN/);
      assert.ok(!(await page.locator('article').innerText()).includes(token), 'no sample or text shows the token');
    });
  });
});
