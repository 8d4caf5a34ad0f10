// The byte budgets, defined once: which pages, how much JavaScript (gzip) each may load as a
// multiple of the stock Docusaurus doc page, and what a search query may download. `npm run bench`
// measures the stock page, records it in tests/fixtures/stock-docusaurus.json and marks its pages
// against these budgets; tests/e2e/budgets.test.mts asserts them on every build (bytes do not vary
// between runs; timings and Lighthouse scores stay in the benchmark).
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {root, type ByteSizes} from './common.mts';

/** The page the budgets compare with: the classic template's first doc, under the same /docs/ base URL. */
export const STOCK_PAGE = {id: 'stock-doc', label: 'Stock Docusaurus doc page', path: '/docs/intro'} as const;

/** Where the bench records the stock page's bytes for the budget test. */
export const STOCK_FIXTURE = path.join(root, 'tests', 'fixtures', 'stock-docusaurus.json');

/** The stock page's bytes as recorded in STOCK_FIXTURE. */
export interface StockReference {
  about: string;
  docusaurusVersion: string;
  page: string;
  measured: string;
  js: ByteSizes;
  total: ByteSizes;
}

export function readStockReference(): StockReference {
  return JSON.parse(readFileSync(STOCK_FIXTURE, 'utf8')) as StockReference;
}

export function writeStockReference(reference: Omit<StockReference, 'about' | 'page'>): void {
  const recorded: StockReference = {
    about: 'Bytes the stock Docusaurus doc page loads; written by `npm run bench` (scripts/bench/).',
    docusaurusVersion: reference.docusaurusVersion,
    page: STOCK_PAGE.path,
    measured: reference.measured,
    js: reference.js,
    total: reference.total,
  };
  writeFileSync(STOCK_FIXTURE, `${JSON.stringify(recorded, null, 2)}\n`);
}

/** A page's JavaScript (gzip) budget: at most `times` × the stock doc page's. */
export interface JsBudget {
  /** The page in words, for test names and messages. */
  page: string;
  /** Its site path. */
  path: string;
  times: number;
}

/** The pages with a JS budget; the heaviest operation page is added by `jsBudgets()`. */
export const JS_BUDGETS: readonly JsBudget[] = [
  {page: 'the home page', path: '/', times: 1},
  {page: 'a guide page', path: '/Guides/Origins/Origin Shield', times: 1},
  {page: 'a category page', path: '/category/guides', times: 1},
  {page: 'an API operation page', path: '/api/services-list', times: 1},
  // The heaviest operation page: a request body of many fields, and several examples.
  {page: 'an operation page with a large request body', path: '/api/services-origins-create', times: 1},
  {page: 'the API overview', path: '/api/tributary-api', times: 1},
  {page: 'an API object page', path: '/api/origin-object', times: 1},
];

/**
 * The operation page with the most generated MDX (examples and code samples; its body fields load
 * apart, scripts/api-reference/page-schemas.mts): its chunk is the heaviest, so when it fits the
 * budget every operation page does. Read from generated/api/, so only once the API pages
 * are generated.
 */
export function heaviestOperationPage(generatedApi = path.join(root, 'generated', 'api')): string {
  const [largest] = readdirSync(generatedApi)
    .filter((name) => name.endsWith('.api.mdx'))
    .map((name) => ({name, size: statSync(path.join(generatedApi, name)).size}))
    .sort((a, b) => b.size - a.size);
  if (!largest) throw new Error(`${generatedApi} has no operation pages (*.api.mdx): run npm run api:gen.`);
  return `/api/${largest.name.replace(/\.api\.mdx$/, '')}`;
}

/** Every JS budget, the heaviest operation page (from generated/api/) after the operation page. */
export function jsBudgets(generatedApi?: string): JsBudget[] {
  const heaviest: JsBudget = {
    page: 'the operation page with the most examples and fields',
    path: heaviestOperationPage(generatedApi),
    times: 1,
  };
  const afterOperation = JS_BUDGETS.findIndex((budget) => budget.path === '/api/services-list') + 1;
  return [...JS_BUDGETS.slice(0, afterOperation), heaviest, ...JS_BUDGETS.slice(afterOperation)];
}

/** The budget of a site path, as a multiple of the stock page's JS, if it has one. */
export function jsBudgetOf(sitePath: string): number | undefined {
  return JS_BUDGETS.find((budget) => budget.path === sitePath)?.times;
}

/**
 * Everything the first query downloads, from opening the box to its results (code, meta
 * file, index shards, document chunks), gzip; and what a further query adds.
 */
export const SEARCH_BUDGETS = {firstQueryGzip: 200_000, furtherQueryGzip: 60_000} as const;

/** The most JS (gzip) bytes a page may load for a budget of `times` × the stock page's `stockJsGzip`. */
export function jsLimit(stockJsGzip: number, times: number): number {
  return Math.floor(stockJsGzip * times);
}
