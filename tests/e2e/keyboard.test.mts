// Keyboard-only walkthroughs in Chromium: every step uses the keyboard, and every element that
// takes focus on the way must show a focus indicator (tabTo checks it at each press).
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import type {BrowserContext, BrowserContextOptions, Page} from 'playwright-core';
import {gotoHydrated, suiteBrowser, waitForHtmlAttribute, withPage} from '../support/site.mts';
import {expectVisibleFocus, focusInfo, hasFocus, tabTo} from '../support/a11y.mts';

const GUIDE = '/Guides/Services/Creating a Service'; // tabs, code blocks, sidebar
const TESTER_PAGE = '/Guides/Behaviors/Behaviors Overview'; // the path pattern tester
const CODE_PAGE = '/Guides/Signed URLs/Generating Signatures'; // code blocks outside tabs
const SIGNING_PAGE = CODE_PAGE; // the signed URL generator
const POLICIES_PAGE = '/Guides/Traffic Management/Traffic Policies'; // the traffic policy planner
const API_PAGE = '/api/services-list'; // code-sample tabs and the API explorer

const vectors: {private_key_pem: string; kid: string; exp: number; cases: {url: string; signed_url: string}[]} =
  JSON.parse(readFileSync(new URL('../../docs/Guides/Signed URLs/test-vectors.json', import.meta.url), 'utf8'));

