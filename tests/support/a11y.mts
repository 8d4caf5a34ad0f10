// Shared by the accessibility tests: the list of pages to check, colour modes set the way a reader's
// stored choice sets them, a small pool of reusable browser pages, and keyboard-focus helpers.
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {Browser, BrowserContext, BrowserContextOptions, Locator, Page} from 'playwright-core';
import {BASE_URL, siteUrl} from './site.mts';

export type ColorMode = 'light' | 'dark';

/** A page of the site: its path as a reader would type it (for messages) and its absolute URL. */
export interface SitePage {
  path: string;
  url: string;
}

/** An address no page has: the site answers it with the not-found page. */
export const NOT_FOUND_PATH = '/this-page-does-not-exist';

/**
 * Every page of the sitemap (BUILD_DIR's `sitemap.xml` when set, else the served one), plus the
 * pages the sitemap leaves out on purpose but readers see: the search page and the not-found page.
 */
export async function sitePages(): Promise<SitePage[]> {
  const xml = process.env.BUILD_DIR
    ? await readFile(path.join(process.env.BUILD_DIR, 'sitemap.xml'), 'utf8')
    : await (await fetch(siteUrl('/sitemap.xml'))).text();
  const basePath = new URL(BASE_URL).pathname; // '/docs/'
  const pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    // The sitemap holds production URLs: keep the (already encoded) path and serve it from BASE_URL.
    const {pathname} = new URL(match[1].replaceAll('&amp;', '&'));
    if (!pathname.startsWith(basePath)) throw new Error(`sitemap URL ${match[1]} is outside ${basePath}`);
    const relative = pathname.slice(basePath.length);
    return {path: `/${decodeURIComponent(relative)}`, url: new URL(relative, BASE_URL).href};
  });
  if (pages.length === 0) throw new Error('the sitemap lists no page');
  for (const extra of ['/search', NOT_FOUND_PATH]) {
    if (!pages.some((page) => page.path === extra)) pages.push({path: extra, url: siteUrl(extra)});
  }
  return pages;
}

/**
 * A browser context whose pages open in the given colour mode, as if the reader had chosen it with
 * the navbar toggle: Docusaurus keeps that choice in localStorage under `theme` and applies it
 * before the first paint. Init scripts are injected through the DevTools protocol, so the site's
 * Content-Security-Policy does not apply to them.
 */
export async function newContextInMode(
  browser: Browser,
  mode: ColorMode,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript((stored) => {
    try {
      localStorage.setItem('theme', stored);
    } catch {
      // about:blank and other opaque origins have no storage; they are not site pages.
    }
  }, mode);
  return context;
}

/** Reuses a few open pages so that a sweep does not pay a new page per URL. */
export class PagePool {
  private idle: Page[] = [];
  constructor(private readonly context: BrowserContext) {}

  async use<T>(work: (page: Page) => Promise<T>): Promise<T> {
    const page = this.idle.pop() ?? (await this.context.newPage());
    try {
      return await work(page);
    } finally {
      if (!page.isClosed()) this.idle.push(page);
    }
  }
}

/** What has keyboard focus: enough to recognize it in a message and to check it is visible. */
export interface FocusInfo {
  tag: string;
  name: string;
  /** outline-style is not `none` with a non-zero width, or a box-shadow is drawn. */
  indicated: boolean;
  detail: string;
  inViewport: boolean;
}

/** Describes the focused element (document.activeElement, through open shadow roots). */
export async function focusInfo(page: Page): Promise<FocusInfo | null> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const rect = el.getBoundingClientRect();
    const label =
      el.getAttribute('aria-label') ??
      (el as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 60) ??
      el.getAttribute('title') ??
      '';
    return {
      tag: el.tagName.toLowerCase(),
      name: label,
      indicated: outline || shadow,
      detail: `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow ${style.boxShadow}`,
      inViewport: rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth,
    };
  });
}

/** True when `locator` is (or contains) the focused element. */
export async function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking on the way that every focused
 * element shows a focus indicator. Returns the elements passed; fails after `max` presses with the
 * path the focus took. A walkthrough of a new widget is then: tabTo it, press keys, assert.
 */
export async function tabTo(page: Page, target: Locator, {max = 80, backwards = false} = {}): Promise<FocusInfo[]> {
  const visited: FocusInfo[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const info = await focusInfo(page);
    if (info && !info.indicated) {
      throw new Error(`no visible focus indicator on ${info.tag} "${info.name}" (${info.detail})`);
    }
    if (info) visited.push(info);
    if (await hasFocus(target)) return visited;
  }
  const path = visited.map((info) => `${info.tag} "${info.name}"`).join(' → ');
  throw new Error(`focus never reached ${target} after ${max} presses: ${path}`);
}

/** Asserts the focused element shows a focus indicator; returns it for further checks. */
export async function expectVisibleFocus(page: Page): Promise<FocusInfo> {
  const info = await focusInfo(page);
  if (!info) throw new Error('nothing has focus');
  if (!info.indicated) throw new Error(`no visible focus indicator on ${info.tag} "${info.name}" (${info.detail})`);
  return info;
}
