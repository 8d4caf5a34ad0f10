// Byte budgets: the JavaScript (gzip) a page downloads on load, compared with a stock
// Docusaurus doc page of the same version, and what a search query downloads. The budgets are
// defined once, in scripts/bench/budgets.mts, which `npm run bench` marks its report with; the
// bench measures the stock page and records it in tests/fixtures/stock-docusaurus.json. Bytes do
// not vary between runs, so they are tested here (timings and Lighthouse scores stay in the bench).
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import type {Browser} from 'playwright-core';
import {jsBudgets, jsLimit, readStockReference, SEARCH_BUDGETS} from '../../scripts/bench/budgets.mts';
import {
  fetchSizes,
  launchMeasuringBrowser,
  measurePageWeight,
  type PageWeight,
} from '../../scripts/bench/page-weight.mts';
import {siteUrl, withPage} from '../support/site.mts';

const stock = readStockReference();
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

const FIRST_QUERY_BUDGET = SEARCH_BUDGETS.firstQueryGzip;
const FURTHER_QUERY_BUDGET = SEARCH_BUDGETS.furtherQueryGzip;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function heaviestScripts(weight: PageWeight) {
  return weight.responses
    .filter((response) => response.kind === 'js')
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map((response) => `${new URL(response.url).pathname} ${kB(response.gzip)}`)
    .join(', ');
}

describe('JavaScript byte budgets', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchMeasuringBrowser();
  });
  after(async () => browser?.close());

  test('the stock reference was measured with the Docusaurus version the site uses', () => {
    assert.equal(
      stock.docusaurusVersion,
      packageJson.dependencies['@docusaurus/core'],
      'tests/fixtures/stock-docusaurus.json is stale: run `npm run bench` to measure the stock site again',
    );
    assert.ok(stock.js.gzip > 0, 'the stock figure is a real measurement');
  });

  for (const {page, path, times} of jsBudgets()) {
    test(`${page} loads at most ${times}× the JS (gzip) of the stock doc page`, async () => {
      const weight = await measurePageWeight(browser, siteUrl(path));
      assert.equal(weight.status, 200, `${path} answers`);
      const budget = jsLimit(stock.js.gzip, times);
      assert.ok(
        weight.totals.js.gzip <= budget,
        `${path} loads ${kB(weight.totals.js.gzip)} of JS (gzip) in ${weight.totals.js.requests} files; ` +
          `the budget is ${kB(budget)} (${times}× the stock ${stock.page}). Heaviest: ${heaviestScripts(weight)}`,
      );
    });
  }

  test(`the first query downloads at most ${kB(FIRST_QUERY_BUDGET)} (gzip) in all, a further one at most ${kB(FURTHER_QUERY_BUDGET)}`, async () => {
    await withPage(browser, {serviceWorkers: 'block'}, async ({page}) => {
      await page.goto(siteUrl('/'), {waitUntil: 'networkidle'});
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      let requested = new Set<string>();
      page.on('request', (request) => requested.add(request.url()));
      const box = page.locator('.navbar [role="combobox"]');
      const search = async (query: string, expected: RegExp) => {
        requested = new Set<string>();
        await box.fill(query);
        await page.locator('.navbar [role="listbox"] [role="option"]', {hasText: expected}).first().waitFor();
        await page.waitForLoadState('networkidle');
        const sizes = await Promise.all([...requested].map(async (url) => ({url, ...(await fetchSizes(url))})));
        const total = sizes.reduce((sum, {gzip}) => sum + gzip, 0);
        const list = sizes.map(({url, gzip}) => `${new URL(url).pathname} ${kB(gzip)}`).join(', ');
        return {sizes, total, list};
      };
      await box.click();
      const first = await search('origin shield', /Origin Shield/);
      assert.ok(
        first.sizes.some(({url}) => url.includes('/assets/search/shard.')),
        'the index shards are among the downloads',
      );
      assert.ok(first.total <= FIRST_QUERY_BUDGET, `the first query downloads ${kB(first.total)}: ${first.list}`);
      const further = await search('purge cache tags', /Purge/);
      assert.ok(
        !further.sizes.some(({url}) => url.includes('/assets/search/meta.')),
        'a further query does not fetch the meta file again',
      );
      assert.ok(
        further.total <= FURTHER_QUERY_BUDGET,
        `a further query downloads ${kB(further.total)}: ${further.list}`,
      );
    });
  });
});
