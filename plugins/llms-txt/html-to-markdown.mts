// Turns a built page of the site into clean Markdown for readers such as language models: the page's
// content only (no navigation, buttons or anchors), code blocks with their language, tabs as
// labelled sections, admonitions as quotes and every link and image made absolute.
import {unified} from 'unified';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import type {Options as RehypeRemarkOptions} from 'rehype-remark';
import type {Element, ElementContent, Nodes, Properties, Root, Text} from 'hast';
import type {Code} from 'mdast';

/** Elements that are page chrome, by class: breadcrumbs, mobile table of contents, footers… */
const CHROME_CLASSES = [
  'theme-doc-breadcrumbs',
  'theme-doc-toc-mobile',
  'theme-doc-footer',
  'theme-doc-version-badge',
  'theme-doc-version-banner',
  'theme-edit-this-page',
  'theme-last-updated',
  'pagination-nav',
  'table-of-contents',
  'hash-link',
  'buttonGroup',
  'theme-doc-card-icon',
  'cardTitleIcon',
];
const CHROME_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'button', 'select', 'iframe']);
/** Inputs whose value is text worth keeping (an interactive tool's current example). */
const TEXT_INPUTS = new Set<unknown>(['text', 'url', 'search', 'email', 'number', 'tel', undefined]);

const classesOf = (node: Element): string[] => {
  const value = node.properties?.className;
  return Array.isArray(value) ? value.map(String) : [];
};
/** True when the element has `name` as a class, or a CSS-module class `name_xxxx`. */
const hasClass = (node: Element, name: string): boolean =>
  classesOf(node).some((c) => c === name || c.startsWith(`${name}_`));
const isElement = (node: Nodes | undefined, tagName?: string): node is Element =>
  node?.type === 'element' && (!tagName || node.tagName === tagName);
const elementChildren = (node: Element): Element[] => node.children.filter((child) => isElement(child));
const childrenOf = (node: Nodes): Nodes[] => ('children' in node ? node.children : []);

/** The first element, `node` included, that passes `test`, depth first. */
function findFirst(node: Nodes, test: (element: Element) => boolean): Element | undefined {
  if (isElement(node) && test(node)) return node;
  for (const child of childrenOf(node)) {
    const found = findFirst(child, test);
    if (found) return found;
  }
  return undefined;
}

function findAll(node: Nodes, test: (element: Element) => boolean, found: Element[] = []): Element[] {
  if (isElement(node) && test(node)) found.push(node);
  for (const child of childrenOf(node)) findAll(child, test, found);
  return found;
}

function textOf(node: Nodes): string {
  if (node.type === 'text') return node.value;
  if (isElement(node, 'br')) return '\n';
  return childrenOf(node).map(textOf).join('');
}

const h = (tagName: string, properties: Properties, children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): Text => ({type: 'text', value});
const strongParagraph = (label: string): Element => h('p', {}, [h('strong', {}, [text(label)])]);

/**
 * The part of the page that holds its content: the Markdown of a doc page, the generated index of a
 * category, or the `<main>` of any other page.
 */
function contentRoot(tree: Root): Element | undefined {
  return (
    findFirst(tree, (node) => hasClass(node, 'theme-doc-markdown')) ??
    findFirst(tree, (node) => hasClass(node, 'generatedIndexPage')) ??
    findFirst(tree, (node) => node.tagName === 'main') ??
    findFirst(tree, (node) => node.tagName === 'body')
  );
}

function isChrome(node: ElementContent): boolean {
  if (!isElement(node)) return false;
  if (CHROME_TAGS.has(node.tagName)) return true;
  const {properties} = node;
  // "true" as parsed from the HTML, or true when set as a boolean.
  const ariaHidden: unknown = properties.ariaHidden;
  if (ariaHidden === 'true' || ariaHidden === true) return true;
  if (properties.hidden !== undefined && properties.hidden !== false && properties.role !== 'tabpanel') return true;
  if (properties.role === 'search' || properties.dataMarkdownSkip !== undefined) return true;
  return CHROME_CLASSES.some((name) => hasClass(node, name));
}