describe('keyboard-only walkthroughs', () => {
  const browser = suiteBrowser();

  /**
   * Runs `use` with a fresh desktop-width page opened at `sitePath`; its context is closed
   * afterwards, whether `use` passed or threw.
   */
  function onPage(
    sitePath: string,
    options: BrowserContextOptions,
    use: (page: Page, context: BrowserContext) => Promise<void>,
  ): Promise<void> {
    return withPage(browser, {viewport: {width: 1280, height: 900}, ...options}, async ({context, page}) => {
      await gotoHydrated(page, sitePath);
      await use(page, context);
    });
  }

  test('the skip link is the first stop and moves focus into the main content', async () => {
    await onPage(GUIDE, {}, async (page) => {
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', {name: 'Skip to main content'});
      assert.ok(await hasFocus(skip), 'the first Tab reaches the skip link');
      assert.ok((await expectVisibleFocus(page)).inViewport, 'the skip link shows when focused');
      await page.keyboard.press('Enter');
      assert.ok(await hasFocus(page.locator('main')), 'Enter moves focus to <main>');
      await page.keyboard.press('Tab');
      assert.ok(await hasFocus(page.locator('main')), 'the next Tab stays in the main content');
      await expectVisibleFocus(page);
    });
  });

  test('navbar: links and version in order, the language menu opens with Enter or Space and Escape closes it', async () => {
    await onPage(GUIDE, {}, async (page) => {
      const navbar = page.getByRole('navigation', {name: 'Main'});
      const language = navbar.locator('.navbar__items--right [aria-haspopup="true"]');
      const visited = await tabTo(page, language);
      for (const name of ['Getting started', 'Guides', 'Products', 'API reference', 'Next']) {
        assert.ok(
          visited.some((stop) => stop.name === name),
          `Tab passes the navbar link "${name}"`,
        );
      }
      const menuItem = navbar.locator('.dropdown__menu a', {hasText: 'English'});
      for (const key of ['Enter', ' ']) {
        await page.keyboard.press(key);
        assert.equal(await language.getAttribute('aria-expanded'), 'true', `${JSON.stringify(key)} opens the menu`);
        await menuItem.waitFor({state: 'visible'});
        await page.keyboard.press('Tab');
        assert.ok(await hasFocus(menuItem), 'Tab moves into the open menu');
        await expectVisibleFocus(page);
        await page.keyboard.press('Escape');
        assert.equal(await language.getAttribute('aria-expanded'), 'false', 'Escape closes the menu');
        await menuItem.waitFor({state: 'hidden'});
        assert.ok(await hasFocus(language), 'focus returns to the menu button');
      }
    });
  });

  test('the colour toggle switches the mode with Enter and Space', async () => {
    await onPage(GUIDE, {colorScheme: 'light'}, async (page) => {
      const toggle = page.getByRole('button', {name: /switch between dark and light mode/i});
      await tabTo(page, toggle);
      await page.keyboard.press('Enter'); // system → light
      await waitForHtmlAttribute(page, 'data-theme-choice', 'light');
      await page.keyboard.press(' '); // light → dark
      await waitForHtmlAttribute(page, 'data-theme', 'dark');
      assert.ok(await hasFocus(toggle), 'focus stays on the toggle');
      await expectVisibleFocus(page);
    });
  });

  test('sidebar categories expand and collapse with the keyboard, and the sidebar hides and shows', async () => {
    await onPage('/Guides/Origins/Origin Shield', {}, async (page) => {
      const sidebar = page.locator('aside.theme-doc-sidebar-container');
      const category = sidebar.getByRole('button', {name: /sidebar category 'Domains'/i});
      const domainPage = sidebar.locator('a', {hasText: 'Adding a Domain'});
      await tabTo(page, category);
      await page.keyboard.press('Enter');
      await domainPage.waitFor({state: 'visible'});
      assert.equal(await category.getAttribute('aria-expanded'), 'true');
      await page.keyboard.press(' ');
      await domainPage.waitFor({state: 'hidden'});
      assert.equal(await category.getAttribute('aria-expanded'), 'false');

      const menu = sidebar.locator('nav.menu');
      const hide = page.getByRole('button', {name: 'Collapse sidebar', exact: true});
      const show = page.getByRole('button', {name: 'Expand sidebar', exact: true});
      await tabTo(page, hide);
      await page.keyboard.press('Enter');
      await menu.waitFor({state: 'hidden'});
      await show.waitFor();
      assert.ok(await hasFocus(show), 'focus moves to the button that shows the sidebar again');
      await expectVisibleFocus(page);
      // Tabbing past the button must not reopen the sidebar.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      assert.ok(await hasFocus(show));
      assert.equal(await menu.isVisible(), false, 'Tab and Shift+Tab leave the sidebar hidden');
      await page.keyboard.press(' ');
      await menu.waitFor({state: 'visible'});
      // The button hands focus on once the sidebar is shown, in a later frame: wait for its focus
      // event. The timer is not a sleep but a bound on that wait: after 3 s the assertion below
      // reports the focus that never came.
      await hide.evaluate(
        (button) =>
          new Promise((resolve) => {
            if (document.activeElement === button) resolve(null);
            button.addEventListener('focus', resolve, {once: true});
            setTimeout(resolve, 3000);
          }),
      );
      assert.ok(await hasFocus(hide), 'focus moves to the button that hides the sidebar');
    });
  });

  test('guide tabs: arrow keys move between Dashboard and API, Enter and Space select', async () => {
    await onPage(GUIDE, {}, async (page) => {
      const tablist = page.getByRole('tablist').first();
      const dashboard = tablist.getByRole('tab', {name: 'Dashboard'});
      const api = tablist.getByRole('tab', {name: 'API'});
      await tabTo(page, dashboard, {max: 150});
      await page.keyboard.press('ArrowRight');
      assert.ok(await hasFocus(api), 'ArrowRight moves to the API tab');
      await expectVisibleFocus(page);
      await page.keyboard.press('Enter');
      assert.equal(await api.getAttribute('aria-selected'), 'true', 'Enter selects the API tab');
      await page.getByRole('tabpanel').first().locator('pre').first().waitFor({state: 'visible'});
      await page.keyboard.press('ArrowLeft');
      assert.ok(await hasFocus(dashboard), 'ArrowLeft moves back to the Dashboard tab');
      await page.keyboard.press(' ');
      assert.equal(await dashboard.getAttribute('aria-selected'), 'true', 'Space selects the Dashboard tab');
    });
  });

  test('a code block copy button copies the code with the keyboard', async () => {
    await onPage(CODE_PAGE, {}, async (page, context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const block = page.locator('article .theme-code-block').filter({visible: true}).first();
      const copy = block.getByRole('button', {name: 'Copy code to clipboard'});
      await tabTo(page, copy, {max: 200});
      await page.keyboard.press('Enter');
      await block.getByRole('button', {name: 'Copied'}).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const shown = await block.locator('.token-line').allTextContents();
      assert.deepEqual(
        copied.trimEnd().split('\n'),
        shown.map((line) => line.replace(/\n$/, '')),
      );
    });
  });

  test('the path pattern tester is usable with the keyboard alone', async () => {
    await onPage(TESTER_PAGE, {}, async (page) => {
      const patterns = page.getByLabel('Path patterns, one per line, in position order');
      const url = page.getByLabel('Request URL or path');
      await tabTo(page, patterns, {max: 200});
      await page.keyboard.press('Tab');
      assert.ok(await hasFocus(url), 'Tab moves from the patterns to the URL field');
      await expectVisibleFocus(page);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('/docs/v2/intro');
      const verdict = page.locator('output');
      assert.match(await verdict.innerText(), /position 4 applies/);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type('\n/docs/*');
      assert.match(await verdict.innerText(), /position 4 applies/, 'an added later pattern does not win');
    });
  });

  test('focus is never trapped: Tab runs through the whole page and comes back to the top', async () => {
    await onPage(GUIDE, {}, async (page) => {
      const skip = page.getByRole('link', {name: 'Skip to main content'});
      const seen = new Set<string>();
      let stops = 0;
      for (; stops < 600; stops++) {
        await page.keyboard.press('Tab');
        if (stops > 0 && (await hasFocus(skip))) break;
        const info = await focusInfo(page);
        if (!info) continue; // the document itself, between the last element and the first
        if (!info.indicated) assert.fail(`no visible focus indicator on ${info.tag} "${info.name}" (${info.detail})`);
        const key = await page.evaluate(() => {
          const path: string[] = [];
          for (let el = document.activeElement; el && el !== document.body; el = el.parentElement) {
            path.unshift(`${el.tagName}:${Array.from(el.parentElement?.children ?? []).indexOf(el)}`);
          }
          return path.join('/');
        });
        assert.ok(!seen.has(key), `focus came back to ${info.tag} "${info.name}" before reaching the end: a trap`);
        seen.add(key);
      }
      assert.ok(await hasFocus(skip), `after ${stops} stops focus had not wrapped back to the skip link`);
      assert.ok(seen.size > 30, `only ${seen.size} focusable elements`);
    });
  });

  test('the mobile drawer takes focus, keeps it while open, and Escape closes it', async () => {
    await onPage(GUIDE, {viewport: {width: 800, height: 900}}, async (page) => {
      const menuButton = page.getByRole('button', {name: 'Toggle navigation bar'});
      const drawer = page.locator('.navbar-sidebar');
      await tabTo(page, menuButton);
      await page.keyboard.press('Enter');
      await drawer.waitFor({state: 'visible'});
      // Focus moves in once the drawer has slid in.
      await drawer.locator(':focus').waitFor();
      for (let i = 0; i < 12; i++) {
        assert.ok(await hasFocus(drawer), `focus is in the open drawer (press ${i})`);
        await expectVisibleFocus(page);
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Escape');
      await drawer.waitFor({state: 'hidden'});
      assert.ok(await hasFocus(menuButton), 'focus returns to the menu button');
    });
  });

  test('API page: code-sample tabs follow the arrow keys, and the explorer opens, sends and closes by keyboard', async () => {
    await onPage(API_PAGE, {}, async (page) => {
      const curl = page.getByRole('tab', {name: 'curl'});
      await tabTo(page, curl, {max: 200});
      await page.keyboard.press('ArrowRight');
      const python = page.getByRole('tab', {name: 'Python'});
      assert.ok(await hasFocus(python), 'ArrowRight moves to the next language');
      await page.keyboard.press('Enter');
      assert.equal(await python.getAttribute('aria-selected'), 'true', 'Enter selects it');

      const tryIt = page.getByRole('button', {name: 'Try it'});
      await tabTo(page, tryIt, {max: 200, backwards: true});
      await page.keyboard.press('Enter');
      await page.getByRole('heading', {name: 'Send API Request'}).waitFor();
      const send = page.getByRole('button', {name: /send api request/i});
      await tabTo(page, send, {max: 60});
      await page.keyboard.press('Enter');
      // The default server is the local mock, which the test run starts: its answer is announced.
      await page
        .getByRole('status')
        .filter({hasText: /Response: \d{3}\b/})
        .waitFor();
      const closeButton = page.getByRole('button', {name: 'Close the API explorer'});
      await tabTo(page, closeButton, {max: 60, backwards: true});
      await page.keyboard.press('Enter');
      await page.getByRole('heading', {name: 'Send API Request'}).waitFor({state: 'detached'});
    });
  });

  test('the signed URL generator signs a published test vector with the keyboard alone', async () => {
    await onPage(SIGNING_PAGE, {}, async (page) => {
      const form = page.locator('form', {has: page.getByRole('button', {name: 'Sign URL'})});
      const vector = vectors.cases[0];
      const typeInto = async (label: string, text: string) => {
        const field = form.getByLabel(label);
        await tabTo(page, field, {max: 200});
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('Delete');
        await page.keyboard.insertText(text);
      };
      await typeInto('Private key', vectors.private_key_pem);
      await typeInto('URL to sign', vector.url);
      await typeInto('Key ID (kid)', vectors.kid);
      await tabTo(page, form.getByLabel('At a Unix time'), {max: 20});
      await page.keyboard.press('Space');
      await typeInto('Unix time, in seconds', String(vectors.exp));
      await tabTo(page, form.getByRole('button', {name: 'Sign URL'}), {max: 20});
      await page.keyboard.press('Enter');
      const signed = form.getByTestId('signed-url');
      await signed.waitFor();
      assert.equal(await signed.innerText(), vector.signed_url);
    });
  });

  test('the traffic policy planner answers a query edited with the keyboard alone', async () => {
    await onPage(POLICIES_PAGE, {}, async (page) => {
      const planner = page.locator('section', {has: page.getByText('Traffic policy planner', {exact: true})});
      const result = planner.getByTestId('planner-result');
      const clearAndType = async (label: string, text: string) => {
        await tabTo(page, planner.getByLabel(label, {exact: true}), {max: 300});
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('Delete');
        if (text) await page.keyboard.insertText(text);
      };
      await clearAndType('Country (ISO 3166-1 alpha-2)', 'JP');
      await clearAndType('Subdivision (ISO 3166-2, optional)', '');
      await clearAndType('ASN (optional)', '');
      assert.match((await result.innerText()).replace(/\s+/g, ' '), /gets the policy Default \(priority 0, world\)/);
      const fastlyDown = planner.getByLabel('Fastly is down');
      await tabTo(page, fastlyDown, {max: 300});
      await page.keyboard.press('Space');
      assert.ok(await fastlyDown.isChecked(), 'Space ticks the checkbox');
      assert.match((await result.innerText()).replace(/\s+/g, ' '), /Amazon CloudFront: 100%/);
    });
  });
});
