import {after, before} from 'node:test';
import {chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page} from 'playwright-core';
import {readFileSync} from 'node:fs';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../../scripts/chromium.mts';

/** Every route the site promises (tests/fixtures/catalogue.json), as site paths under the base URL. */
export const catalogue: {
  topLevel: string[];
  guides: {path: string; title: string}[];
  categories: string[];
  apiPages: string[];
} = JSON.parse(readFileSync(new URL('../fixtures/catalogue.json', import.meta.url), 'utf8'));

/** Where `npm test` serves the production build (nginx), e.g. http://127.0.0.1:8090/docs/ */
export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8080/docs/';

/** Absolute URL of a site path such as `/Guides/Origins/Origin Shield` (spaces are encoded). */
export function siteUrl(sitePath: string): string {
  const clean = sitePath.replace(/^\//, '');
  return new URL(encodeURI(clean), BASE_URL).href;
}

/** The text of the first <h1> of an HTML document, tags removed and common entities decoded. */
export function h1Of(html: string): string {
  const match = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/);
  return (match?.[1] ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
}

/**
 * One browser for the enclosing suite: launched before its first test and closed after its last.
 * Call it in a `describe` (or at the top of a file) and use the result as the Browser it stands for;
 * it forwards to the browser launched in `before`, so the suite needs no launch and close code.
 */
export function suiteBrowser(): Browser {
  let browser: Browser | undefined;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());
  return new Proxy({} as Browser, {
    get(_, property) {
      if (!browser) throw new Error('The suite browser is launched in before(): use it inside a test or hook.');
      const value: unknown = Reflect.get(browser, property);
      return typeof value === 'function' ? value.bind(browser) : value;
    },
  });
}

/** A page whose uncaught errors fail the test that reads `errors`. */
export async function newPage(context: BrowserContext): Promise<{page: Page; errors: Error[]}> {
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return {page, errors};
}

/** What a test gets from `withPage`: a page of its own context, and the page's uncaught errors. */
export interface PageFixture {
  context: BrowserContext;
  page: Page;
  errors: Error[];
}

/**
 * Runs `use` with a page in a new browser context, and closes the context afterwards, whether `use`
 * passed or threw.
 */
export async function withPage<T>(
  browser: Browser,
  options: BrowserContextOptions,
  use: (fixture: PageFixture) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext(options);
  try {
    const {page, errors} = await newPage(context);
    return await use({context, page, errors});
  } finally {
    await context.close();
  }
}

/** The errors the page logs to its console from now on. */
export function consoleErrors(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  return logged;
}

/** Opens a site path and waits until React has hydrated, so the page is interactive. */
export async function gotoHydrated(page: Page, sitePath: string) {
  const response = await page.goto(siteUrl(sitePath));
  await waitForHydration(page);
  return response;
}

/**
 * Waits until React has hydrated, through the attributes the start-up layer documents
 * (plugins/startup/README.md): the app (`data-has-hydrated`, Docusaurus's own), the islands of a doc
 * page's article, and the navbar, which hydrates on its own when the layer is on (a page with the
 * layer has its `#startup-scripts` block). Locator waits run in Playwright's own world;
 * `waitForFunction` would evaluate a string in the page, which the site's CSP rightly refuses.
 */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.locator('[data-islands="pending"]').waitFor({state: 'detached'});
  await page.locator('html[data-navbar-hydrated], html:not(:has(#startup-scripts))').waitFor({state: 'attached'});
}

/** Waits until <html> has the given attribute value (colour mode, theme choice…). */
export async function waitForHtmlAttribute(page: Page, name: string, value: string) {
  await page.locator(`html[${name}="${value}"]`).waitFor({state: 'attached'});
}
