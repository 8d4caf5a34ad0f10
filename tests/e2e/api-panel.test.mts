// The request/response panel of operation pages (src/components/ApiPanel): beside the fields on wide
// screens, after the description on phones; the reader's language, the example picker, Try it
// against the sandbox, and the confirmation before a DELETE goes to production.
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {AxeBuilder} from '@axe-core/playwright';
import type {BrowserContext, Locator, Page} from 'playwright-core';
import {gotoHydrated, siteUrl, suiteBrowser, newPage, waitForHydration, withPage} from '../support/site.mts';
import {newContextInMode} from '../support/a11y.mts';
import {SANDBOX_PATH} from '../../src/lib/site';

const PRODUCTION = 'https://api.tributary.example/api/v1';
const CREATE_ORIGIN = '/api/services-origins-create';
const DESKTOP = {width: 1280, height: 900};

const browser = suiteBrowser();

const panelOf = (page: Page) => page.getByRole('complementary', {name: 'Request and response'});
/** The request sample the reader sees: the visible code block of the panel's request part. */
const visibleRequestCode = (panel: Locator) =>
  panel.locator('[data-example]:not([hidden]) [role="tabpanel"]:not([hidden]) pre');
const visibleResponse = (panel: Locator) => panel.locator('[data-response]:not([hidden])');

async function within(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return Boolean(box && box.y >= 0 && box.y < viewport.height && box.height > 0);
}

/**
 * Waits until the document has scrolled away from `from` and then stayed put for three animation
 * frames in a row, the end of a (smooth) wheel scroll; fails after `timeout` ms.
 */
async function scrollSettled(page: Page, from: number, timeout = 5000) {
  const deadline = Date.now() + timeout;
  let last = from;
  let still = 0;
  while (still < 3) {
    if (Date.now() > deadline)
      throw new Error(`the page did not come to rest after a scroll from ${from} (at ${last})`);
    // One reading per animation frame: the page's frames pace the polling, no timer does.
    const y = await page.evaluate(
      () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(scrollY))),
    );
    still = y !== from && y === last ? still + 1 : 0;
    last = y;
  }
}