/** A Prism code block of the theme (or a plain <pre>) as one <pre> with its language and title. */
function codeBlock(node: Element): Element | undefined {
  const pre = findFirst(node, (n) => n.tagName === 'pre');
  if (!pre) return undefined;
  const languageClass = [...classesOf(node), ...classesOf(pre)].find((c) => c.startsWith('language-'));
  const titleNode = findFirst(node, (n) => hasClass(n, 'codeBlockTitle'));
  const lines = findAll(pre, (n) => hasClass(n, 'token-line'));
  const value = lines.length
    ? lines.map((line) => textOf(line).replace(/\n$/, '')).join('\n')
    : textOf(findFirst(pre, (n) => n.tagName === 'code') ?? pre);
  return h(
    'pre',
    {
      dataLanguage: languageClass ? languageClass.slice('language-'.length) : undefined,
      dataTitle: titleNode ? textOf(titleNode).trim() : undefined,
    },
    [text(value.replace(/\n+$/, ''))],
  );
}

/** Tabs become one labelled section per tab, so that every variant (Dashboard, API…) is kept. */
function tabs(node: Element): Element {
  const labels = findAll(node, (n) => n.properties.role === 'tab').map((tab) => textOf(tab).trim());
  const panels = findAll(node, (n) => n.properties.role === 'tabpanel');
  return h(
    'div',
    {},
    panels.flatMap((panel, index) => [
      strongParagraph(labels[index] ?? `Tab ${index + 1}`),
      h('div', {}, panel.children),
    ]),
  );
}

/** `:::note` and friends become a quote that starts with their label. */
function admonition(node: Element): Element {
  const heading = findFirst(node, (n) => hasClass(n, 'admonitionHeading'));
  const content = findFirst(node, (n) => hasClass(n, 'admonitionContent'));
  const label = heading ? textOf(heading).trim() : '';
  return h('blockquote', {}, [
    strongParagraph(label ? label[0].toUpperCase() + label.slice(1) : 'Note'),
    ...(content ?? node).children,
  ]);
}

function details(node: Element): Element {
  const summary = elementChildren(node).find((child) => child.tagName === 'summary');
  const rest = node.children.filter((child) => child !== summary);
  return h('div', {}, [...(summary ? [strongParagraph(textOf(summary).trim())] : []), ...rest]);
}

/** A card: a link whose content is a heading (the title) and a paragraph (the description). */
function cardOf(node: Element): Element | undefined {
  if (node.tagName === 'a' && findFirst(node, (n) => /^h[1-6]$/.test(n.tagName))) return node;
  const children = elementChildren(node);
  return children.length === 1 ? cardOf(children[0]) : undefined;
}

/** A group of cards (category index, home page) becomes a list of `[Title](url): description`. */
function cardList(node: Element): Element {
  const items = elementChildren(node).map((child) => {
    // isCardList checked that every child holds a card, and a card its heading.
    const card = cardOf(child)!;
    const heading = findFirst(card, (n) => /^h[1-6]$/.test(n.tagName))!;
    const description = findFirst(card, (n) => n.tagName === 'p');
    const title = heading.properties.title ?? textOf(transform(structuredClone(heading), '') ?? heading);
    const link = h('a', {href: card.properties.href}, [text(String(title).trim())]);
    const rest = description ? [text(`: ${textOf(description).trim()}`)] : [];
    return h('li', {}, [link, ...rest]);
  });
  return h('ul', {}, items);
}

const isCardList = (node: ElementContent): boolean =>
  isElement(node) && !['a', 'ul', 'ol'].includes(node.tagName) && elementChildren(node).length > 0
    ? elementChildren(node).every((child) => cardOf(child))
    : false;

function absolute(url: string, pageUrl: string): string {
  try {
    return new URL(url, pageUrl).href;
  } catch {
    return url;
  }
}

