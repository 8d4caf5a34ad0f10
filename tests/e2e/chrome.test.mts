import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {gotoHydrated, suiteBrowser, waitForHtmlAttribute, waitForHydration, withPage} from '../support/site.mts';

const GUIDE = '/Getting started/Behind the Scenes';

async function theme(page: Page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    choice: document.documentElement.dataset.themeChoice,
    stored: localStorage.getItem('theme'),
  }));
}

describe('site chrome', () => {
  const browser = suiteBrowser();

  test('colour toggle cycles light → dark → system, survives reload and syncs to a second tab', async () => {
    await withPage(browser, {colorScheme: 'dark'}, async ({context, page}) => {
      await gotoHydrated(page, GUIDE);
      assert.deepEqual(await theme(page), {theme: 'dark', choice: 'system', stored: null});
      const toggle = page.locator('button[class*="toggleButton"]').first();

      await toggle.click();
      assert.deepEqual(await theme(page), {theme: 'light', choice: 'light', stored: 'light'});
      await toggle.click();
      assert.deepEqual(await theme(page), {theme: 'dark', choice: 'dark', stored: 'dark'});

      await page.reload();
      await waitForHydration(page);
      assert.deepEqual(await theme(page), {theme: 'dark', choice: 'dark', stored: 'dark'});

      const second = await context.newPage();
      await gotoHydrated(second, '/');
      assert.equal((await theme(second)).theme, 'dark');
      await page.locator('button[class*="toggleButton"]').first().click(); // dark → system
      await waitForHtmlAttribute(second, 'data-theme-choice', 'system');
      assert.equal((await theme(page)).choice, 'system');
    });
  });

  test('in system mode the colour follows prefers-color-scheme live', async () => {
    await withPage(browser, {colorScheme: 'light'}, async ({page}) => {
      await gotoHydrated(page, GUIDE);
      assert.equal((await theme(page)).theme, 'light');
      await page.emulateMedia({colorScheme: 'dark'});
      await waitForHtmlAttribute(page, 'data-theme', 'dark');
      await page.emulateMedia({colorScheme: 'light'});
      await waitForHtmlAttribute(page, 'data-theme', 'light');
    });
  });

  test('the announcement bar stays dismissed after reload and shows again for a new id', async () => {
    await withPage(browser, {}, async ({page}) => {
      await gotoHydrated(page, GUIDE);
      const bar = page.getByRole('banner').filter({hasText: 'Traffic statistics'});
      await bar.waitFor();
      await bar.getByRole('button', {name: /close/i}).click();
      await bar.waitFor({state: 'detached'});
      await page.reload();
      await waitForHydration(page);
      // The server HTML always carries the bar (hidden by CSS before hydration): check what shows.
      assert.equal(await page.getByText('Traffic statistics are now served').isVisible(), false);

      // A reader who dismissed an earlier announcement sees the current one.
      await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement'));
      await page.reload();
      await page.getByText('Traffic statistics are now served').waitFor({state: 'visible'});
    });
  });

  test('at 996 px and below the sidebar moves into the drawer', async () => {
    await withPage(browser, {viewport: {width: 996, height: 900}}, async ({page}) => {
      await gotoHydrated(page, GUIDE);
      assert.equal(await page.locator('aside.theme-doc-sidebar-container').isVisible(), false);
      await page.getByRole('button', {name: /toggle navigation bar/i}).click();
      const drawer = page.locator('.navbar-sidebar');
      await drawer.waitFor({state: 'visible'});
      await drawer.getByText('Guides', {exact: true}).first().waitFor({state: 'visible'});
    });
  });

  test('above 996 px the sidebar is visible and can be hidden and shown again', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page}) => {
      await gotoHydrated(page, GUIDE);
      const sidebarMenu = page.locator('aside.theme-doc-sidebar-container nav.menu');
      assert.equal(await sidebarMenu.isVisible(), true);
      await page.getByRole('button', {name: 'Collapse sidebar', exact: true}).click();
      await sidebarMenu.waitFor({state: 'hidden'});
      await page.getByRole('button', {name: 'Expand sidebar', exact: true}).click();
      await sidebarMenu.waitFor({state: 'visible'});
    });
  });

  test('a page opened on a phone shows a working sidebar and table of contents once widened', async () => {
    // On a phone the server-rendered sidebar and TOC are left unhydrated and removed (HydrateOnDesktop).
    await withPage(browser, {viewport: {width: 412, height: 823}}, async ({page, errors}) => {
      await gotoHydrated(page, '/Guides/Origins/Origin Shield');
      const sidebar = page.locator('aside.theme-doc-sidebar-container');
      await sidebar.locator('nav.menu').waitFor({state: 'detached'});
      await page.setViewportSize({width: 1280, height: 900});
      await sidebar.locator('a', {hasText: 'Origin Shield'}).waitFor({state: 'visible'});
      await sidebar.getByRole('button', {name: /expand sidebar category 'Domains'/i}).click();
      await sidebar.locator('a', {hasText: 'Adding a Domain'}).waitFor({state: 'visible'});
      const toc = page.locator('.theme-doc-toc-desktop');
      const tocLink = toc.locator('a.table-of-contents__link').nth(2);
      await tocLink.click();
      const target = decodeURIComponent(new URL((await tocLink.getAttribute('href'))!, page.url()).hash.slice(1));
      await page.waitForFunction(
        (id) => location.hash === `#${id}` || decodeURIComponent(location.hash) === `#${id}`,
        target,
      );
      await tocLink.and(page.locator('.table-of-contents__link--active')).waitFor({state: 'visible'});
      assert.deepEqual(errors, []);
    });
  });

  test('other sidebar categories collapse when one is opened', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page}) => {
      await gotoHydrated(page, '/Guides/Origins/Origin Shield');
      const sidebar = page.locator('aside.theme-doc-sidebar-container');
      const origins = sidebar.getByRole('button', {name: /expand sidebar category 'Domains'/i});
      await origins.click();
      await sidebar.locator('a', {hasText: 'Adding a Domain'}).waitFor({state: 'visible'});
      await sidebar.locator('a', {hasText: 'Origin Advanced Settings'}).waitFor({state: 'hidden'});
    });
  });

  test('a tab chosen on one page is the one shown on the next page of its group, after hydration', async () => {
    await withPage(browser, {}, async ({page, errors}) => {
      await gotoHydrated(page, '/Guides/Testing/Testing HTTP Traffic');
      await page.getByRole('tab', {name: 'API', exact: true}).first().click();
      await gotoHydrated(page, '/Guides/Origins/Origin Shield');
      const tabSets = page.locator('.tabs-container').filter({has: page.getByRole('tab', {name: 'API', exact: true})});
      assert.ok((await tabSets.count()) >= 2, 'the guide has Dashboard/API tab sets');
      for (const tabSet of await tabSets.all()) {
        await tabSet.getByRole('tab', {name: 'API', exact: true, selected: true}).waitFor();
        assert.equal(await tabSet.getByRole('tab', {name: 'Dashboard'}).getAttribute('aria-selected'), 'false');
        const panels = tabSet.locator(':scope > .margin-top--md > [role="tabpanel"]');
        assert.deepEqual(
          await panels.evaluateAll((elements) => elements.map((element) => (element as HTMLElement).hidden)),
          [true, false],
          'only the API panel is shown',
        );
      }
      assert.deepEqual(errors, []);
    });
  });

  test('the navbar marks the section of the page shown, on a first load and after a navigation in the app', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page, errors}) => {
      const marked = () =>
        page
          .locator('.navbar__items .navbar__link--active')
          .evaluateAll((links) => links.map((link) => link.textContent));
      // A guide is in the guides' sidebar, which the "Getting started" doc and "Guides" both open,
      // and in the docs version the dropdown names.
      await gotoHydrated(page, '/Guides/Origins/Origin Shield');
      assert.deepEqual(await marked(), ['Getting started', 'Guides', 'Next']);
      // Addresses differ from the doc's path in case, trailing slash and encoding, as links may.
      await page.evaluate(() => {
        const link = document.createElement('a');
        link.href = '/docs/API/services-list/';
        link.textContent = 'List services';
        document.querySelector('article .markdown')!.append(link);
      });
      await page.getByRole('link', {name: 'List services', exact: true}).click();
      await page.getByRole('heading', {level: 1, name: 'List services'}).waitFor();
      assert.deepEqual(await marked(), ['API reference']);
      await gotoHydrated(page, '/category/products');
      assert.deepEqual(await marked(), ['Getting started', 'Guides', 'Products', 'Next']);
      assert.deepEqual(errors, []);
    });
  });

  test('a tab chosen below another tab set of its group stays where the reader pressed it', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page, errors}) => {
      await gotoHydrated(page, '/Guides/Origins/Origin Shield');
      const tabSets = page.locator('.tabs-container').filter({has: page.getByRole('tab', {name: 'API', exact: true})});
      const [above, below] = [tabSets.nth(0), tabSets.nth(1)];
      const heightAbove = async () => (await above.boundingBox())!.height;
      const before = await heightAbove();
      const tab = below.getByRole('tab', {name: 'API', exact: true});
      await tab.scrollIntoViewIfNeeded();
      const top = (await tab.boundingBox())!.y;
      await tab.click();
      await below.getByRole('tab', {name: 'API', exact: true, selected: true}).waitFor();
      await above.getByRole('tab', {name: 'API', exact: true, selected: true}).waitFor();
      // The set above changed height, which would have moved the tab without the scroll correction.
      assert.notEqual(await heightAbove(), before);
      assert.ok(Math.abs((await tab.boundingBox())!.y - top) <= 1, 'the pressed tab has not moved');
      assert.deepEqual(errors, []);
    });
  });

  test('the skip link moves focus to the main content', async () => {
    await withPage(browser, {}, async ({page}) => {
      await gotoHydrated(page, GUIDE);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', {name: 'Skip to main content'});
      assert.equal(await skip.evaluate((el) => el === document.activeElement), true);
      await page.keyboard.press('Enter');
      const focused = await page.evaluate(
        () => document.activeElement?.closest('main')?.tagName ?? document.activeElement?.id,
      );
      assert.ok(focused === 'MAIN' || focused === '__docusaurus_skipToContent_fallback', `focus on ${focused}`);
    });
  });

  test('a guide page shows breadcrumbs and a table of contents of its h2 and h3', async () => {
    await withPage(browser, {viewport: {width: 1280, height: 900}}, async ({page}) => {
      await gotoHydrated(page, GUIDE);
      const crumbs = page.getByRole('navigation', {name: /breadcrumbs/i});
      assert.match(await crumbs.innerText(), /Getting started/);
      const headings = await page
        .locator('article h2[id], article h3[id]')
        .evaluateAll((els) => els.map((el) => el.id));
      assert.ok(headings.length >= 2, 'the guide has h2/h3 sections');
      const tocLinks = await page
        .locator('.table-of-contents a')
        .evaluateAll((els) => els.map((el) => decodeURIComponent(el.getAttribute('href') ?? '').replace('#', '')));
      assert.deepEqual(tocLinks, headings);
    });
  });

  test('pages render and work when localStorage throws, and a warning is logged', async () => {
    await withPage(browser, {}, async ({context, page, errors}) => {
      // A context's init scripts run in its pages' next documents, this page's first included.
      await context.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      });
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      await gotoHydrated(page, GUIDE);
      assert.equal((await page.locator('h1').innerText()).trim(), 'Behind the Scenes');
      // The colour toggle still switches the mode for the page even though it cannot be saved.
      await page.locator('button[class*="toggleButton"]').first().click();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.themeChoice), 'light');
      await page.getByRole('link', {name: 'Step by Step Configuration'}).first().click();
      await page.waitForURL(/Step%20by%20Step/);
      assert.deepEqual(errors, []);
      assert.ok(
        warnings.some((text) => /storage/i.test(text)),
        `expected a storage warning, got: ${warnings.join(' | ')}`,
      );
    });
  });
});