describe('operation page panel', () => {
  let context: BrowserContext;
  before(async () => {
    context = await browser.newContext({viewport: DESKTOP});
  });
  after(async () => context?.close());

  /** Runs `use` with a new page of the suite's context, and closes the page whether `use` passed or threw. */
  async function withSuitePage(use: (fixture: {page: Page; errors: Error[]}) => Promise<void>) {
    const {page, errors} = await newPage(context);
    try {
      await use({page, errors});
    } finally {
      await page.close();
    }
  }

  test('at 1280 px the request sample stays on screen while the reader is in the body fields', async () => {
    await withSuitePage(async ({page, errors}) => {
      await gotoHydrated(page, CREATE_ORIGIN);
      const panel = panelOf(page);
      const code = visibleRequestCode(panel);
      assert.match(await code.innerText(), /curl --request POST/);
      // Deep in the request body: the field `read_timeout_seconds`.
      const field = page.locator('article section').getByText('read_timeout_seconds', {exact: true}).first();
      await field.scrollIntoViewIfNeeded();
      const scrolledFrom = await page.evaluate(() => scrollY);
      await page.mouse.wheel(0, 300);
      // mouse.wheel does not wait for the scroll it starts, which Chromium animates.
      await scrollSettled(page, scrolledFrom);
      assert.ok(await within(page, field), 'the field is on screen');
      assert.ok(await within(page, code), 'the request sample is on screen beside it');
      const [fieldBox, panelBox] = [await field.boundingBox(), await panel.boundingBox()];
      assert.ok(panelBox!.x > fieldBox!.x + fieldBox!.width, 'the panel is to the right of the fields');
      assert.deepEqual(errors, []);
    });
  });

  test('the page of services-origins-create is at most 8,000 px tall at 1280×900', async () => {
    await withSuitePage(async ({page}) => {
      await gotoHydrated(page, CREATE_ORIGIN);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(height <= 8000, `${height} px`);
    });
  });

  test('without JavaScript the panel shows the first example in curl and its response, and holds no other', async () => {
    await withPage(browser, {viewport: DESKTOP, javaScriptEnabled: false}, async ({page}) => {
      await page.goto(siteUrl(CREATE_ORIGIN));
      const panel = panelOf(page);
      assert.match(await visibleRequestCode(panel).innerText(), /curl --request POST[\s\S]*"name": "web-primary"/);
      assert.match(await visibleResponse(panel).innerText(), /"name": "web-primary"/);
      // The other examples and languages could not be chosen without scripts, so the server leaves
      // them out: one request example, one language, one response.
      assert.equal(await panel.locator('[data-example]').count(), 1);
      assert.equal(await panel.locator('[role="tabpanel"]').count(), 1);
      assert.equal(await panel.locator('[data-response]').count(), 1);
    });
  });

  test('the example picker changes the request and the response shown', async () => {
    await withSuitePage(async ({page, errors}) => {
      await gotoHydrated(page, CREATE_ORIGIN);
      const panel = panelOf(page);
      assert.match(await visibleRequestCode(panel).innerText(), /"name": "web-primary"/);
      assert.match(await visibleResponse(panel).innerText(), /"name": "web-primary"/);
      await panel.getByLabel('Example').selectOption({label: 'Private Amazon S3 bucket'});
      assert.match(await visibleRequestCode(panel).innerText(), /"name": "media-bucket"/);
      const response = await visibleResponse(panel).innerText();
      assert.match(response, /"name": "media-bucket"/);
      assert.match(response, /"credentials_set": false/);
      // Any documented response can be shown: an error of this operation.
      await panel.getByLabel('Status').selectOption({label: '409 Conflict: Duplicate name'});
      assert.match(await visibleResponse(panel).innerText(), /"status": 409/);
      assert.deepEqual(errors, []);
    });
  });

  test('the chosen language survives a navigation and a reload, and the tabs work by keyboard', async () => {
    await withSuitePage(async ({page, errors}) => {
      await gotoHydrated(page, CREATE_ORIGIN);
      const panel = panelOf(page);
      const curlTab = panel.locator('[data-example]:not([hidden])').getByRole('tab', {name: 'curl'});
      await curlTab.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      const python = panel.locator('[data-example]:not([hidden])').getByRole('tab', {name: 'Python'});
      assert.equal(await python.getAttribute('aria-selected'), 'true');
      assert.match(await visibleRequestCode(panel).innerText(), /import requests/);

      // A client-side navigation to another operation through the sidebar.
      await page
        .locator('.theme-doc-sidebar-menu')
        .getByRole('link', {name: /List origins$/})
        .click();
      await page.waitForURL(/\/api\/services-origins-list$/);
      await page.locator('h1', {hasText: 'List origins'}).waitFor();
      assert.match(await visibleRequestCode(panelOf(page)).innerText(), /import requests/);

      await page.reload();
      await waitForHydration(page);
      assert.match(await visibleRequestCode(panelOf(page)).innerText(), /import requests/);
      assert.deepEqual(errors, []);
    });
  });

  test('Try it sends to the sandbox by default and shows the answer in the panel', async () => {
    await withSuitePage(async ({page, errors}) => {
      await gotoHydrated(page, CREATE_ORIGIN);
      const panel = panelOf(page);
      await panel.getByLabel('Example').selectOption({label: 'Private Amazon S3 bucket'});
      await panel.getByRole('button', {name: 'Try it'}).click();
      assert.equal(
        await panel.getByLabel('Server').inputValue(),
        `https://docs.tributary.example${SANDBOX_PATH}/api/v1`,
        'the sandbox is the default server',
      );
      assert.match(await panel.getByLabel('Request body (JSON)').inputValue(), /"name": "media-bucket"/);
      await panel.getByRole('button', {name: 'Get a sandbox token'}).click();
      await panel.getByText('Sandbox token ready').waitFor();
      const [request] = await Promise.all([
        page.waitForRequest((candidate) =>
          candidate.url().startsWith(`${new URL(page.url()).origin}${SANDBOX_PATH}/api/v1/services/`),
        ),
        panel.getByRole('button', {name: /send api request/i}).click(),
      ]);
      assert.equal(request.method(), 'POST');
      // The example world already has an origin named media-bucket: the sandbox enforces unique names.
      await panel
        .getByRole('status')
        .filter({hasText: /Response: 409\b/})
        .waitFor();
      assert.match(
        await panel.getByRole('region', {name: 'Response body', exact: true}).innerText(),
        /"existing_id": "c41f8a62-/,
      );
      assert.deepEqual(errors, []);
    });
  });

  test('a DELETE goes to production only after the reader confirms it', async () => {
    const production: string[] = [];
    await withPage(browser, {viewport: DESKTOP}, async ({context, page, errors}) => {
      await context.route(`${PRODUCTION}/**`, (route) => {
        production.push(`${route.request().method()} ${route.request().url()}`);
        return route.fulfill({status: 204, headers: {'access-control-allow-origin': '*'}});
      });
      await gotoHydrated(page, '/api/services-origins-destroy');
      const panel = panelOf(page);
      await panel.getByRole('button', {name: 'Try it'}).click();
      await panel.getByLabel('Server').selectOption(PRODUCTION);
      await panel.getByRole('button', {name: /send api request/i}).click();
      const question = panel.getByRole('alertdialog');
      assert.match(
        await question.innerText(),
        /Send DELETE to https:\/\/api\.tributary\.example\/api\/v1\?.*cannot be undone/s,
      );
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        'Send to Production',
        'focus moves to the confirmation',
      );
      await question.getByRole('button', {name: 'Cancel'}).click();
      assert.equal(await question.count(), 0);
      assert.deepEqual(production, [], 'nothing was sent before the confirmation');

      await panel.getByRole('button', {name: /send api request/i}).click();
      await panel.getByRole('button', {name: 'Send to Production'}).click();
      await panel
        .getByRole('status')
        .filter({hasText: /Response: 204\b/})
        .waitFor();
      assert.equal(production.length, 1);
      assert.match(
        production[0],
        /^DELETE https:\/\/api\.tributary\.example\/api\/v1\/services\/[^/]+\/origins\/[^/]+\/$/,
      );
      assert.deepEqual(errors, []);
    });
  });

  test('the token stays in memory unless the reader keeps it for the tab', async () => {
    await withPage(browser, {viewport: DESKTOP}, async ({page, errors}) => {
      await gotoHydrated(page, '/api/services-list');
      await panelOf(page).getByRole('button', {name: 'Try it'}).click();
      await panelOf(page).getByLabel('Bearer token').fill('memory-only');
      await page.reload();
      await waitForHydration(page);
      await panelOf(page).getByRole('button', {name: 'Try it'}).click();
      assert.equal(await panelOf(page).getByLabel('Bearer token').inputValue(), '', 'a reload forgets it');

      await panelOf(page).getByLabel('Bearer token').fill('kept-token');
      await panelOf(page)
        .getByLabel(/Keep the token for this tab/)
        .check();
      await page.reload();
      await waitForHydration(page);
      await panelOf(page).getByRole('button', {name: 'Try it'}).click();
      assert.equal(await panelOf(page).getByLabel('Bearer token').inputValue(), 'kept-token');
      assert.equal(
        await panelOf(page)
          .getByLabel(/Keep the token for this tab/)
          .isChecked(),
        true,
      );
      assert.deepEqual(errors, []);
    });
  });
});

