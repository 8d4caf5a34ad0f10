// Builds the search files from the pages of the site, split so that a query fetches only what it
// needs (see handbook/architecture.md › Search):
//   meta     what every query needs: the sorted vocabulary (to expand prefixes and typos into
//            terms), where each term's shard and each document's chunk starts, the per-document
//            field lengths of the BM25 score, and the page, kind and API path of each document;
//   shards   the index by term range: each term's postings (from MiniSearch's serialization) and the
//            positions of its words in the documents (for the proximity bonus), encoded compactly
//            (shared/codec.ts);
//   chunks   the documents (url, title, subcategory, text, api) by id range: only the chunks of
//            the results shown are fetched.
import {createHash} from 'node:crypto';
import MiniSearch from 'minisearch';
import {encodePositions, encodePostings} from './shared/codec.ts';
import {
  FIELDS,
  PROXIMITY_GAP,
  miniSearchOptions,
  normalizeApiPath,
  wordTerms,
  type IndexedFields,
} from './shared/options.ts';
import type {SearchDocument, SearchMeta, ShardEntry} from './engine/files.ts';
import type {PageSection} from './extract.mts';

/** A built page as the index reads it: its URL, what extractPage found, and its API operation. */
export interface SearchPage {
  url: string;
  title: string;
  /** The page's meta description, its summary. */
  description?: string;
  breadcrumbs: string[];
  sections: PageSection[];
  api?: {method: string; path: string; operationId: string};
}

/** Raw bytes of the index shards and of the document chunks (tests and the stats pass smaller). */
export interface SearchFileSizes {
  shardBytes?: number;
  chunkBytes?: number;
}

/**
 * Raw bytes a shard of the index holds at least (until its last term): about 3 kB gzip. Measured
 * against 20,000 (handbook/architecture.md › Search): smaller shards waste fewer bytes on the terms a query does not
 * need (further query p95 27 kB against 39), for more requests; a frequent term can exceed it alone.
 */
export const SHARD_BYTES = 4_000;
/** Raw bytes of documents a chunk holds at least: about 2 kB gzip, a few sections. */
export const CHUNK_BYTES = 2_500;

/** A sentence repeated on at least this many pages is boilerplate (shared API error texts…). */
const BOILERPLATE_PAGES = 8;
/**
 * Sections of API operation pages left out of the search: the authentication and code-sample
 * sections are the same on every page, and the responses repeat the fields of the operation's
 * request body or of its resource's other operations. Keeping them would double the index (about
 * 630 KB gzip for the whole site against 470 KB) for no result a reader would miss.
 */
const API_SECTIONS_NOT_INDEXED = /^(authentication|code-samples|responses?(-.*)?)$/;
/** Code-block words shorter than this, or pure numbers and ids, only add noise. */
const MIN_CODE_WORD = 3;

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?:])\s+/).filter(Boolean);
}

/** Distinct words of code blocks: field names, headers and error codes stay findable, cheaply. */
function codeWords(code: string): string {
  const words = new Set<string>();
  for (const word of code.split(/[^\p{L}\p{N}_.-]+/u)) {
    const trimmed = word.replace(/^[.-]+|[.-]+$/g, '');
    if (trimmed.length < MIN_CODE_WORD || /^[\d.-]+$/.test(trimmed) || /^[0-9a-f-]{16,}$/i.test(trimmed)) continue;
    words.add(trimmed);
  }
  return [...words].join(' ');
}

/** The beginning of a text the proximity bonus reads, cut at a space as the documents were. */
function proximityText(text: string): string {
  if (text.length <= PROXIMITY_TEXT_CHARS) return text;
  const cut = text.lastIndexOf(' ', PROXIMITY_TEXT_CHARS);
  return text.slice(0, cut > PROXIMITY_TEXT_CHARS * 0.8 ? cut : PROXIMITY_TEXT_CHARS);
}

function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** Splits items into runs of at least `bytes` raw bytes (the last may be smaller). */
function runs<T>(items: T[], size: (item: T) => number, bytes: number): number[] {
  const starts: number[] = [];
  let filled = bytes;
  items.forEach((item, position) => {
    if (filled >= bytes) {
      starts.push(position);
      filled = 0;
    }
    filled += size(item);
  });
  return starts;
}

/**
 * Characters of a section's text whose word positions are kept for the proximity bonus (the index
 * covers the whole text, and the documents keep it whole for snippets). 800 is what the proximity
 * bonus looked at before the files were split, so the ranking is unchanged; the whole
 * text would make the positions 379 kB gzip instead of about 200.
 */
export const PROXIMITY_TEXT_CHARS = 800;

/**
 * Positions of each term in the words of a document (title, heading and the beginning of the text,
 * PROXIMITY_GAP apart), as the proximity bonus reads them: `{term: [first position, then gaps]}`.
 */
function termPositions(document: SearchDocument): Map<string, number[]> {
  const gap: null[] = new Array<null>(PROXIMITY_GAP).fill(null);
  const words: (string | null)[] = [
    ...wordTerms(document.title),
    ...gap,
    ...wordTerms(document.subcategory),
    ...gap,
    ...wordTerms(proximityText(document.text)),
  ];
  const positions = new Map<string, number[]>();
  words.forEach((term, position) => {
    if (term === null) return;
    let list = positions.get(term);
    if (!list) positions.set(term, (list = []));
    list.push(position);
  });
  for (const list of positions.values()) {
    for (let i = list.length - 1; i > 0; i -= 1) list[i] -= list[i - 1];
  }
  return positions;
}

