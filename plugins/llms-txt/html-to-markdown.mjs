// Turns a built page of the site into clean Markdown for readers such as language models: the page's
// content only (no navigation, buttons or anchors), code blocks with their language, tabs as
// labelled sections, admonitions as quotes and every link and image made absolute.
import {unified} from 'unified';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';

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
const TEXT_INPUTS = new Set(['text', 'url', 'search', 'email', 'number', 'tel', undefined]);

const classesOf = (node) => {
  const value = node.properties?.className;
  return Array.isArray(value) ? value.map(String) : [];
};
/** True when the element has `name` as a class, or a CSS-module class `name_xxxx`. */
const hasClass = (node, name) => classesOf(node).some((c) => c === name || c.startsWith(`${name}_`));
const isElement = (node, tagName) => node?.type === 'element' && (!tagName || node.tagName === tagName);
const elementChildren = (node) => (node.children ?? []).filter((child) => child.type === 'element');

function findFirst(node, test) {
  if (test(node)) return node;
  for (const child of node.children ?? []) {
    const found = findFirst(child, test);
    if (found) return found;
  }
  return undefined;
}

function findAll(node, test, found = []) {
  if (test(node)) found.push(node);
  for (const child of node.children ?? []) findAll(child, test, found);
  return found;
}

function textOf(node) {
  if (node.type === 'text') return node.value;
  if (isElement(node, 'br')) return '\n';
  return (node.children ?? []).map(textOf).join('');
}

const h = (tagName, properties, children) => ({type: 'element', tagName, properties: properties ?? {}, children});
const text = (value) => ({type: 'text', value});
const strongParagraph = (label) => h('p', {}, [h('strong', {}, [text(label)])]);

/**
 * The part of the page that holds its content: the Markdown of a doc page, the generated index of a
 * category, or the `<main>` of any other page.
 */
function contentRoot(tree) {
  return (
    findFirst(tree, (node) => isElement(node) && hasClass(node, 'theme-doc-markdown')) ??
    findFirst(tree, (node) => isElement(node) && hasClass(node, 'generatedIndexPage')) ??
    findFirst(tree, (node) => isElement(node, 'main')) ??
    findFirst(tree, (node) => isElement(node, 'body'))
  );
}

function isChrome(node) {
  if (!isElement(node)) return false;
  if (CHROME_TAGS.has(node.tagName)) return true;
  const {properties} = node;
  if (properties.ariaHidden === 'true' || properties.ariaHidden === true) return true;
  if (properties.hidden !== undefined && properties.hidden !== false && properties.role !== 'tabpanel') return true;
  if (properties.role === 'search' || properties.dataMarkdownSkip !== undefined) return true;
  return CHROME_CLASSES.some((name) => hasClass(node, name));
}

