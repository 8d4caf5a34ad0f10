// Builds the two search files from the pages of the site: the documents (what a result shows) and
// the serialized MiniSearch index (what a query is matched against).
import MiniSearch from 'minisearch';
import {miniSearchOptions} from './options.mjs';

/** A sentence repeated on at least this many pages is boilerplate (shared API error texts…). */
const BOILERPLATE_PAGES = 8;
/**
 * Characters of a section's text kept for snippets and the proximity ranking; the index itself
 * covers the whole text. 800 keeps the first search within its byte budget (the whole documents
 * file is fetched: 277 KB gzip at 1,500, 229 KB at 800, with 1,462 sections) until issue 25
 * fetches only the shown results' text; half of the sections are shorter than 460 characters.
 */
const SNIPPET_TEXT_CHARS = 800;
/**
 * Sections of API operation pages left out of the search: the authentication and code-sample
 * sections are the same on every page, and the responses repeat the fields of the operation's
 * request body or of its resource's other operations. Keeping them would double the index (about
 * 630 KB gzip for the whole site against 470 KB) for no result a reader would miss.
 */
const API_SECTIONS_NOT_INDEXED = /^(authentication|code-samples|responses?(-.*)?)$/;
/** Code-block words shorter than this, or pure numbers and ids, only add noise. */
const MIN_CODE_WORD = 3;

function sentences(text) {
  return text.split(/(?<=[.!?:])\s+/).filter(Boolean);
}

/** Distinct words of code blocks: field names, headers and error codes stay findable, cheaply. */
function codeWords(code) {
  const words = new Set();
  for (const word of code.split(/[^\p{L}\p{N}_.-]+/u)) {
    const trimmed = word.replace(/^[.-]+|[.-]+$/g, '');
    if (trimmed.length < MIN_CODE_WORD || /^[\d.-]+$/.test(trimmed) || /^[0-9a-f-]{16,}$/i.test(trimmed)) continue;
    words.add(trimmed);
  }
  return [...words].join(' ');
}

function truncate(text, limit) {
  if (text.length <= limit) return text;
  const cut = text.lastIndexOf(' ', limit);
  return `${text.slice(0, cut > limit * 0.8 ? cut : limit)} …`;
}

/**
 * @param {{url: string, title: string, breadcrumbs: string[], sections: {anchor: string, heading: string, parent: string, text: string, code: string}[], api?: {method: string, path: string, operationId: string}}[]} pages
 */
export function buildSearchFiles(pages) {
  const pagesBySentence = new Map();
  for (const page of pages) {
    const seen = new Set(page.sections.flatMap((section) => sentences(section.text)));
    for (const sentence of seen) pagesBySentence.set(sentence, (pagesBySentence.get(sentence) ?? 0) + 1);
  }
  const unique = (text) =>
    sentences(text)
      .filter((sentence) => sentence.length < 40 || (pagesBySentence.get(sentence) ?? 0) < BOILERPLATE_PAGES)
      .join(' ');

  const documents = [];
  const indexed = [];
  for (const page of pages) {
    for (const section of page.sections) {
      if (page.api && API_SECTIONS_NOT_INDEXED.test(section.anchor)) continue;
      const text = unique(section.text);
      if (section.anchor && !text && !section.code) continue;
      const subcategory = section.heading
        ? [section.parent, section.heading].filter(Boolean).join(' › ')
        : page.breadcrumbs.join(' › ');
      const id = documents.length;
      const api = !section.anchor && page.api ? page.api : undefined;
      documents.push({
        url: section.anchor ? `${page.url}#${section.anchor}` : page.url,
        title: page.title,
        subcategory,
        text: truncate(text, SNIPPET_TEXT_CHARS),
        ...(api && {api: `${api.method.toUpperCase()} ${api.path}`}),
      });
      indexed.push({
        id,
        title: page.title,
        subcategory,
        description: section.anchor || page.api ? '' : (page.description ?? ''),
        text,
        code: codeWords(section.code),
        api: api ? `api ${api.method} ${api.path} ${api.operationId}` : '',
      });
    }
  }
  const index = new MiniSearch(miniSearchOptions);
  index.addAll(indexed);
  return {documents, index: JSON.stringify(index)};
}
