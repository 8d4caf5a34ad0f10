import {describe, test} from 'node:test';
import type {Page} from 'playwright-core';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {OpenApiIndex} from '../../plugins/api-request/openapi-index.mts';
import {pageId} from '../../src/lib/openapi';
import {catalogue, gotoHydrated, h1Of, suiteBrowser, siteUrl, withPage} from '../support/site.mts';

const index = OpenApiIndex.load();
const summaryByPage = new Map<string, string>([['tributary-api', index.spec.info.title]]);
for (const [id, {operation}] of index.operations) {
  summaryByPage.set(pageId(id), operation.summary);
}

describe('API reference', () => {
  const browser = suiteBrowser();

  test('every catalogue API page answers 200 with its summary as h1', async () => {
    const failures: string[] = [];
    for (const page of catalogue.apiPages) {
      const response = await fetch(siteUrl(`/api/${page}`));
      const h1 = h1Of(await response.text());
      if (response.status !== 200 || h1 !== summaryByPage.get(page)) {
        failures.push(`${page}: ${response.status} "${h1}" (expected "${summaryByPage.get(page)}")`);
      }
    }
    assert.deepEqual(failures, []);
    // Every operation of the bundle has its page in the catalogue, and nothing else is listed.
    const listed = new Set(catalogue.apiPages);
    assert.deepEqual(
      [...summaryByPage.keys()].filter((page) => !listed.has(page)),
      [],
      'operations missing from tests/fixtures/catalogue.json',
    );
    assert.deepEqual(
      catalogue.apiPages.filter((page) => !summaryByPage.has(page)),
      [],
      'catalogue API pages with no operation in the OpenAPI file',
    );
  });

  test('an operation page shows its method and path and the overview links the downloads', async () => {
    await withPage(browser, {}, async ({page, errors}) => {
      await gotoHydrated(page, '/api/services-origins-create');
      assert.equal((await page.locator('h1').innerText()).trim(), 'Create an origin');
      const article = await page.locator('article').innerText();
      assert.match(article, /POST/);
      assert.match(article, /\/services\/\{service_id\}\/origins\//);
      await gotoHydrated(page, '/api/tributary-api');
      const hrefs = await page.locator('article a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      assert.ok(hrefs.includes('/docs/openapi.yaml') && hrefs.includes('/docs/openapi.json'), hrefs.join(' '));
      assert.deepEqual(errors, []);
    });
  });

  test('an operation page shows parameters, body and response fields, examples and samples without JavaScript', async () => {
    await withPage(browser, {javaScriptEnabled: false}, async ({page}) => {
      await page.goto(siteUrl('/api/services-origins-create'));
      const article = page.locator('article');
      const endpoint = await article.locator('p', {hasText: '/services/{service_id}/origins/'}).first().innerText();
      assert.match(endpoint, /^POST\s+\/services\/\{service_id\}\/origins\/$/);
      assert.match(await article.innerText(), /Server: https:\/\/api\.tributary\.example\/api\/v1/);
      const pathParameters = article.getByRole('table', {name: 'Path parameters'});
      assert.match(await pathParameters.getByRole('row').nth(1).innerText(), /service_id\s+string \(uuid\)\s+required/);
      const requestBody = await article.getByRole('region', {name: 'Request body'}).innerText();
      assert.match(requestBody, /\bname\s+string\s+required/);
      assert.doesNotMatch(requestBody, /\bid\s+string \(uuid\)/, 'the read-only id is not part of the request');
      // The returned Origin is its object page's link: the fields are there, not repeated here.
      const returns = article.locator('p', {hasText: /^Returns: Origin object$/});
      assert.equal(await returns.getByRole('link').getAttribute('href'), '/docs/api/origin-object');
      assert.equal(await article.getByRole('region', {name: '201 response body'}).count(), 0);
      // The panel shows the first request example's curl and its response without JavaScript.
      const panel = article.getByRole('complementary', {name: 'Request and response'});
      const curl = await panel.locator('pre').filter({hasText: 'curl --request POST'}).first().innerText();
      assert.match(curl, /\$TRIBUTARY_TOKEN/);
      assert.match(curl, /"name": "web-primary"/);
      assert.match(await panel.innerText(), /201 Created[\s\S]*"id": "/);
      for (const anchor of ['path-parameters', 'request-body', 'responses', 'response-201', 'errors']) {
        assert.equal(await page.locator(`h2#${anchor}, h3#${anchor}`).count(), 1, anchor);
      }
    });
  });

  test('an object page shows its fields, example and operations, first in its tag, linked from the operations', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page, errors}) => {
      await gotoHydrated(page, '/api/services-origins-create');
      const article = page.locator('article');
      await article.getByText('Returns:').first().getByRole('link', {name: 'Origin object'}).click();
      await page.waitForURL(/\/api\/origin-object$/);
      // The address changes before the new page renders: wait for its heading, then check it is the only one.
      await page.getByRole('heading', {level: 1, name: 'The Origin object'}).waitFor();
      assert.equal((await page.locator('h1').innerText()).trim(), 'The Origin object');
      const fields = article.getByRole('region', {name: 'Fields of the Origin object'});
      // A page opened in the app fetches its fields (src/components/ApiSchema/lazy.ts).
      await fields.getByText('shield', {exact: true}).first().waitFor();
      assert.match(await fields.innerText(), /\bid\s+string \(uuid\)\s+required\s*read-only/);
      assert.match(await fields.innerText(), /\bshield\s+object \(OriginShield\).*\d+ fields/);
      assert.match(await article.locator('pre').first().innerText(), /"name": "web-primary"/);
      const operations = article.getByRole('table');
      for (const name of ['Create an origin', 'List origins', 'Retrieve an origin']) {
        await operations.getByRole('link', {name, exact: true}).waitFor();
      }
      // The sidebar lists the object first in the Origins category.
      const category = page.locator('.theme-doc-sidebar-item-category', {
        has: page.getByRole('link', {name: 'Origins', exact: true}),
      });
      assert.equal((await category.locator('ul a').first().innerText()).trim(), 'The Origin object');
      assert.deepEqual(errors, []);
    });
  });

  test('a nested object is folded: it opens on click and from the keyboard, its page linked beside it', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page}) => {
      await gotoHydrated(page, '/api/origin-object');
      const fields = page.getByRole('region', {name: 'Fields of the Origin object'});
      const fold = (name: string) =>
        fields
          .locator('li > details')
          .filter({has: page.locator('summary > code', {hasText: new RegExp(`^${name}$`)})})
          .first();
      const isOpen = (details: ReturnType<typeof fold>) => details.evaluate((element) => element.hasAttribute('open'));
      const shield = fold('shield');
      assert.equal(await isOpen(shield), false, 'closed by default');
      await shield.locator('summary').first().click();
      await shield.and(page.locator('details[open]')).waitFor();
      await shield.getByText('enabled', {exact: true}).first().waitFor();
      const headers = fold('custom_headers');
      await headers.locator('summary').first().focus();
      await page.keyboard.press('Enter');
      await headers.and(page.locator('details[open]')).waitFor();
      await page.keyboard.press('Space');
      await headers.and(page.locator('details:not([open])')).waitFor();
      // A nested resource object (the origins of a configuration document) links its page beside,
      // not inside, its summary.
      await gotoHydrated(page, '/api/service-config-document-object');
      const link = page.locator('article li > a[href="/docs/api/origin-object"]').first();
      assert.equal((await link.innerText()).trim(), 'Origin object');
      assert.equal(await page.locator('summary a, summary button').count(), 0);
    });
  });

  // The body schemas travel apart from the page's script (scripts/api-reference/page-schemas.mts):
  // a first load shows them from the server HTML, a page opened in the app fetches them.
  const SCHEMA_FILE = /\/assets\/data\/[\w.-]+\.json$/;

  /** Opens `target` in the app from `from`, through a link of the article as a reader's click would. */
  async function openInApp(page: Page, from: string, target: string) {
    await gotoHydrated(page, from);
    await page.locator('article .markdown').evaluate((article, href) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = 'Open in the app';
      article.append(link);
    }, siteUrl(target));
    await page.getByRole('link', {name: 'Open in the app'}).click();
    await page.waitForURL(siteUrl(target));
  }

  test('body fields: a first load shows them without fetching them, a page opened in the app fetches them', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page, errors}) => {
      const fetched: string[] = [];
      const sameFile = (file: string) => file.replace(/\.[0-9a-f]+\.json$/, '');
      page.on('request', (request) => {
        if (SCHEMA_FILE.test(request.url())) fetched.push(new URL(request.url()).pathname);
      });
      await gotoHydrated(page, '/api/services-origins-create');
      const body = page.getByRole('region', {name: 'Request body'});
      await body.getByText('sni_hostname', {exact: true}).first().waitFor();
      assert.deepEqual(fetched, [], 'the server HTML has the fields');
      await openInApp(page, '/api/services-origins-create', '/api/services-behaviors-update-all-update');
      await page.locator('h1', {hasText: /^Update all behaviors$/}).waitFor();
      await body.getByText('path_pattern', {exact: true}).first().waitFor();
      assert.deepEqual(fetched.map(sameFile), ['/docs/assets/data/services-behaviors-update-all-update.api']);
      // The same fields as the server renders for that page.
      const inApp = await body.innerText();
      await gotoHydrated(page, '/api/services-behaviors-update-all-update');
      assert.equal(await body.innerText(), inApp);
      assert.deepEqual(errors, []);
    });
  });

  test('body fields that arrive after the page scroll its anchor back into view, and a failed fetch says so', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page, errors}) => {
      // Held back until the page has rendered without them, as on a slow network.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(SCHEMA_FILE, async (route) => {
        await held;
        await route.continue();
      });
      await openInApp(page, '/api/services-list', '/api/services-behaviors-update-all-update#response-422');
      await page.getByRole('region', {name: 'Request body'}).getByText('Loading the fields…').waitFor();
      release();
      await page.getByRole('region', {name: 'Request body'}).getByText('path_pattern', {exact: true}).first().waitFor();
      const anchor = page.locator('#response-422');
      const top = await anchor.evaluate((element) => element.getBoundingClientRect().top);
      assert.ok(top >= 0 && top < 200, `the anchor is at the top of the window (${top} px)`);

      await page.unroute(SCHEMA_FILE);
      await page.route(SCHEMA_FILE, (route) => route.abort('failed'));
      await openInApp(page, '/api/services-list', '/api/services-waf-logging-create');
      await page
        .getByRole('region', {name: 'Request body'})
        .getByRole('alert')
        .filter({hasText: 'These fields could not be loaded. Reload the page to see them.'})
        .waitFor();
      await page.locator('h1', {hasText: /^Create a WAF logging destination$/}).waitFor();
      assert.deepEqual(errors, []);
    });
  });

  test('the API sidebar groups operations by tag, each tag with its category page', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page}) => {
      await gotoHydrated(page, '/api/tributary-api');
      const sidebar = page.locator('aside.theme-doc-sidebar-container');
      for (const tag of ['Origins', 'Traffic Policies', 'WAF Custom Rules']) {
        await sidebar.getByRole('link', {name: tag, exact: true}).waitFor();
      }
      await sidebar.getByRole('link', {name: 'Origins', exact: true}).click();
      await page.waitForURL(/\/api\/origins$/);
      await page.locator('h1', {hasText: 'Origins'}).waitFor();
    });
  });

  test('the OpenAPI downloads parse and equal the bundle', async () => {
    const bundleDir = path.join(process.env.BUILD_DIR ?? 'build', '..', 'generated', 'static');
    const bundle = JSON.parse(readFileSync(path.join(bundleDir, 'openapi.json'), 'utf8'));
    const yamlResponse = await fetch(siteUrl('/openapi.yaml'));
    assert.equal(yamlResponse.status, 200);
    assert.deepEqual(YAML.parse(await yamlResponse.text()), bundle);
    const jsonResponse = await fetch(siteUrl('/openapi.json'));
    assert.match(jsonResponse.headers.get('content-type') ?? '', /application\/json/);
    assert.deepEqual(await jsonResponse.json(), bundle);
  });
});
