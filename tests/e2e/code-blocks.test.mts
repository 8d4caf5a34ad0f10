// Code blocks are highlighted at build time (plugins/code-highlight): the page arrives with its
// tokens, in the code theme of the reader's colour mode, and no highlighter is downloaded. Blocks
// given a string at run time still render, and client-side navigation shows highlighted code too.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {codeThemeDark, codeThemeLight} from '../../src/codeThemes';
import {consoleErrors, gotoHydrated, suiteBrowser, siteUrl, withPage} from '../support/site.mts';

const GUIDE = '/Guides/Origins/Origin Shield';
/** A page with <CodeBlock language="text"> blocks filled from imported JSON at run time. */
const RUNTIME_BLOCKS = '/Guides/Signed URLs/Generating Signatures';

/** `rgb(…)` as the browser computes it, for a theme colour written as #rrggbb or rgb(…). */
function computed(colour: string): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!hex) return colour.replace(/\s+/g, ' ');
  return `rgb(${hex
    .slice(1)
    .map((pair) => parseInt(pair, 16))
    .join(', ')})`;
}

function themeColour(theme: typeof codeThemeLight, type: string): string {
  const entry = [...theme.styles].reverse().find((style) => style.types.includes(type) && !style.languages);
  assert.ok(entry?.style.color, `the theme colours "${type}" tokens`);
  return computed(entry.style.color);
}

/** Colour of the first visible token of a type in a bash block, and the block's background. */
function tokenColours(page: Page, type: string) {
  return page.evaluate((tokenType) => {
    const token = Array.from(document.querySelectorAll(`.prism-code.language-bash .token.${tokenType}`)).find(
      (element) => (element as HTMLElement).offsetParent !== null,
    );
    const pre = token?.closest('pre');
    return token && pre
      ? {token: getComputedStyle(token).color, background: getComputedStyle(pre).backgroundColor}
      : null;
  }, type);
}

describe('code blocks', () => {
  const browser = suiteBrowser();

  for (const [mode, theme] of [
    ['light', codeThemeLight],
    ['dark', codeThemeDark],
  ] as const) {
    test(`arrive highlighted in the ${mode} code theme, with no highlighter downloaded`, async () => {
      await withPage(browser, {colorScheme: mode}, async ({page, errors}) => {
        const scripts: string[] = [];
        page.on('response', async (response) => {
          if (response.url().endsWith('.js')) scripts.push(await response.text().catch(() => ''));
        });
        await gotoHydrated(page, GUIDE);
        assert.ok((await page.locator('.prism-code .token.string').count()) > 0, 'string tokens are marked');
        assert.deepEqual(await tokenColours(page, 'string'), {
          token: themeColour(theme, 'string'),
          background: computed(theme.plain.backgroundColor ?? ''),
        });
        // Prism's tokenizer runs its "before-tokenize" hooks; no script of the page carries it.
        assert.ok(scripts.length > 0);
        assert.equal(scripts.filter((code) => code.includes('before-tokenize')).length, 0, 'no Prism on the page');
        assert.deepEqual(errors, []);
      });
    });
  }

  test('switching the colour mode recolours the code without a reload', async () => {
    await withPage(browser, {colorScheme: 'light'}, async ({page}) => {
      await gotoHydrated(page, GUIDE);
      const toggle = page.getByRole('button', {name: /switch between dark and light mode/i});
      // The toggle cycles through the modes (light, dark, system): click until dark is on.
      for (let click = 0; click < 3 && (await page.locator('html[data-theme="dark"]').count()) === 0; click += 1) {
        await toggle.click();
      }
      await page.locator('html[data-theme="dark"]').waitFor({state: 'attached'});
      assert.equal((await tokenColours(page, 'string'))?.token, themeColour(codeThemeDark, 'string'));
    });
  });

  test('blocks filled at run time show their text, and the copy button copies it', async () => {
    await withPage(browser, {permissions: ['clipboard-read', 'clipboard-write']}, async ({page, errors}) => {
      const logged = consoleErrors(page);
      await gotoHydrated(page, RUNTIME_BLOCKS);
      const block = page.locator('.theme-code-block', {hasText: 'URL to sign'}).first();
      const code = (await block.locator('code').innerText()).trim();
      assert.match(code, /^https:\/\//);
      await block.hover();
      await block.getByRole('button', {name: /copy/i}).click();
      assert.equal((await page.evaluate(() => navigator.clipboard.readText())).trim(), code);
      assert.deepEqual(errors, []);
      assert.deepEqual(logged, []);
    });
  });

  test('on a phone, a block wider than the screen offers word wrap, also once its tab is shown', async () => {
    await withPage(browser, {viewport: {width: 412, height: 823}, hasTouch: true}, async ({page, errors}) => {
      await gotoHydrated(page, '/Guides/Testing/Testing HTTP Traffic');
      // The API tab's request example is in a hidden tab panel until the tab is chosen.
      await page.getByRole('tab', {name: 'API', exact: true}).first().click();
      const panel = page
        .getByRole('tabpanel')
        .filter({has: page.locator('.theme-code-block')})
        .first();
      const block = panel.locator('.theme-code-block').first();
      const pre = block.locator('pre');
      const scrollsSideways = () => pre.evaluate((element) => element.scrollWidth > element.clientWidth);
      assert.equal(await scrollsSideways(), true, 'the request example is wider than a phone screen');
      const wrap = block.getByRole('button', {name: 'Toggle word wrap'});
      await wrap.click();
      assert.equal(await scrollsSideways(), false, 'wrapped lines fit the screen');
      await wrap.click();
      assert.equal(await scrollsSideways(), true, 'unwrapped lines scroll again');
      assert.deepEqual(errors, []);
    });
  });

  test('on a phone, a block highlighted after hydration offers word wrap once it is shown', async () => {
    await withPage(browser, {viewport: {width: 412, height: 823}, hasTouch: true}, async ({page, errors}) => {
      await gotoHydrated(page, RUNTIME_BLOCKS);
      // A JSON block filled at run time, inside a closed <details>: the browser highlighter replaces its <pre>.
      const block = page.locator('.theme-code-block', {hasText: 'test-vectors.json'});
      await block.locator('.token').first().waitFor({state: 'attached'});
      await page.getByText('The whole test-vectors.json file').click();
      const pre = block.locator('pre');
      assert.equal(await pre.evaluate((element) => element.scrollWidth > element.clientWidth), true);
      await block.getByRole('button', {name: 'Toggle word wrap'}).click();
      assert.equal(await pre.evaluate((element) => element.scrollWidth > element.clientWidth), false);
      assert.deepEqual(errors, []);
    });
  });

  test('a page reached by client-side navigation shows highlighted code', async () => {
    await withPage(browser, {}, async ({page, errors}) => {
      await gotoHydrated(page, '/Guides/Origins/Origins Overview');
      const link = page.locator(`main a[href="${decodeURI(new URL(siteUrl(GUIDE)).pathname)}"]`).first();
      await link.click();
      await page.locator('h1', {hasText: 'Origin Shield'}).waitFor();
      assert.ok((await page.locator('.prism-code .token.string').count()) > 0, 'string tokens are marked');
      assert.deepEqual(errors, []);
    });
  });
});
