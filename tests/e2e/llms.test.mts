// The Markdown export (plugins/llms-txt): llms.txt, llms-full.txt and the `.md` version of every
// page, served by nginx; the "Copy page" and "View as Markdown" actions; and the head metadata
// (canonical, Open Graph, Twitter card, breadcrumbs, Markdown alternate) of every sitemap page.
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Browser} from 'playwright-core';
import {BASE_URL, gotoHydrated, launchBrowser, siteUrl, withPage} from '../support/site.mts';
import {markdownPath} from '../../src/lib/markdownAddress.ts';
import {brand} from '../../src/brand';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const PUBLIC_ROOT = `${brand.siteUrl}${brand.baseUrl}`;
const GUIDE = '/Guides/Origins/Origin Shield';

const decodeEntities = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** Decoded site paths (under the base URL) of every page of the sitemap, such as `/Guides/Origins/Origin Shield`. */
const sitemapPaths = [
  ...readFileSync(path.join(BUILD_DIR, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g),
].map(([, loc]) => `/${decodeURI(decodeEntities(loc)).slice(PUBLIC_ROOT.length)}`);

/** Public address of the Markdown version of a site path, as llms.txt lists it. */
const publicMarkdownUrl = (sitePath: string) =>
  `${brand.siteUrl}${markdownPath(`${brand.baseUrl}${sitePath.slice(1)}`, brand.baseUrl)}`;
/** The same address on the server under test. */
const localUrl = (publicUrl: string) => `${BASE_URL}${publicUrl.slice(PUBLIC_ROOT.length)}`;

async function get(url: string) {
  const response = await fetch(url, {redirect: 'manual'});
  return {response, body: await response.text()};
}

function builtHtml(sitePath: string): string {
  const relative = sitePath.slice(1);
  for (const file of [path.join(BUILD_DIR, relative, 'index.html'), path.join(BUILD_DIR, `${relative}.html`)]) {
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  throw new Error(`no built HTML for ${sitePath}`);
}

/** Attributes of every `<tag …>` of a minified HTML document (quoted or bare values). */
function tags(html: string, tagName: string): Record<string, string>[] {
  // Attribute values may hold ">" (a description quoting `<domain>`), so match attribute by attribute.
  const attribute = `\\s+[\\w:-]+(?:=(?:"[^"]*"|'[^']*'|[^\\s"'>]+))?`;
  return [...html.matchAll(new RegExp(`<${tagName}((?:${attribute})*)\\s*/?>`, 'gi'))].map(([, attributes]) =>
    Object.fromEntries(
      [...attributes.matchAll(/([\w:-]+)=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)].map(([, name, a, b, c]) => [
        name.toLowerCase(),
        decodeEntities(a ?? b ?? c),
      ]),
    ),
  );
}

describe('Markdown export and llms.txt', () => {
  let llms: string;
  let browser: Browser;
  before(async () => {
    const {response, body} = await get(siteUrl('/llms.txt'));
    assert.equal(response.status, 200);
    llms = body;
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  test('the sitemap lists the whole site', () => {
    assert.ok(sitemapPaths.length > 250, `only ${sitemapPaths.length} pages in the sitemap`);
    assert.ok(sitemapPaths.includes(GUIDE) && sitemapPaths.includes('/api/services-origins-create'));
  });

  test('llms.txt follows the llms.txt format and links the Markdown of every sitemap page', async () => {
    const {response} = await get(siteUrl('/llms.txt'));
    assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.match(llms, /^# Tributary Documentation\n\n> \S.+\n/);
    for (const section of ['Overview', 'Getting started', 'Guides', 'Guides: Origins', 'Products', 'API reference']) {
      assert.match(llms, new RegExp(`^## ${section}$`, 'm'), `section ${section}`);
    }
    assert.match(llms, /^## API reference: Origins$/m);
    const missing = sitemapPaths.filter((sitePath) => !llms.includes(`](${publicMarkdownUrl(sitePath)})`));
    assert.deepEqual(missing, [], 'every page of the sitemap has its Markdown link');
    const guideLine = llms.split('\n').find((line) => line.includes(`](${publicMarkdownUrl(GUIDE)})`));
    assert.match(guideLine ?? '', /^- \[Origin Shield\]\(\S+\): Add an Origin Shield cache tier .+\.$/);
  });

  test('every .md address listed answers 200 as text/markdown, spaces and & included', async () => {
    const links = [...llms.matchAll(/^- \[.*?\]\((\S+\.md)\)/gm)].map(([, url]) => url);
    assert.ok(links.length >= sitemapPaths.length);
    const failures: string[] = [];
    for (let i = 0; i < links.length; i += 16) {
      await Promise.all(
        links.slice(i, i + 16).map(async (link) => {
          const {response, body} = await get(localUrl(link));
          const type = response.headers.get('content-type');
          if (response.status !== 200 || type !== 'text/markdown; charset=utf-8' || !body.startsWith('# ')) {
            failures.push(`${link}: ${response.status} ${type} ${body.slice(0, 40)}`);
          }
        }),
      );
    }
    assert.deepEqual(failures, []);
  });

  test('a guide page in Markdown keeps its content and code, and leaves the site chrome out', async () => {
    const {body} = await get(localUrl(publicMarkdownUrl(GUIDE)));
    assert.match(body, /^# Origin Shield\n/);
    assert.match(body, /^## Turn on Origin Shield$/m);
    assert.match(body, /^\*\*Dashboard\*\*$/m, 'the Dashboard tab');
    assert.match(body, /^\*\*API\*\*$/m, 'the API tab, hidden on the page, is kept');
    assert.match(
      body,
      /```bash title="PUT request"\ncurl --request PUT 'https:\/\/api\.tributary\.example\/api\/v1\/services\//,
    );
    assert.match(
      body,
      /\[Adding an Origin\]\(https:\/\/docs\.tributary\.example\/docs\/Guides\/Origins\/Adding%20an%20Origin\)/,
    );
    assert.match(
      body,
      /!\[Origin Shield tiers on two providers\. .+\]\(https:\/\/docs\.tributary\.example\/docs\/diagrams\/\w+\.svg\)/,
    );
    for (const chrome of [
      'Skip to main content',
      'On this page',
      'Edit this page',
      'Direct link to',
      'Copy page',
      'Previous',
      'Last updated',
      '<div',
      '<a ',
    ]) {
      assert.ok(!body.includes(chrome), `no "${chrome}" in the Markdown`);
    }
  });

  test('an API page in Markdown has its title, method, path, parameters and the OpenAPI examples', async () => {
    const spec = JSON.parse(readFileSync(path.join(BUILD_DIR, 'openapi.json'), 'utf8'));
    const operation = spec.paths['/services/{service_id}/origins/'].post;
    const {body} = await get(localUrl(publicMarkdownUrl('/api/services-origins-create')));
    assert.match(body, /^# Create an origin\n\n`POST \/services\/\{service_id\}\/origins\/`\n/);
    assert.match(body, /\| `service_id` \| path \| string \(uuid\) \| yes \|/);
    assert.match(body, /\| `shield\.location` \| string or null \| no \|/);
    for (const example of Object.values(operation.requestBody.content['application/json'].examples) as {
      value: unknown;
    }[]) {
      assert.ok(body.includes(`\`\`\`json\n${JSON.stringify(example.value, null, 2)}\n\`\`\``), 'each request example');
    }
    const created = operation.responses['201'].content['application/json'].examples;
    const first = Object.values(created)[0] as {value: unknown};
    assert.ok(body.includes(JSON.stringify(first.value, null, 2)), 'the 201 response example');
    assert.match(body, /^### 422 Unprocessable Content$/m);
  });

  test('llms-full.txt holds every page, each under its title and source address', async () => {
    const {response, body} = await get(siteUrl('/llms-full.txt'));
    assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
    const missing = sitemapPaths.filter((sitePath) => {
      const title = decodeEntities(builtHtml(sitePath).match(/<title[^>]*>([^<]*)<\/title>/)?.[1] ?? '').replace(
        ` | ${brand.siteTitle}`,
        '',
      );
      const source = `${brand.siteUrl}${encodeURI(`${brand.baseUrl}${sitePath.slice(1)}`)}`;
      return !body.includes(`\nPage: ${title}\nSource: ${source}\n`);
    });
    assert.deepEqual(missing, []);
  });

  test('"Copy page" copies the page Markdown; "View as Markdown" opens it', async () => {
    await withPage(browser, {permissions: ['clipboard-read', 'clipboard-write']}, async ({page, errors}) => {
      for (const sitePath of [GUIDE, '/category/origins', '/api/services-origins-create']) {
        await gotoHydrated(page, sitePath);
        const {body: expected} = await get(localUrl(publicMarkdownUrl(sitePath)));
        const copy = page.getByRole('button', {name: 'Copy page'});
        await copy.click();
        await page.getByRole('button', {name: 'Copied'}).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), expected, `${sitePath} copied`);
      }
      // Keyboard: the button is reachable and works with Enter.
      await gotoHydrated(page, GUIDE);
      await page.getByRole('button', {name: 'Copy page'}).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', {name: 'Copied'}).waitFor();

      const link = page.getByRole('link', {name: 'View as Markdown'});
      const [response] = await Promise.all([
        page.waitForEvent('response', (r) => r.url().endsWith('.md')),
        link.click(),
      ]);
      assert.equal(response.status(), 200);
      assert.equal(response.headers()['content-type'], 'text/markdown; charset=utf-8');
      assert.equal(decodeURI(new URL(page.url()).pathname), `${brand.baseUrl}Guides/Origins/Origin Shield.md`);
      assert.match((await page.locator('body').innerText()).trimStart(), /^# Origin Shield\n/);
      assert.deepEqual(errors, []);
    });
  });

  test('"Copy MCP address" copies the address of the MCP server', async () => {
    await withPage(browser, {permissions: ['clipboard-read', 'clipboard-write']}, async ({page, errors}) => {
      for (const sitePath of [GUIDE, '/api/services-origins-create']) {
        await gotoHydrated(page, sitePath);
        await page.getByRole('button', {name: 'Copy MCP address'}).click();
        await page.getByRole('button', {name: 'MCP address copied'}).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${brand.siteUrl}${brand.baseUrl}mcp`);
      }
      assert.deepEqual(errors, []);
    });
  });

  test('"Copy page" explains a failure to load the Markdown', async () => {
    // The site's service worker would answer from its cache; block it so that the route applies.
    await withPage(
      browser,
      {
        permissions: ['clipboard-read', 'clipboard-write'],
        serviceWorkers: 'block',
      },
      async ({page}) => {
        await page.route('**/*.md', (route) => route.fulfill({status: 503, body: 'unavailable'}));
        await gotoHydrated(page, GUIDE);
        await page.getByRole('button', {name: 'Copy page'}).click();
        const alert = page.getByRole('alert').filter({hasText: 'Could not copy'});
        await alert.waitFor();
        assert.equal(
          (await alert.innerText()).trim(),
          'Could not copy: the Markdown could not be loaded (the server answered 503).',
        );
        assert.equal(await page.getByRole('button', {name: 'Copy page'}).count(), 1, 'the button is ready again');
      },
    );
  });

  test('every sitemap page has canonical, Open Graph, Twitter card, breadcrumbs and a Markdown alternate', () => {
    const problems: string[] = [];
    for (const sitePath of sitemapPaths) {
      const html = builtHtml(sitePath);
      const meta = tags(html, 'meta');
      const links = tags(html, 'link');
      const content = (key: string) => meta.find((m) => m.property === key || m.name === key)?.content ?? '';
      const pageUrl = `${brand.siteUrl}${brand.baseUrl}${sitePath.slice(1)}`;
      const need = (ok: boolean, what: string) => ok || problems.push(`${sitePath}: ${what}`);
      const canonical = links.find((l) => l.rel === 'canonical')?.href ?? '';
      need(decodeURI(canonical) === pageUrl, `canonical ${canonical}`);
      need(decodeURI(content('og:url')) === pageUrl, `og:url ${content('og:url')}`);
      need(content('og:title').length > 0 && content('og:description').length > 0, 'og:title and og:description');
      need(content('og:type') === 'website' && content('og:site_name') === brand.siteTitle, 'og:type and og:site_name');
      need(content('og:image').startsWith('https://'), 'og:image');
      need(
        content('twitter:card') === 'summary_large_image' && content('twitter:image').startsWith('https://'),
        'twitter card',
      );
      const alternate = links.find((l) => l.rel === 'alternate' && l.type === 'text/markdown')?.href;
      need(alternate === publicMarkdownUrl(sitePath), `Markdown alternate ${alternate}`);
      const jsonLd = [
        ...html.matchAll(/<script\b[^>]*\btype=["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/g),
      ].map(([, data]) => JSON.parse(data));
      const breadcrumbs = jsonLd.find((data) => data['@type'] === 'BreadcrumbList');
      need(
        breadcrumbs?.itemListElement?.length > 0 &&
          breadcrumbs.itemListElement.every((item: {name?: string; item?: string}) => item.name && item.item),
        'BreadcrumbList structured data',
      );
    }
    assert.deepEqual(problems, []);
  });
});
