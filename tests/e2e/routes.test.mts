import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {BASE_URL, catalogue, h1Of, suiteBrowser, siteUrl, withPage} from '../support/site.mts';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

const guideAndTopRoutes = [
  ...catalogue.topLevel,
  ...catalogue.guides.map((guide) => guide.path),
  ...catalogue.categories.map((name) => `/category/${name}`),
];

describe('catalogue routes', () => {
  const browser = suiteBrowser();

  // Console and page errors after hydration are checked on every page by the accessibility sweep
  // (a11y.test.mts), which loads each one in Chromium anyway.
  test('every top-level, guide and category route answers 200 with one non-empty h1', async () => {
    const failures: string[] = [];
    for (const route of guideAndTopRoutes) {
      const response = await fetch(siteUrl(route));
      const html = await response.text();
      const count = html.match(/<h1[\s>]/g)?.length ?? 0;
      const text = h1Of(html);
      if (response.status !== 200 || count !== 1 || !text) {
        failures.push(`${route}: status ${response.status}, ${count} h1 "${text}"`);
      }
    }
    assert.deepEqual(failures, []);
  });

  test('guide pages show their catalogue title as h1', async () => {
    await withPage(browser, {}, async ({page}) => {
      for (const guide of catalogue.guides.slice(0, 12)) {
        await page.goto(siteUrl(guide.path));
        assert.equal((await page.locator('h1').innerText()).trim(), guide.title, guide.path);
      }
    });
  });

  test('the sitemap lists every catalogue route with a date-time lastmod and leaves out search and letters', async () => {
    const xml = await (await fetch(siteUrl('/sitemap.xml'))).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      decodeURI(new URL(m[1].replaceAll('&amp;', '&')).pathname),
    );
    const base = new URL(BASE_URL).pathname.replace(/\/$/, '');
    for (const route of guideAndTopRoutes.filter((r) => r !== '/search')) {
      const expected = route === '/' ? `${base}/` : `${base}${route}`;
      assert.ok(locs.includes(expected), `sitemap misses ${expected}`);
    }
    assert.ok(!locs.some((loc) => loc.endsWith('/search') || loc.endsWith('/letters')), 'search or letters listed');
    const lastmods = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
    assert.ok(lastmods.length > 0, 'no lastmod');
    for (const value of lastmods) assert.match(value, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
  });

  test('an unknown path shows the not-found page with HTTP 404, the closest pages and a search link', async () => {
    await withPage(browser, {}, async ({page}) => {
      const response = await page.goto(siteUrl('/Guides/Origins/Orign Shild'));
      assert.equal(response?.status(), 404);
      assert.match(await page.locator('h1').innerText(), /page not found/i);
      const suggestions = page.locator('main li a');
      await suggestions.first().waitFor();
      assert.equal((await suggestions.first().innerText()).trim(), 'Origin Shield');
      await suggestions.first().click();
      await page.locator('h1', {hasText: 'Origin Shield'}).waitFor();
      await page.goto(siteUrl('/Guides/Origins/Orign Shild'));
      const search = page.getByRole('link', {name: /search the documentation for/i});
      assert.match((await search.getAttribute('href')) ?? '', /\/search\?q=guides%20origins%20orign%20shild$/);
    });
  });

  test('…/index.html and ….html addresses land on the clean address', async () => {
    await withPage(browser, {}, async ({page}) => {
      const cases: [string, string][] = [
        ['/Guides/Origins/Origin Shield/index.html', '/Guides/Origins/Origin Shield'],
        ['/Guides/Origins/Origin Shield.html', '/Guides/Origins/Origin Shield'],
        ['/index.html', '/'],
        ['/category/guides.html', '/category/guides'],
      ];
      for (const [from, to] of cases) {
        const response = await page.goto(siteUrl(from));
        assert.equal(response?.status(), 200, from);
        assert.equal(page.url(), siteUrl(to), from);
      }
    });
  });

  test('an API page whose id changed keeps its old address, and so does its Markdown twin', async () => {
    const [from, to] = [
      'services-origins-update-s-3-credentials-update',
      'services-origins-update-s3-credentials-update',
    ];
    for (const suffix of ['', '.md']) {
      const response = await fetch(siteUrl(`/api/${from}${suffix}`), {redirect: 'manual'});
      assert.equal(response.status, 301, `/api/${from}${suffix}`);
      assert.equal(new URL(response.headers.get('location') ?? '', siteUrl('/')).href, siteUrl(`/api/${to}${suffix}`));
    }
    // The build's own client redirect, for a host without the server's rule.
    const redirect = [
      path.join(BUILD_DIR, 'api', from, 'index.html'),
      path.join(BUILD_DIR, 'api', `${from}.html`),
    ].find((file) => existsSync(file));
    assert.ok(redirect, `no redirect page for /api/${from} in the build`);
    assert.match(readFileSync(redirect, 'utf8'), new RegExp(`/docs/api/${to}\\b`));
  });

  test('the Acccount Settings spelling lands on the canonical pages', async () => {
    await withPage(browser, {}, async ({page}) => {
      for (const title of ['Access Token', 'Alerts', 'Single Sign-On', 'User Management']) {
        await page.goto(siteUrl(`/Guides/Acccount Settings/${title}`));
        assert.equal(page.url(), siteUrl(`/Guides/Account Settings/${title}`));
        assert.equal((await page.locator('h1').innerText()).trim(), title);
      }
    });
  });
});
