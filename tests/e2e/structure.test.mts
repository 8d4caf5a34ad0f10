// Document structure of every page as served (the HTML nginx sends, before any script runs):
// lang="en", landmarks, exactly one h1, heading levels without gaps, and a name for every link,
// button and form field. Cheap: no browser, one fetch and one parse per page.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {unified} from 'unified';
import rehypeParse from 'rehype-parse';
import type {Element, ElementContent, Root} from 'hast';
import {NOT_FOUND_PATH, sitePages} from '../support/a11y.mts';

const pages = await sitePages();
const parser = unified().use(rehypeParse);

function isHidden(node: Element): boolean {
  const p = node.properties;
  return (p.hidden !== undefined && p.hidden !== false) || String(p.ariaHidden) === 'true';
}

/** Elements in document order, with their ancestors; hidden subtrees are left out. */
function* walk(node: Root | Element, ancestors: Element[] = []): Generator<{el: Element; ancestors: Element[]}> {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (isHidden(child) || child.tagName === 'template') continue;
    yield {el: child, ancestors};
    yield* walk(child, [...ancestors, child]);
  }
}

function text(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' || isHidden(node)) return '';
  if (node.tagName === 'img') return String(node.properties.alt ?? '');
  if (node.tagName === 'svg') {
    const title = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'title');
    return title ? text(title) : '';
  }
  return node.children.map(text).join(' ');
}

const clean = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The accessible name as the accessible-name algorithm's common steps compute it. */
function accessibleName(el: Element, byId: Map<string, Element>, labels: Map<string, Element>, ancestors: Element[]) {
  const p = el.properties;
  const labelledBy = ([] as unknown[])
    .concat(p.ariaLabelledBy ?? [])
    .join(' ')
    .split(/\s+/)
    .filter(Boolean);
  const fromIds = clean(labelledBy.map((id) => (byId.has(id) ? text(byId.get(id)!) : '')).join(' '));
  if (fromIds) return fromIds;
  if (typeof p.ariaLabel === 'string' && clean(p.ariaLabel)) return clean(p.ariaLabel);
  if (['input', 'select', 'textarea'].includes(el.tagName)) {
    const label =
      (typeof p.id === 'string' && labels.get(p.id)) || [...ancestors].reverse().find((a) => a.tagName === 'label');
    if (label && clean(text(label))) return clean(text(label));
    if (['submit', 'button', 'reset'].includes(String(p.type)) && p.value) return String(p.value);
  } else {
    const content = clean(el.children.map(text).join(' '));
    if (content) return content;
  }
  return clean(String(p.title ?? p.placeholder ?? ''));
}

const LANDMARK_CONTAINERS = ['article', 'aside', 'main', 'nav', 'section'];

function check(root: Root): string[] {
  const problems: string[] = [];
  const elements = [...walk(root)];
  const html = root.children.find((c): c is Element => c.type === 'element' && c.tagName === 'html');
  if (html?.properties.lang !== 'en') problems.push(`<html lang="${html?.properties.lang ?? ''}">, expected "en"`);

  const role = (el: Element) => (typeof el.properties.role === 'string' ? el.properties.role : undefined);
  const topLevel = (ancestors: Element[]) => !ancestors.some((a) => LANDMARK_CONTAINERS.includes(a.tagName));
  const count = (want: string, implicit: (el: Element, ancestors: Element[]) => boolean) =>
    elements.filter(({el, ancestors}) => role(el) === want || (role(el) === undefined && implicit(el, ancestors)))
      .length;
  const landmarks = {
    banner: count('banner', (el, a) => el.tagName === 'header' && topLevel(a)),
    navigation: count('navigation', (el) => el.tagName === 'nav'),
    main: count('main', (el) => el.tagName === 'main'),
    contentinfo: count('contentinfo', (el, a) => el.tagName === 'footer' && topLevel(a)),
  };
  for (const [name, found] of Object.entries(landmarks)) {
    const ok = name === 'main' ? found === 1 : found >= 1;
    if (!ok) problems.push(`${found} ${name} landmark(s)${name === 'main' ? ', expected exactly one' : ''}`);
  }

  const headings = elements
    .filter(({el}) => /^h[1-6]$/.test(el.tagName))
    .map(({el}) => ({level: Number(el.tagName[1]), text: clean(text(el))}));
  const h1s = headings.filter((h) => h.level === 1);
  if (h1s.length !== 1) problems.push(`${h1s.length} h1 elements (${h1s.map((h) => h.text).join(' | ')})`);
  for (let i = 1; i < headings.length; i++) {
    if (headings[i].level > headings[i - 1].level + 1) {
      problems.push(
        `heading level skips from h${headings[i - 1].level} "${headings[i - 1].text}" to h${headings[i].level} "${headings[i].text}"`,
      );
    }
  }
  if (headings[0] && headings[0].level !== 1) problems.push(`the first heading is h${headings[0].level}`);

  const byId = new Map<string, Element>();
  const labels = new Map<string, Element>();
  for (const {el} of elements) {
    if (typeof el.properties.id === 'string') byId.set(el.properties.id, el);
    if (el.tagName === 'label' && el.properties.htmlFor) labels.set(String(el.properties.htmlFor), el);
  }
  for (const {el, ancestors} of elements) {
    const control =
      (el.tagName === 'a' && el.properties.href !== undefined) ||
      el.tagName === 'button' ||
      el.tagName === 'select' ||
      el.tagName === 'textarea' ||
      (el.tagName === 'input' && el.properties.type !== 'hidden') ||
      ['button', 'link', 'tab', 'checkbox', 'switch', 'menuitem', 'combobox', 'searchbox'].includes(role(el) ?? '');
    if (control && !accessibleName(el, byId, labels, ancestors)) {
      const id = el.properties.id ? `#${el.properties.id}` : '';
      const classes = ([] as unknown[]).concat(el.properties.className ?? []).join('.');
      const href = el.properties.href ? ` href="${el.properties.href}"` : '';
      problems.push(`<${el.tagName}${id}${classes ? `.${classes}` : ''}${href}> has no accessible name`);
    }
  }
  return problems;
}

describe(`document structure of ${pages.length} pages`, {concurrency: 8}, () => {
  for (const {path, url} of pages) {
    test(path, async () => {
      const response = await fetch(url);
      assert.equal(response.status, path === NOT_FOUND_PATH ? 404 : 200, `${path} answered ${response.status}`);
      const problems = check(parser.parse(await response.text()));
      assert.deepEqual(problems, [], `${path}:\n  ${problems.join('\n  ')}`);
    });
  }
});