/** Rewrites the content tree in place, children first, and returns the replacement of `node`. */
function transform(node: ElementContent, pageUrl: string): ElementContent | undefined {
  if (isChrome(node)) return undefined;
  if (node.type === 'comment') return undefined;
  if (!isElement(node)) return node;
  if (hasClass(node, 'theme-code-block') || node.tagName === 'pre') return codeBlock(node);
  if (node.tagName === 'textarea') return h('pre', {dataLanguage: 'text'}, [text(textOf(node).replace(/\n+$/, ''))]);
  if (node.tagName === 'input') {
    const {type, value} = node.properties;
    return TEXT_INPUTS.has(type) && value ? h('p', {}, [h('code', {}, [text(String(value))])]) : undefined;
  }
  if (hasClass(node, 'theme-tabs-container') || hasClass(node, 'tabs-container')) node = tabs(node);
  else if (hasClass(node, 'theme-admonition')) node = admonition(node);
  else if (node.tagName === 'details') node = details(node);
  else if (isCardList(node)) node = cardList(node);
  else if (node.tagName === 'table') {
    const caption = elementChildren(node).find((child) => child.tagName === 'caption');
    if (caption) {
      const table = node;
      table.children = table.children.filter((child) => child !== caption);
      node = h('div', {}, [h('p', {}, caption.children), table]);
    }
  }
  if (node.tagName === 'a' && typeof node.properties.href === 'string') {
    node.properties.href = absolute(node.properties.href, pageUrl);
  }
  if (node.tagName === 'img' && typeof node.properties.src === 'string') {
    node.properties.src = absolute(node.properties.src, pageUrl);
  }
  node.children = node.children
    .map((child) => transform(child, pageUrl))
    .filter((child): child is ElementContent => Boolean(child));
  return node;
}

function rehypePageContent({pageUrl}: {pageUrl: string}) {
  return (tree: Root): Root => {
    const root = contentRoot(tree);
    if (!root) throw new Error(`The page ${pageUrl} has no content to convert to Markdown.`);
    const content = transform(structuredClone(root), pageUrl);
    if (!content || !textOf(content).trim())
      throw new Error(`The page ${pageUrl} has no content to convert to Markdown.`);
    return {type: 'root', children: [content]};
  };
}

const handlers: RehypeRemarkOptions['handlers'] = {
  // The <pre> of codeBlock: its language and title are data attributes.
  pre(state, node) {
    const {dataTitle: title, dataLanguage: language} = node.properties;
    const result: Code = {
      type: 'code',
      lang: typeof language === 'string' ? language : null,
      meta: title ? `title="${String(title).replaceAll('"', "'")}"` : null,
      value: textOf(node),
    };
    state.patch(node, result);
    return result;
  },
};

const processor = (pageUrl: string) =>
  unified()
    .use(rehypeParse)
    .use(rehypePageContent, {pageUrl})
    .use(rehypeRemark, {handlers})
    .use(remarkGfm, {tablePipeAlign: false})
    .use(remarkStringify, {bullet: '-', fences: true, rule: '-', emphasis: '_', strong: '*', listItemIndent: 'one'});

/** Markdown of a built HTML page; relative links resolve against `pageUrl`, its absolute address. */
export async function htmlToMarkdown(html: string, pageUrl: string): Promise<string> {
  const file = await processor(pageUrl).process(html);
  return (
    unescapeAt(String(file))
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  );
}

/**
 * GFM's writer escapes every "@" in prose (`Lambda\@Edge`) in case it starts an e-mail autolink;
 * readers of the text are better served by the plain character. Code blocks are left as they are.
 */
function unescapeAt(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = line.match(/^\s*(`{3,}|~{3,})/)?.[1];
      if (marker && (!fence || marker.startsWith(fence))) fence = fence ? null : marker;
      else if (!fence) return line.replaceAll('\\@', '@');
      return line;
    })
    .join('\n');
}

/** Title (without the site name suffix) and description of a built HTML page, from its <head>. */
export function pageInfo(html: string, siteTitle: string): {title: string; description: string} {
  const decode = (value: string) =>
    value
      .replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)))
      .replace(/&#x([0-9a-f]+);/gi, (_, code) => String.fromCodePoint(parseInt(code, 16)))
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  const attribute = (tag: string, name: string) => {
    const match = tag.match(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i'));
    return match ? decode(match[1] ?? match[2] ?? match[3]) : undefined;
  };
  const rawTitle = html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1] ?? '';
  const title = decode(rawTitle).replace(` | ${siteTitle}`, '').trim();
  const descriptionTag = html.match(/<meta\b[^>]*\bname=["']?description["'\s][^>]*>/i)?.[0];
  const description = descriptionTag ? (attribute(descriptionTag, 'content') ?? '') : '';
  return {title, description};
}
