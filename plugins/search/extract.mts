// Turns one built HTML page into search documents: one for the page's opening text and one per
// h2/h3 heading that has an id (the section a result deep-links to). The extraction is generic
// (outermost <article>, else <main>; headings with ids; the breadcrumb <nav>) so it does not depend
// on the class names of a theme.
import {unified} from 'unified';
import rehypeParse from 'rehype-parse';

const parser = unified().use(rehypeParse);

/** The parts of a hast node (rehype-parse's tree) this module reads. */
interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** A page's search sections, as extractPage returns them. */
export interface PageSection {
  anchor: string;
  heading: string;
  parent: string;
  text: string;
  code: string;
}

export interface ExtractedPage {
  title: string;
  /** The page's meta description, its summary. */
  description: string;
  breadcrumbs: string[];
  sections: PageSection[];
}

/** Elements whose text is never content: navigation, controls, hidden helpers, graphics. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'nav',
  'aside',
  'footer',
  'button',
  'select',
  'textarea',
  'input',
  'form',
  'dialog',
]);

/** Elements after which words must not run together. */
const BLOCK = new Set([
  'address',
  'article',
  'blockquote',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

/**
 * Inline elements whose end is a word boundary even without a space: a parameter name in <code>
 * followed by a "required" badge in a <span> reads "service_id required", not "service_idrequired".
 */
const INLINE_BOUNDARY = new Set(['code', 'span']);
/** Marks an inline boundary in the collected text until it becomes a space or nothing (private use). */
const BOUNDARY = '\ue000';

/** Text of collected parts, with a space at each inline boundary between two words. */
function joinParts(parts: string[]): string {
  return cleanText(
    parts
      .join('')
      .replace(/(?<=[\p{L}\p{N}])\ue000+(?=[\p{L}\p{N}])/gu, ' ')
      .replaceAll(BOUNDARY, ''),
  );
}

function classList(node: HastNode): unknown[] {
  const value = node.properties?.className;
  return Array.isArray(value) ? value : [];
}

/** Zero-width characters the theme puts in heading anchors, and runs of white space. */
export function cleanText(text: string): string {
  return text
    .replace(/\u200b|\u200c|\u200d|\ufeff/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function isSkipped(node: HastNode): boolean {
  if (SKIPPED.has(node.tagName ?? '')) return true;
  const props = node.properties ?? {};
  if (props.ariaHidden === 'true' || props.ariaHidden === true) return true;
  // Controls the page marks as not part of its text (the "View as Markdown" actions).
  if (props.dataMarkdownSkip !== undefined) return true;
  // The theme's "#" permalink beside each heading.
  return classList(node).includes('hash-link');
}

/** Plain text of a subtree, with spaces between blocks. */
export function textOf(node: HastNode): string {
  const parts: string[] = [];
  const walk = (current: HastNode) => {
    if (current.type === 'text') parts.push(current.value ?? '');
    else if (current.type === 'element') {
      if (isSkipped(current)) return;
      if (current.tagName === 'img' && current.properties?.alt) parts.push(` ${String(current.properties.alt)} `);
      const block = BLOCK.has(current.tagName ?? '');
      if (block) parts.push(' ');
      for (const child of current.children ?? []) walk(child);
      if (block) parts.push(' ');
    } else if (current.children) {
      for (const child of current.children) walk(child);
    }
  };
  walk(node);
  return cleanText(parts.join(''));
}

function find(node: HastNode, test: (node: HastNode) => boolean): HastNode | undefined {
  if (node.type === 'element' && test(node)) return node;
  for (const child of node.children ?? []) {
    const found = find(child, test);
    if (found) return found;
  }
  return undefined;
}

function outermost(node: HastNode, tagName: string, found: HastNode[] = []): HastNode[] {
  for (const child of node.children ?? []) {
    if (child.type !== 'element') continue;
    if (child.tagName === tagName) found.push(child);
    else outermost(child, tagName, found);
  }
  return found;
}

/** The page's content: its <article> when <main> holds exactly one, else <main>, else <body>. */
function contentRoot(tree: HastNode): HastNode | undefined {
  const main = find(tree, (node) => node.tagName === 'main');
  const articles = outermost(main ?? tree, 'article');
  if (articles.length === 1) return articles[0];
  return main ?? find(tree, (node) => node.tagName === 'body');
}

/** Breadcrumb trail above the page title, without the home link and the page itself. */
function breadcrumbTrail(tree: HastNode): string[] {
  const nav = find(
    tree,
    (node) => node.tagName === 'nav' && /breadcrumb/i.test(String(node.properties?.ariaLabel ?? '')),
  );
  if (!nav) return [];
  const items: string[] = [];
  const walk = (node: HastNode) => {
    if (node.type !== 'element') return;
    if (node.tagName === 'li') {
      const text = cleanText(textOfAll(node));
      if (text) items.push(text);
      return;
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(nav);
  return items.slice(0, -1);
}

/** Text of a subtree including navigation elements (for the breadcrumb itself). */
function textOfAll(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  if (node.type === 'element' && (node.tagName === 'svg' || node.tagName === 'script')) return '';
  return (node.children ?? []).map(textOfAll).join(' ');
}

function pageTitle(tree: HastNode, root: HastNode): string {
  const h1 = find(root, (node) => node.tagName === 'h1');
  if (h1) return textOf(h1);
  const title = find(tree, (node) => node.tagName === 'title');
  return title ? cleanText(textOfAll(title)).replace(/\s+\|.*$/, '') : '';
}

function metaContent(tree: HastNode, name: string): string {
  const meta = find(tree, (node) => node.tagName === 'meta' && node.properties?.name === name);
  return meta ? String(meta.properties?.content ?? '') : '';
}

/** True for pages that only redirect or that ask not to be indexed. */
function isIndexable(tree: HastNode): boolean {
  const refresh = find(
    tree,
    (node) => node.tagName === 'meta' && String(node.properties?.httpEquiv ?? '').toLowerCase() === 'refresh',
  );
  return !refresh && !/noindex/i.test(metaContent(tree, 'robots'));
}

/**
 * Sections of a page. Text before the first h2/h3 with an id belongs to the page itself (anchor
 * ''); each heading with an id starts a section that runs until the next one.
 */
export function extractPage(html: string): ExtractedPage | null {
  const tree: HastNode = parser.parse(html);
  if (!isIndexable(tree)) return null;
  const root = contentRoot(tree);
  if (!root) return null;
  const title = pageTitle(tree, root);
  const sections: {anchor: string; heading: string; parent: string; text: string[]; code: string[]}[] = [
    {anchor: '', heading: '', parent: '', text: [], code: []},
  ];
  /** The section being read (there is always one). */
  const current = () => sections[sections.length - 1];
  let currentH2 = '';
  const walk = (node: HastNode) => {
    if (node.type === 'text') {
      current().text.push(node.value ?? '');
      return;
    }
    if (node.type !== 'element') {
      for (const child of node.children ?? []) walk(child);
      return;
    }
    if (isSkipped(node)) return;
    if (node.tagName === 'h1') return; // the title
    const id = node.properties?.id;
    if ((node.tagName === 'h2' || node.tagName === 'h3') && id) {
      const heading = textOf(node);
      if (node.tagName === 'h2') currentH2 = heading;
      sections.push({anchor: String(id), heading, parent: node.tagName === 'h3' ? currentH2 : '', text: [], code: []});
      return;
    }
    // Code blocks are indexed (field names, headers, error codes) but kept out of the snippets.
    if (node.tagName === 'pre') {
      current().code.push(textOf(node));
      return;
    }
    if (node.tagName === 'img' && node.properties?.alt) current().text.push(` ${String(node.properties.alt)} `);
    const block = BLOCK.has(node.tagName ?? '');
    if (block) current().text.push(' ');
    for (const child of node.children ?? []) walk(child);
    if (block) current().text.push(' ');
    else if (INLINE_BOUNDARY.has(node.tagName ?? '')) current().text.push(BOUNDARY);
  };
  walk(root);
  return {
    title,
    description: metaContent(tree, 'description'),
    breadcrumbs: breadcrumbTrail(tree),
    sections: sections.map((section) => ({
      ...section,
      text: joinParts(section.text),
      code: cleanText(section.code.join(' ')),
    })),
  };
}
