import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page, Route} from 'playwright-core';
import {consoleErrors, gotoHydrated, suiteBrowser, siteUrl, withPage} from '../support/site.mts';

const GUIDE = '/Guides/Services/Creating a Service';
const SEARCH_FILES = /\/search-manifest\.json|\/assets\/search\//;
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
/** The JS chunks only the search loads: the engine (it names the manifest; MiniSearch, if bundled). */
const SEARCH_CHUNKS = readdirSync(path.join(BUILD_DIR, 'assets/js'))
  .filter((name) => name.endsWith('.js'))
  .filter((name) => {
    const code = readFileSync(path.join(BUILD_DIR, 'assets/js', name), 'utf8');
    return code.includes('search-manifest.json') || code.includes('MiniSearch: ');
  });

/** The navbar search box of the current page. */
const navbarBox = (page: Page) => page.locator('.navbar [role="combobox"]');
const popup = (page: Page) => page.locator('.navbar [role="listbox"]');
const liveRegion = (page: Page) => page.locator('.navbar__inner [role="status"]');

async function isFocused(page: Page) {
  return navbarBox(page).evaluate((element) => element === document.activeElement);
}

/**
 * Resolves once the page has run the work it had queued for idle time (an idle callback asked for
 * now runs after those already waiting), which is where a page defers what is not needed at once.
 * The rIC timeout is a bound, not a sleep: a page that never goes idle fails here instead of hanging.
 */
function pageIdle(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) =>
        requestIdleCallback(
          (deadline) => (deadline.didTimeout ? reject(new Error('the page did not go idle in 10 s')) : resolve()),
          {timeout: 10_000},
        ),
      ),
  );
}