test('on a phone the request sample comes right after the description, before the fields and responses', async () => {
  await withPage(
    browser,
    {viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true},
    async ({page, errors}) => {
      await gotoHydrated(page, CREATE_ORIGIN);
      const panelBox = await panelOf(page).boundingBox();
      const description = await page.locator('article p', {hasText: 'Adds an origin to a service'}).boundingBox();
      const fields = await page.locator('#authentication').boundingBox();
      const responses = await page.locator('#responses').boundingBox();
      assert.ok(panelBox && description && fields && responses);
      assert.ok(panelBox.y > description.y, 'after the description');
      assert.ok(panelBox.y + panelBox.height <= fields.y, 'before the first section');
      assert.ok(panelBox.y < responses.y, 'before the responses');
      assert.ok(panelBox.width <= 390, 'within the screen');
      assert.deepEqual(errors, []);
    },
  );
});

test('the panel with Try it open and its confirmation is axe-clean in both colour modes', async () => {
  for (const mode of ['light', 'dark'] as const) {
    const context = await newContextInMode(browser, mode);
    try {
      const page = await context.newPage();
      await gotoHydrated(page, '/api/services-origins-destroy');
      const panel = panelOf(page);
      await panel.getByRole('button', {name: 'Try it'}).click();
      await panel.getByLabel('Server').selectOption(PRODUCTION);
      await panel.getByRole('button', {name: /send api request/i}).click();
      await panel.getByRole('alertdialog').waitFor();
      const results = await new AxeBuilder({page})
        .include('aside')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
        .setLegacyMode(true)
        .analyze();
      assert.deepEqual(
        results.violations.map(
          (violation) => `${mode}: ${violation.id} ${violation.nodes.map((node) => node.target).join(' ')}`,
        ),
        [],
      );
    } finally {
      await context.close();
    }
  }
});
