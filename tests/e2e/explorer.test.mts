import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Browser} from 'playwright-core';
import {gotoHydrated, launchBrowser, newPage} from '../support/site.mjs';

// `npm test` runs the mock server (npm run mock: Prism on the bundled OpenAPI file) on 127.0.0.1:4010,
// the second server the OpenAPI file lists.
let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

test('the "Send API Request" explorer calls the local mock and shows its 2xx answer', async () => {
  const context = await browser.newContext({viewport: {width: 1400, height: 1000}});
  const {page, errors} = await newPage(context);
  await gotoHydrated(page, '/api/services-list');
  const panel = page;
  // The server's Edit button appears when the reader points at (or focuses) the base URL.
  await page.locator('.openapi-explorer__floating-btn').first().hover();
  await page.locator('.openapi-explorer__floating-btn button', {hasText: 'Edit'}).first().click();
  await panel.locator('select').first().selectOption({label: 'http://127.0.0.1:4010'});
  await panel.getByPlaceholder('Bearer Token').fill('test-token');
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().startsWith('http://127.0.0.1:4010/services/')),
    panel.getByRole('button', {name: /send api request/i}).click(),
  ]);
  assert.equal(request.headers().authorization, 'Bearer test-token');
  const response = page.locator('body').filter({hasText: 'www-production'});
  await response.first().waitFor();
  assert.match(await page.locator('body').innerText(), /\b200\b/);
  assert.deepEqual(errors, []);
  await context.close();
});
