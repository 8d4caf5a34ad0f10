import {test} from 'node:test';
import assert from 'node:assert/strict';
import {gotoHydrated, suiteBrowser, newPage} from '../support/site.mts';
import {MOCK_URL} from '../../src/lib/site';

// `npm test` runs the mock server (npm run mock: Prism on the bundled OpenAPI file) at MOCK_URL,
// the second server the OpenAPI file lists.
/** The explorer's own chunk (webpackChunkName in src/components/ApiTryIt). */
const EXPLORER_CHUNK = /\/assets\/js\/api-explorer\.[^/]*\.js$/;

const browser = suiteBrowser();

test('the explorer loads only on "Try it", then calls the local mock and shows its 2xx answer', async () => {
  const context = await browser.newContext({viewport: {width: 1400, height: 1000}});
  const {page, errors} = await newPage(context);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await gotoHydrated(page, '/api/services-list');
  await page.waitForLoadState('networkidle');
  assert.ok(scripts.length > 0, 'the page loads its scripts');
  assert.deepEqual(
    scripts.filter((url) => EXPLORER_CHUNK.test(url)),
    [],
    'no explorer code on the initial load',
  );
  assert.equal(await page.getByRole('button', {name: /send api request/i}).count(), 0);

  await page.getByRole('button', {name: 'Try it'}).click();
  await page.getByRole('heading', {name: 'Send API Request'}).waitFor();
  assert.equal(scripts.filter((url) => EXPLORER_CHUNK.test(url)).length, 1, 'the explorer chunk loads on demand');

  await page.getByLabel('Server').selectOption(MOCK_URL);
  await page.getByLabel('Bearer token').fill('test-token');
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().startsWith(`${MOCK_URL}/services/`)),
    page.getByRole('button', {name: /send api request/i}).click(),
  ]);
  assert.equal(request.headers().authorization, 'Bearer test-token');
  await page
    .getByRole('status')
    .filter({hasText: /Response: 200\b/})
    .waitFor();
  assert.match(
    await page.getByRole('region', {name: 'Response body', exact: true}).innerText(),
    /"name": "www-production"/,
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test('the explorer explains an invalid JSON body and keeps what the reader typed', async () => {
  const context = await browser.newContext({viewport: {width: 1400, height: 1000}});
  const {page, errors} = await newPage(context);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(MOCK_URL)) sent.push(request.url());
  });
  await gotoHydrated(page, '/api/services-origins-create');
  await page.getByRole('button', {name: 'Try it'}).click();
  await page.getByLabel('Server').selectOption(MOCK_URL);
  const body = page.getByLabel('Request body (JSON)');
  assert.match(await body.inputValue(), /"name": "web-primary"/, 'prefilled from the first request example');
  const typed = '{"name": "web", }';
  await body.fill(typed);
  await page.getByRole('button', {name: /send api request/i}).click();
  assert.match(await page.getByRole('alert').innerText(), /The request body is not valid JSON \(.+\)/);
  assert.equal(await body.inputValue(), typed);
  assert.equal(await body.getAttribute('aria-invalid'), 'true');
  assert.deepEqual(sent, []);

  await body.fill('{"name": "web", "host": "origin.example.com"}');
  await page.getByRole('button', {name: /send api request/i}).click();
  await page
    .getByRole('status')
    .filter({hasText: /Response: \d{3}\b/})
    .waitFor();
  assert.equal(sent.length, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the explorer reports a request that gets no answer', async () => {
  const context = await browser.newContext({viewport: {width: 1400, height: 1000}});
  const {page, errors} = await newPage(context);
  // As if the server were down or refused the cross-origin request.
  await context.route(`${MOCK_URL}/**`, (route) => route.abort('connectionrefused'));
  await gotoHydrated(page, '/api/services-list');
  await page.getByRole('button', {name: 'Try it'}).click();
  await page.getByLabel('Server').selectOption(MOCK_URL);
  await page.getByRole('button', {name: /send api request/i}).click();
  const alert = await page.getByRole('alert').innerText();
  assert.ok(alert.startsWith(`No answer from ${MOCK_URL}/services/: `), alert);
  assert.match(alert, /\(CORS\)\. Start the local mock/);
  assert.equal(await page.getByRole('region', {name: 'Response body', exact: true}).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