/** A Prism code block of the theme (or a plain <pre>) as one <pre> with its language and title. */
function codeBlock(node) {
  const pre = findFirst(node, (n) => isElement(n, 'pre'));
  if (!pre) return undefined;
  const languageClass = [...classesOf(node), ...classesOf(pre)].find((c) => c.startsWith('language-'));
  const titleNode = findFirst(node, (n) => isElement(n) && hasClass(n, 'codeBlockTitle'));
  const lines = findAll(pre, (n) => isElement(n) && hasClass(n, 'token-line'));
  const value = lines.length
    ? lines.map((line) => textOf(line).replace(/\n$/, '')).join('\n')
    : textOf(findFirst(pre, (n) => isElement(n, 'code')) ?? pre);
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
function tabs(node) {
  const labels = findAll(node, (n) => isElement(n) && n.properties.role === 'tab').map((tab) => textOf(tab).trim());
  const panels = findAll(node, (n) => isElement(n) && n.properties.role === 'tabpanel');
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
function admonition(node) {
  const heading = findFirst(node, (n) => isElement(n) && hasClass(n, 'admonitionHeading'));
  const content = findFirst(node, (n) => isElement(n) && hasClass(n, 'admonitionContent'));
  const label = heading ? textOf(heading).trim() : '';
  return h('blockquote', {}, [
    strongParagraph(label ? label[0].toUpperCase() + label.slice(1) : 'Note'),
    ...(content ?? node).children,
  ]);
}

function details(node) {
  const summary = elementChildren(node).find((child) => child.tagName === 'summary');
  const rest = (node.children ?? []).filter((child) => child !== summary);
  return h('div', {}, [...(summary ? [strongParagraph(textOf(summary).trim())] : []), ...rest]);
}

/** A card: a link whose content is a heading (the title) and a paragraph (the description). */
function cardOf(node) {
  if (!isElement(node)) return undefined;
  if (node.tagName === 'a' && findFirst(node, (n) => isElement(n) && /^h[1-6]$/.test(n.tagName))) return node;
  const children = elementChildren(node);
  return children.length === 1 ? cardOf(children[0]) : undefined;
}

/** A group of cards (category index, home page) becomes a list of `[Title](url): description`. */
function cardList(node) {
  const items = elementChildren(node).map((child) => {
    const card = cardOf(child);
    const heading = findFirst(card, (n) => isElement(n) && /^h[1-6]$/.test(n.tagName));
    const description = findFirst(card, (n) => isElement(n, 'p'));
    const title = heading.properties.title ?? textOf(transform(structuredClone(heading), '') ?? heading);
    const link = h('a', {href: card.properties.href}, [text(String(title).trim())]);
    const rest = description ? [text(`: ${textOf(description).trim()}`)] : [];
    return h('li', {}, [link, ...rest]);
  });
  return h('ul', {}, items);
}

const isCardList = (node) =>
  isElement(node) && !['a', 'ul', 'ol'].includes(node.tagName) && elementChildren(node).length > 0
    ? elementChildren(node).every((child) => cardOf(child))
    : false;

function absolute(url, pageUrl) {
  try {
    return new URL(url, pageUrl).href;
  } catch {
    return url;
  }
}

/** Rewrites the content tree in place, children first, and returns the replacement of `node`. */
function transform(node, pageUrl) {
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
      node.children = node.children.filter((child) => child !== caption);
      node = h('div', {}, [h('p', {}, caption.children), node]);
    }
  }
  if (node.tagName === 'a' && typeof node.properties.href === 'string') {
    node.properties.href = absolute(node.properties.href, pageUrl);
  }
  if (node.tagName === 'img' && typeof node.properties.src === 'string') {
    node.properties.src = absolute(node.properties.src, pageUrl);
  }
  node.children = (node.children ?? []).map((child) => transform(child, pageUrl)).filter(Boolean);
  return node;
}

function rehypePageContent({pageUrl}) {
  return (tree) => {
    const root = contentRoot(tree);
    if (!root) throw new Error(`The page ${pageUrl} has no content to convert to Markdown.`);
    const content = transform(structuredClone(root), pageUrl);
    if (!content || !textOf(content).trim())
      throw new Error(`The page ${pageUrl} has no content to convert to Markdown.`);
    return {type: 'root', children: [content]};
  };
}

const handlers = {
  pre(state, node) {
    const title = node.properties.dataTitle;
    const result = {
      type: 'code',
      lang: node.properties.dataLanguage ?? null,
      meta: title ? `title="${title.replaceAll('"', "'")}"` : null,
      value: textOf(node),
    };
    state.patch(node, result);
    return result;
  },
};

const processor = (pageUrl) =>
  unified()
    .use(rehypeParse)
    .use(rehypePageContent, {pageUrl})
    .use(rehypeRemark, {handlers})
    .use(remarkGfm, {tablePipeAlign: false})
    .use(remarkStringify, {bullet: '-', fences: true, rule: '-', emphasis: '_', strong: '*', listItemIndent: 'one'});

/**
 * Markdown of a built HTML page.
 * @param {string} html the page as built
 * @param {string} pageUrl the absolute address of the page: relative links resolve against it
 */
export async function htmlToMarkdown(html, pageUrl) {
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
function unescapeAt(markdown) {
  let fence = null;
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
export function pageInfo(html, siteTitle) {
  const decode = (value) =>
    value
      .replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)))
      .replace(/&#x([0-9a-f]+);/gi, (_, code) => String.fromCodePoint(parseInt(code, 16)))
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  const attribute = (tag, name) => {
    const match = tag.match(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i'));
    return match ? decode(match[1] ?? match[2] ?? match[3]) : undefined;
  };
  const rawTitle = html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1] ?? '';
  const title = decode(rawTitle).replace(` | ${siteTitle}`, '').trim();
  const descriptionTag = html.match(/<meta\b[^>]*\bname=["']?description["'\s][^>]*>/i)?.[0];
  const description = descriptionTag ? (attribute(descriptionTag, 'content') ?? '') : '';
  return {title, description};
}
