// Markdown by content negotiation (nginx/nginx.conf): every page of llms.txt answers
// `Accept: text/markdown` with its Markdown twin, every HTML page names the twin in a Link header,
// both vary on Accept, and the not-found page answers 404 in both forms.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {brand} from '../../src/brand';
import {BASE_URL} from '../support/site.mts';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const PUBLIC_ROOT = `${brand.siteUrl}${brand.baseUrl}`;
const MARKDOWN = 'text/markdown; charset=utf-8';

/** Every page of llms.txt: its address (encoded, under BASE_URL), its twin's site path and file. */
const pages = [...readFileSync(path.join(BUILD_DIR, 'llms.txt'), 'utf8').matchAll(/^- \[.*?\]\((\S+\.md)\)/gm)].map(
  ([, url]) => {
    const twin = url.slice(PUBLIC_ROOT.length);
    const page = twin === 'index.md' ? '' : twin.slice(0, -'.md'.length);
    return {
      address: `${BASE_URL}${page}`,
      twinPath: new URL(url).pathname,
      file: path.join(BUILD_DIR, decodeURI(twin)),
    };
  },
);

const get = (url: string, accept?: string) =>
  fetch(url, {redirect: 'manual', headers: accept ? {accept} : {}}).then(async (response) => ({
    response,
    body: await response.text(),
  }));

const varies = (response: Response) =>
  (response.headers.get('vary') ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .includes('accept');

/** Runs `check` over the pages, 16 at a time, and returns the failures it reports. */
async function eachPage(check: (page: (typeof pages)[number]) => Promise<string | undefined>): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < pages.length; i += 16) {
    const found = await Promise.all(pages.slice(i, i + 16).map(check));
    failures.push(...found.filter((failure): failure is string => Boolean(failure)));
  }
  return failures;
}

describe('Markdown by content negotiation', () => {
  test('the suite covers guides, category pages, API pages and the home page', () => {
    assert.ok(pages.length > 200, `${pages.length} pages`);
    assert.ok(pages.some((page) => page.address === BASE_URL));
    assert.ok(pages.some((page) => page.address.includes('/api/')));
    assert.ok(pages.some((page) => page.address.includes('/category/')));
  });

  test('every page answers Accept: text/markdown with its Markdown twin, varying on Accept', async () => {
    const failures = await eachPage(async ({address, file}) => {
      const {response, body} = await get(address, 'text/markdown');
      const type = response.headers.get('content-type');
      if (response.status !== 200 || type !== MARKDOWN || !varies(response) || body !== readFileSync(file, 'utf8'))
        return `${address}: ${response.status} ${type} vary=${response.headers.get('vary')} ${body.slice(0, 30)}`;
      return undefined;
    });
    assert.deepEqual(failures, []);
  });

  test('every HTML page links its twin in a Link header and varies on Accept', async () => {
    const failures = await eachPage(async ({address, twinPath}) => {
      const {response} = await get(address, 'text/html,application/xhtml+xml,*/*;q=0.8');
      const link = response.headers.get('link');
      const expected = `<${twinPath}>; rel="alternate"; type="text/markdown"`;
      if (!/^text\/html/.test(response.headers.get('content-type') ?? '') || link !== expected || !varies(response))
        return `${address}: ${response.headers.get('content-type')} link=${link} (expected ${expected})`;
      return undefined;
    });
    assert.deepEqual(failures, []);
  });

  test('a trailing slash, a query string and a Markdown preference among others still get the twin', async () => {
    const guide = `${BASE_URL}Guides/Origins/Origin%20Shield`;
    const twin = readFileSync(path.join(BUILD_DIR, 'Guides/Origins/Origin Shield.md'), 'utf8');
    for (const [address, accept] of [
      [`${guide}/`, 'text/markdown'],
      [`${guide}?from=agent`, 'text/markdown'],
      [guide, 'text/markdown;q=0.9, text/html;q=0.8'],
      [guide, 'TEXT/MARKDOWN'],
    ]) {
      const {response, body} = await get(address, accept);
      assert.equal(response.headers.get('content-type'), MARKDOWN, `${address} ${accept}`);
      assert.equal(body, twin, `${address} ${accept}`);
    }
  });

  test('a browser, and a client that refuses Markdown with q=0, get HTML', async () => {
    const guide = `${BASE_URL}Guides/Origins/Origin%20Shield`;
    for (const accept of ['text/html,application/xhtml+xml,*/*;q=0.8', 'text/html, text/markdown;q=0', '*/*']) {
      const {response, body} = await get(guide, accept);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/, accept);
      assert.match(body, /^<!doctype html>/i, accept);
    }
  });

  test('files that are not pages keep their own type whatever the Accept header', async () => {
    const {response} = await get(`${BASE_URL}openapi.json`, 'text/markdown');
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(response.headers.get('link'), null);
  });

  test('the not-found page answers 404 in both forms', async () => {
    const missing = `${BASE_URL}Guides/No%20Such%20Page`;
    const html = await get(missing, 'text/html');
    assert.equal(html.response.status, 404);
    assert.match(html.response.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(html.body, /Page Not Found/);
    assert.ok(varies(html.response));
    const markdown = await get(missing, 'text/markdown');
    assert.equal(markdown.response.status, 404);
    assert.equal(markdown.response.headers.get('content-type'), MARKDOWN);
    assert.equal(markdown.body, readFileSync(path.join(BUILD_DIR, '404.md'), 'utf8'));
    assert.match(markdown.body, /^# Page Not Found\n/);
    assert.ok(varies(markdown.response));
    const missingTwin = await get(`${missing}.md`);
    assert.equal(missingTwin.response.status, 404);
  });
});