describe('search box and results page', () => {
  const browser = suiteBrowser();

  /**
   * Runs `use` with a page of a new context opened at `sitePath` (with `?q=query` when given); the
   * context is closed afterwards, whether `use` passed or threw.
   */
  function onPage(
    sitePath: string,
    query: string,
    use: (fixture: {page: Page; errors: Error[]; consoleErrors: string[]}) => Promise<void>,
  ): Promise<void> {
    return withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page, errors}) => {
      const logged = consoleErrors(page);
      if (query) {
        await page.goto(`${siteUrl(sitePath)}?q=${encodeURIComponent(query)}`);
        await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      } else {
        await gotoHydrated(page, sitePath);
      }
      await use({page, errors, consoleErrors: logged});
    });
  }

  test('no search file is requested before the reader shows intent', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page}) => {
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      for (const sitePath of ['/', GUIDE, '/api/services-origins-create']) {
        await gotoHydrated(page, sitePath);
        // A search file could only come from the page's own start-up work, the reader doing nothing:
        // wait until that is over, its loads (network idle) and what it put off until idle time.
        await page.waitForLoadState('networkidle');
        await pageIdle(page);
      }
      assert.ok(SEARCH_CHUNKS.length > 0, 'the search code is a separate chunk');
      assert.deepEqual(
        requests.filter((url) => SEARCH_FILES.test(url) || SEARCH_CHUNKS.some((chunk) => url.endsWith(`/${chunk}`))),
        [],
      );
      assert.equal(await navbarBox(page).getAttribute('placeholder'), 'Search docs');
      assert.ok(await navbarBox(page).isVisible(), 'the box shows before any load');
      // Listen before hovering: the request may start while the hover is still being performed.
      const searchRequest = page.waitForRequest(SEARCH_FILES);
      await navbarBox(page).hover();
      await searchRequest;
    });
  });

  test('Ctrl+K and Cmd+K focus the search box', async () => {
    await onPage(GUIDE, '', async ({page}) => {
      for (const shortcut of ['Control+k', 'Meta+k']) {
        await page.locator('article h1').click();
        assert.equal(await isFocused(page), false);
        await page.keyboard.press(shortcut);
        assert.equal(await isFocused(page), true, shortcut);
      }
    });
  });

  test("the placeholder reads 'Loading...' until the index has loaded", async () => {
    await onPage(GUIDE, '', async ({page}) => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/search-manifest.json', async (route: Route) => {
        await held;
        await route.continue();
      });
      await page.keyboard.press('Control+k');
      await page.locator('.navbar [role="combobox"][placeholder="Loading..."]').waitFor();
      release();
      await page.locator('.navbar [role="combobox"][placeholder="Search docs"]').waitFor();
    });
  });

  test('typing and Enter land on the page, with a clean address', async () => {
    await onPage(GUIDE, '', async ({page, errors, consoleErrors}) => {
      await navbarBox(page).click();
      await navbarBox(page).fill('orig shield');
      // "See all results" is an option from the first keystroke; wait for the matches before it.
      await popup(page)
        .getByRole('option', {name: /Origin Shield/})
        .first()
        .waitFor();
      const first = popup(page).getByRole('option').first();
      assert.match(await first.innerText(), /Origin Shield/);
      assert.ok((await first.locator('mark').count()) > 0, 'matched words are marked');
      await page.keyboard.press('Enter');
      await page.locator('h1', {hasText: 'Origin Shield'}).waitFor();
      assert.match(decodeURI(page.url()), /\/docs\/Guides\/Origins\/Origin Shield(#[\w-]+)?$/);
      assert.deepEqual(errors, []);
      assert.deepEqual(consoleErrors, []);
    });
  });

  test('an API path finds its operation page', async () => {
    await onPage(GUIDE, '', async ({page}) => {
      await navbarBox(page).click();
      await navbarBox(page).fill('POST /services/{service_id}/origins');
      const first = popup(page).getByRole('option').first();
      await first.waitFor();
      await first.click();
      await page.locator('h1', {hasText: 'Create an origin'}).waitFor();
      assert.match(page.url(), /\/docs\/api\/services-origins-create$/);
    });
  });

  test('arrow keys move the active option, Escape closes and keeps the query, the count is announced', async () => {
    await onPage(GUIDE, '', async ({page}) => {
      const box = navbarBox(page);
      await box.click();
      await box.fill('origin');
      const options = popup(page).getByRole('option');
      await options.nth(1).waitFor();
      assert.match(await liveRegion(page).innerText(), /^\d+( or more)? results?\./);
      const activeId = async () => box.getAttribute('aria-activedescendant');
      assert.equal(await activeId(), await options.nth(0).getAttribute('id'));
      await page.keyboard.press('ArrowDown');
      assert.equal(await activeId(), await options.nth(1).getAttribute('id'));
      assert.equal(await options.nth(1).getAttribute('aria-selected'), 'true');
      assert.equal(await options.nth(0).getAttribute('aria-selected'), 'false');
      await page.keyboard.press('ArrowUp');
      assert.equal(await activeId(), await options.nth(0).getAttribute('id'));
      assert.equal(await box.getAttribute('aria-expanded'), 'true');
      await page.keyboard.press('Escape');
      assert.equal(await box.getAttribute('aria-expanded'), 'false');
      assert.equal(await popup(page).isVisible(), false);
      assert.equal(await box.inputValue(), 'origin');
      const seeAll = options.last();
      await page.keyboard.press('ArrowUp');
      assert.match(await seeAll.innerText(), /See all results for “origin”/);
      await page.keyboard.press('Enter');
      await page.locator('#search-page-input').waitFor();
      assert.equal(new URL(page.url()).searchParams.get('q'), 'origin');
    });
  });

  test('the results page reads ?q=, shows the count and follows the typed query', async () => {
    await onPage('/search', 'purge tags', async ({page}) => {
      const status = page.locator('main [role="status"]');
      await status.filter({hasText: /results? for “purge tags”/}).waitFor();
      assert.match(await status.innerText(), /^\d+( or more)? results? for “purge tags”\.$/);
      assert.equal(await page.locator('#search-page-input').inputValue(), 'purge tags');
      assert.ok(await page.getByRole('link', {name: 'Purge by cache tag'}).first().isVisible());
      const historyLength = await page.evaluate(() => history.length);
      await page.locator('#search-page-input').fill('cloudfrnt');
      await status.filter({hasText: /for “cloudfrnt”/}).waitFor();
      assert.equal(new URL(page.url()).searchParams.get('q'), 'cloudfrnt');
      assert.equal(await page.evaluate(() => history.length), historyLength, 'the address is replaced, not pushed');
      assert.match(await page.locator('main ol').innerText(), /CloudFront/);
      await page.locator('#search-page-input').fill('zzqqxxy');
      await status.filter({hasText: /No results for “zzqqxxy”/}).waitFor();
    });
  });

  test('bad input shows results or "no results", never markup, errors or a frozen page', async () => {
    await onPage(GUIDE, '', async ({page, errors, consoleErrors}) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const box = navbarBox(page);
      await box.click();
      await page.locator('.navbar [role="combobox"][placeholder="Search docs"]').waitFor();
      const inputs = [
        ':',
        '*',
        '~',
        '^',
        '+',
        '-',
        '"',
        "'",
        'origin:shield',
        '+origin -shield',
        'cert*',
        'shield~2',
        'origin^10',
        '"origin shield',
        '((origin',
        'origin]]',
        '{service_id',
        'x'.repeat(10_000),
        '🚀🔥',
        'origin 🚀',
        '<script>window.__injected=1</script>',
        '"><img src=x onerror="window.__injected=2">',
        '<b>bold</b>',
      ];
      for (const input of inputs) {
        await box.fill(input);
        const status = liveRegion(page).filter({hasText: /results?\.|No results/});
        await status.waitFor({timeout: 5000});
        const popupText = await page.locator('.navbar [role="listbox"]').innerText();
        assert.match(popupText, /No results for|See all results/, input.slice(0, 30));
        if (input.length < 100) assert.ok(popupText.includes(`“${input}”`), `the query shows as text: ${input}`);
      }
      assert.equal(await page.evaluate(() => (window as unknown as {__injected?: number}).__injected), undefined);
      assert.equal(await page.locator('img[src="x"], .navbar script, .navbar [role="listbox"] b').count(), 0);
      assert.equal(await box.inputValue(), '<b>bold</b>');
      assert.deepEqual(dialogs, []);
      assert.deepEqual(errors, []);
      assert.deepEqual(consoleErrors, []);
    });
  });

  test('a failed index load says so, keeps the query and can be retried', async () => {
    await onPage(GUIDE, '', async ({page}) => {
      await page.route(SEARCH_FILES, (route: Route) => route.fulfill({status: 404, body: 'Not found'}));
      const box = navbarBox(page);
      await box.click();
      await box.fill('origin shield');
      const message = page.locator('.navbar p').getByText(/Search could not be loaded \(HTTP 404\)/);
      await message.waitFor();
      assert.equal(await box.inputValue(), 'origin shield');
      await page.unroute(SEARCH_FILES);
      await page.locator('.navbar').getByRole('button', {name: 'Retry'}).click();
      await popup(page)
        .getByRole('option', {name: /Origin Shield/})
        .first()
        .waitFor();
      assert.equal(await box.inputValue(), 'origin shield');
    });
  });

  test('an index shard that fails to load says so, keeps the query and is fetched again on retry', async () => {
    await onPage(GUIDE, '', async ({page}) => {
      const shards = /\/assets\/search\/shard\./;
      await page.route(shards, (route: Route) => route.fulfill({status: 503, body: 'Unavailable'}));
      const box = navbarBox(page);
      await box.click();
      await box.fill('origin shield');
      const message = page.locator('.navbar p').getByText(/Search could not be loaded \(HTTP 503\)/);
      await message.waitFor();
      assert.equal(await box.inputValue(), 'origin shield');
      await page.unroute(shards);
      await page.locator('.navbar').getByRole('button', {name: 'Retry'}).click();
      await popup(page)
        .getByRole('option', {name: /Origin Shield/})
        .first()
        .waitFor();
      assert.equal(await box.inputValue(), 'origin shield');
      assert.equal(await message.count(), 0, 'the error is gone once the retry answered');
    });
  });

  test('the home page box works too, and only one box answers the shortcut', async () => {
    await onPage('/', '', async ({page}) => {
      await page.keyboard.press('Control+k');
      assert.equal(await isFocused(page), true);
      const homeBox = page.locator('main [role="combobox"]');
      await homeBox.fill('cloudfrnt');
      // "See all results" is an option from the first keystroke; the matches follow once the index answers.
      await page.locator('main [role="option"]', {hasText: 'CloudFront'}).first().waitFor();
      assert.equal(siteUrl('/'), page.url());
    });
  });

  test('the open search box and the results page pass axe in light and dark mode', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await withPage(browser, {viewport: {width: 1280, height: 900}, colorScheme}, async ({page}) => {
        await gotoHydrated(page, GUIDE);
        await navbarBox(page).click();
        await navbarBox(page).fill('origin shield');
        await popup(page)
          .getByRole('option', {name: /Origin Shield/})
          .first()
          .waitFor();
        const navbar = await new AxeBuilder({page}).include('.navbar').analyze();
        assert.deepEqual(
          navbar.violations.map((violation) => violation.id),
          [],
          colorScheme,
        );
        await page.goto(`${siteUrl('/search')}?q=origin`);
        await page.locator('main ol li').first().waitFor();
        const results = await new AxeBuilder({page}).include('main').analyze();
        assert.deepEqual(
          results.violations.map((violation) => violation.id),
          [],
          colorScheme,
        );
      });
    }
  });
});
