import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  JS_BUDGETS,
  jsBudgetOf,
  jsBudgets,
  jsLimit,
  readStockReference,
  SEARCH_BUDGETS,
  STOCK_PAGE,
} from './budgets.mts';
import {PAGES} from './results.mts';

test('the bench marks its pages with the budgets of budgets.mts', () => {
  for (const page of PAGES) assert.equal(page.jsBudget, jsBudgetOf(page.path), page.path);
  assert.equal(PAGES.find((page) => page.id === 'home')?.jsBudget, 1);
  assert.equal(PAGES.find((page) => page.id === 'not-found')?.jsBudget, undefined);
});

test('the heaviest operation page joins the budgets after the operation page', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'budgets-'));
  try {
    writeFileSync(path.join(dir, 'services-list.api.mdx'), 'x'.repeat(10));
    writeFileSync(path.join(dir, 'purge-create.api.mdx'), 'x'.repeat(50));
    writeFileSync(path.join(dir, 'origin-object.schema.mdx'), 'x'.repeat(500));
    const budgets = jsBudgets(dir);
    assert.equal(budgets.length, JS_BUDGETS.length + 1);
    const operation = budgets.findIndex((budget) => budget.path === '/api/services-list');
    assert.deepEqual(budgets[operation + 1], {
      page: 'the operation page with the most examples and fields',
      path: '/api/purge-create',
      times: 1,
    });
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('a budget is whole bytes, and the search budgets are in bytes', () => {
  assert.equal(jsLimit(195_619, 1), 195_619);
  assert.equal(jsLimit(195_619, 1.1), 215_180);
  assert.ok(SEARCH_BUDGETS.furtherQueryGzip < SEARCH_BUDGETS.firstQueryGzip);
});

test('the recorded stock reference is of the stock page', () => {
  const stock = readStockReference();
  assert.equal(stock.page, STOCK_PAGE.path);
  assert.ok(stock.js.gzip > 0);
});
