import {test} from 'node:test';
import assert from 'node:assert/strict';
import {gotoHydrated, suiteBrowser, withPage} from '../support/site.mts';
import {SANDBOX_PATH} from '../../src/lib/site';

// `npm test` serves the sandbox behind nginx on the site's own host; the explorer's default server
// (the public sandbox's address) is sent to the page's origin.
const SANDBOX_API = `${new URL(process.env.BASE_URL ?? 'http://127.0.0.1:8090/docs/').origin}${SANDBOX_PATH}/api/v1`;
const LOCAL_SANDBOX = 'http://127.0.0.1:4010/docs/sandbox/api/v1';
/** The explorer's own chunk (webpackChunkName in src/components/ApiTryIt). */
const EXPLORER_CHUNK = /\/assets\/js\/api-explorer\.[^/]*\.js$/;

const browser = suiteBrowser();

test('the explorer loads only on "Try it", gets a sandbox token with one press and shows the sandbox\'s answer', async () => {
  await withPage(browser, {viewport: {width: 1400, height: 1000}}, async ({page, errors}) => {
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

    await page.getByRole('button', {name: 'Get a sandbox token'}).click();
    await page.getByText('Sandbox token ready').waitFor();
    const token = await page.getByLabel('Bearer token').inputValue();
    assert.match(token, /^sbx_[A-Za-z0-9_-]{40,}$/);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().startsWith(`${SANDBOX_API}/services/`)),
      page.getByRole('button', {name: /send api request/i}).click(),
    ]);
    assert.equal(request.headers().authorization, `Bearer ${token}`);
    await page
      .getByRole('status')
      .filter({hasText: /Response: 200\b/})
      .waitFor();
    assert.match(
      await page.getByRole('region', {name: 'Response body', exact: true}).innerText(),
      /"name": "www-production"/,
    );
    assert.deepEqual(errors, []);
  });
});

test('the explorer explains an invalid JSON body and keeps what the reader typed', async () => {
  await withPage(browser, {viewport: {width: 1400, height: 1000}}, async ({page, errors}) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(SANDBOX_API)) sent.push(request.url());
    });
    await gotoHydrated(page, '/api/services-origins-create');
    await page.getByRole('button', {name: 'Try it'}).click();
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
  });
});

test('the explorer reports a request that gets no answer', async () => {
  await withPage(browser, {viewport: {width: 1400, height: 1000}}, async ({context, page, errors}) => {
    // As if the server were down or refused the cross-origin request.
    await context.route(`${LOCAL_SANDBOX}/**`, (route) => route.abort('connectionrefused'));
    await gotoHydrated(page, '/api/services-list');
    await page.getByRole('button', {name: 'Try it'}).click();
    await page.getByLabel('Server').selectOption(LOCAL_SANDBOX);
    await page.getByRole('button', {name: /send api request/i}).click();
    const alert = await page.getByRole('alert').innerText();
    assert.ok(alert.startsWith(`No answer from ${LOCAL_SANDBOX}/services/: `), alert);
    assert.match(alert, /\(CORS\)\. Start the local sandbox/);
    assert.equal(await page.getByRole('region', {name: 'Response body', exact: true}).count(), 0);
    assert.deepEqual(errors, []);
  });
});

test('in the sandbox, a create followed by a list shows the new object', async () => {
  await withPage(browser, {viewport: {width: 1400, height: 1000}}, async ({page, errors}) => {
    await gotoHydrated(page, '/api/services-create');
    await page.getByRole('button', {name: 'Try it'}).click();
    await page.getByRole('button', {name: 'Get a sandbox token'}).click();
    await page.getByText('Sandbox token ready').waitFor();
    // Kept for the tab, so that the list operation's page, loaded anew, sends to the same sandbox.
    await page.getByLabel('Keep the token for this tab (session storage)').check();
    const name = `try-it-${Date.now()}`;
    await page.getByLabel('Request body (JSON)').fill(JSON.stringify({name, template: 'DEFAULT'}));
    await page.getByRole('button', {name: /send api request/i}).click();
    await page
      .getByRole('status')
      .filter({hasText: /Response: 201\b/})
      .waitFor();

    await gotoHydrated(page, '/api/services-list');
    await page.getByRole('button', {name: 'Try it'}).click();
    assert.match(await page.getByLabel('Bearer token').inputValue(), /^sbx_/);
    await page.getByRole('button', {name: /send api request/i}).click();
    await page
      .getByRole('status')
      .filter({hasText: /Response: 200\b/})
      .waitFor();
    assert.match(
      await page.getByRole('region', {name: 'Response body', exact: true}).innerText(),
      new RegExp(`"name": "${name}"`),
    );
    assert.deepEqual(errors, []);
  });
});
