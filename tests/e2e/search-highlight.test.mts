// Following a search result highlights the query's words on the page (CSS Custom Highlight API),
// with a clean address and no added elements; an ordinary navigation clears the highlight.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, suiteBrowser, withPage} from '../support/site.mts';

const GUIDE = '/Guides/Services/Creating a Service';
const HIGHLIGHT = 'search-result';

const navbarBox = (page: Page) => page.locator('.navbar [role="combobox"]');
const popup = (page: Page) => page.locator('.navbar [role="listbox"]');

/** Text of each highlighted range of the page (empty when nothing is highlighted). */
function highlighted(page: Page): Promise<string[]> {
  return page.evaluate((name) => {
    const registry = CSS.highlights as unknown as Map<string, Highlight>;
    const highlight = registry.get(name);
    return highlight ? [...(highlight as unknown as Set<Range>)].map((range) => range.toString()) : [];
  }, HIGHLIGHT);
}

describe('search result highlight', () => {
  const browser = suiteBrowser();

  /** Runs `use` with a page opened at `sitePath`; its context is closed afterwards, whether `use` passed or threw. */
  function onPage(sitePath: string, use: (fixture: {page: Page; errors: Error[]}) => Promise<void>): Promise<void> {
    return withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page, errors}) => {
      await gotoHydrated(page, sitePath);
      await use({page, errors});
    });
  }

  test('a result chosen in the search box highlights the query words, with a clean address', async () => {
    await onPage(GUIDE, async ({page, errors}) => {
      const marksBefore = await page.locator('main mark').count();
      await navbarBox(page).click();
      await navbarBox(page).fill('orig shield');
      // The first option, active on Enter, is the Origin Shield page (not "See all results").
      await popup(page).getByRole('option').first().filter({hasText: 'Origin Shield'}).waitFor();
      await page.keyboard.press('Enter');
      await page.locator('h1', {hasText: 'Origin Shield'}).waitFor();
      const url = new URL(page.url());
      assert.equal(url.search, '', 'no query string');
      assert.match(decodeURI(url.pathname + url.hash), /^\/docs\/Guides\/Origins\/Origin Shield(#[\w-]+)?$/);
      await page.waitForFunction((name) => (CSS.highlights as unknown as Map<string, unknown>).has(name), HIGHLIGHT);
      const words = await highlighted(page);
      assert.ok(words.length > 0, 'words are highlighted');
      for (const word of words) assert.match(word, /^(orig\w*|shield\w*)$/i, word);
      assert.equal(await page.locator('main mark').count(), marksBefore, 'no element is added');
      assert.deepEqual(errors, []);
    });
  });

  test('a result followed from the results page highlights too; ordinary navigation clears it', async () => {
    await onPage('/search', async ({page, errors}) => {
      await page.locator('#search-page-input').fill('purge tags');
      const link = page.getByRole('link', {name: 'Purge by cache tag'}).first();
      await link.waitFor();
      await link.click();
      await page.locator('h1', {hasText: 'Purge by cache tag'}).waitFor();
      assert.equal(new URL(page.url()).search, '', 'no query string');
      await page.waitForFunction((name) => (CSS.highlights as unknown as Map<string, unknown>).has(name), HIGHLIGHT);
      for (const word of await highlighted(page)) assert.match(word, /^(purg\w*|tag\w*)$/i, word);
      await page.locator('.navbar').getByRole('link', {name: 'Guides'}).first().click();
      await page.waitForURL((url) => !url.pathname.includes('purge-tags'));
      await page.waitForFunction((name) => !(CSS.highlights as unknown as Map<string, unknown>).has(name), HIGHLIGHT);
      assert.deepEqual(errors, []);
    });
  });
});