/**
 * The search files of the pages: `meta` (an object) and `files` (name → JSON text), named
 * `assets/search/<kind>.<content hash>.json`; `meta.shards` and `meta.chunks` name them.
 */
export function buildSearchFiles(
  pages: SearchPage[],
  {shardBytes = SHARD_BYTES, chunkBytes = CHUNK_BYTES}: SearchFileSizes = {},
): {
  meta: SearchMeta;
  files: Record<string, string>;
  documents: SearchDocument[];
  /** The MiniSearch index the files were cut from (the engine's scoring is tested against it). */
  index: MiniSearch<IndexedFields>;
} {
  const pagesBySentence = new Map<string, number>();
  for (const page of pages) {
    const seen = new Set(page.sections.flatMap((section) => sentences(section.text)));
    for (const sentence of seen) pagesBySentence.set(sentence, (pagesBySentence.get(sentence) ?? 0) + 1);
  }
  const unique = (text: string) =>
    sentences(text)
      .filter((sentence) => sentence.length < 40 || (pagesBySentence.get(sentence) ?? 0) < BOILERPLATE_PAGES)
      .join(' ');

  const documents: SearchDocument[] = [];
  const indexed: IndexedFields[] = [];
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
        text,
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
  const serialized = index.toJSON();
  if (Object.entries(serialized.documentIds).some(([shortId, id]) => Number(shortId) !== id)) {
    throw new Error('[search-index] MiniSearch numbered the documents out of order');
  }
  const files: Record<string, string> = {};
  const name = (kind: string, json: string) => {
    const file = `assets/search/${kind}.${contentHash(json)}.json`;
    files[file] = json;
    return file;
  };

  // Shards: the terms in code-unit order (the engine's binary search compares with < too).
  const positionsByTerm = new Map<string, [number, number[]][]>();
  documents.forEach((document, id) => {
    for (const [term, list] of termPositions(document)) {
      let byDocument = positionsByTerm.get(term);
      if (!byDocument) positionsByTerm.set(term, (byDocument = []));
      byDocument.push([id, list]);
    }
  });
  const entries = serialized.index
    .map(([term, postings]): ShardEntry => [
      term,
      encodePostings(postings),
      encodePositions(positionsByTerm.get(term) ?? []),
    ])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const entrySizes = new Map(entries.map((entry) => [entry, JSON.stringify(entry).length]));
  const shardStarts = runs(entries, (entry) => entrySizes.get(entry) ?? 0, shardBytes);
  const shards = shardStarts.map((first, position) => ({
    first,
    file: name('shard', JSON.stringify(entries.slice(first, shardStarts[position + 1] ?? entries.length))),
  }));

  // Chunks: documents in id order (a page's sections are neighbours, so they share chunks).
  const chunkStarts = runs(documents, (document) => JSON.stringify(document).length, chunkBytes);
  const chunks = chunkStarts.map((first, position) => ({
    first,
    file: name('documents', JSON.stringify(documents.slice(first, chunkStarts[position + 1] ?? documents.length))),
  }));

  // Pages (documents of a page are consecutive), the kind of each document and the group of each
  // page: the API resource of an operation (its path without trailing parameters), else the page.
  const pageSizes: number[] = [];
  const groups: number[] = [];
  const groupNumbers = new Map<string, number>();
  let kinds = '';
  let previousPage: string | null = null;
  const seenPages = new Set<string>();
  for (const document of documents) {
    const page = document.url.split('#')[0];
    if (page !== previousPage) {
      if (seenPages.has(page)) throw new Error(`[search-index] the documents of ${page} are not consecutive`);
      seenPages.add(page);
      previousPage = page;
      pageSizes.push(0);
      groups.push(-1);
    }
    pageSizes[pageSizes.length - 1] += 1;
    if (document.api) {
      const group = normalizeApiPath(document.api.split(' ')[1]).replace(/(\/\{\})+$/, '');
      if (!groupNumbers.has(group)) groupNumbers.set(group, groupNumbers.size);
      groups[groups.length - 1] = groupNumbers.get(group) ?? -1;
    }
    kinds += String((document.url.includes('#') ? 0 : 1) | (document.url.includes('/api/') ? 2 : 0));
  }
  for (let page = 0; page < groups.length; page += 1) {
    if (groups[page] < 0) groups[page] = groupNumbers.size + page;
  }

  const meta: SearchMeta = {
    version: 3,
    fields: FIELDS,
    documentCount: serialized.documentCount,
    averageFieldLength: serialized.averageFieldLength,
    // Field lengths of every document, FIELDS.length per document, 0 for an empty field.
    fieldLength: documents.flatMap((_, id) => {
      const lengths = serialized.fieldLength[id] ?? [];
      return FIELDS.map((__, field) => lengths[field] ?? 0);
    }),
    terms: entries.map(([term]) => term),
    shards,
    chunks,
    pages: pageSizes,
    groups,
    kinds,
    api: documents.flatMap((document, id): [number, string, string][] => {
      if (!document.api) return [];
      const [method, apiPath] = document.api.split(' ');
      return [[id, method.toLowerCase(), normalizeApiPath(apiPath)]];
    }),
  };
  return {meta, files, documents, index};
}
