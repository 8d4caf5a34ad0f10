// The search engine shared by the navbar box, the /search page, the relevance tests and
// scripts/search-stats.mjs: query normalisation, MiniSearch matching with prefix and typo
// tolerance, an exact method + path layer for API operations, and snippets with marked words.
import MiniSearch, {type SearchOptions as MiniSearchOptions, type SearchResult as MiniSearchResult} from 'minisearch';
import {
  BOOST,
  isHttpMethod,
  miniSearchOptions,
  normalizeApiPath,
  processTerm,
  tokenize,
  type IndexedFields,
} from '../../../plugins/search-index/options.mjs';

/** One search document: a page (url without #) or one of its sections (url with #anchor). */
export interface SearchDocument {
  url: string;
  title: string;
  subcategory: string;
  text: string;
  /** "POST /services/{service_id}/origins/" on the main document of an API operation page. */
  api?: string;
}

export interface Segment {
  text: string;
  mark: boolean;
}

export interface SearchResult {
  id: number;
  url: string;
  title: string;
  subcategory: string;
  api?: string;
  snippet: Segment[];
}

/** Longer queries are cut: nobody types more, and the work per query stays bounded. */
export const MAX_QUERY_CHARS = 200;
const MAX_TERMS = 12;
const SNIPPET_CHARS = 180;
const WORD = /[\p{L}\p{N}]+/gu;

/** The query as searched: control characters removed, white space collapsed, length bounded. */
export function normalizeQuery(raw: string): string {
  return (
    raw
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_QUERY_CHARS)
  );
}

/** Index terms of a query, in order, without duplicates (syntax characters and emoji drop out). */
export function queryTerms(raw: string): string[] {
  const terms: string[] = [];
  for (const token of tokenize(normalizeQuery(raw))) {
    const term = processTerm(token);
    if (term && !terms.includes(term)) terms.push(term);
    if (terms.length >= MAX_TERMS) break;
  }
  return terms;
}

/** Method and path when the query names an API operation, e.g. `POST /services/{service_id}/origins`. */
export function parseApiQuery(raw: string): {method?: string; path?: string} {
  const words = normalizeQuery(raw).split(' ');
  const method = words.find(isHttpMethod)?.toLowerCase();
  const pathWord = words.find((word) => word.startsWith('/') && word.length > 1);
  return {method, path: pathWord ? normalizeApiPath(pathWord) : undefined};
}

/** True when a word of the text is one of the matched terms (or extends a query prefix). */
function matcher(terms: string[], matched: string[]): (word: string) => boolean {
  const exact = new Set(matched);
  return (word) => {
    const term = processTerm(word);
    if (!term) return false;
    return exact.has(term) || terms.some((query) => query.length >= 2 && term.startsWith(query));
  };
}

/**
 * Up to SNIPPET_CHARS of `text` around the densest group of matched words, split into plain and
 * marked segments. Returned as data (never HTML): the UI renders segments as text and <mark>.
 */
export function makeSnippet(text: string, terms: string[], matched: string[] = terms): Segment[] {
  const isMatch = matcher(terms, matched);
  const hits: {start: number; end: number; term: string}[] = [];
  for (const found of text.matchAll(WORD)) {
    if (isMatch(found[0])) {
      hits.push({start: found.index, end: found.index + found[0].length, term: processTerm(found[0]) ?? ''});
    }
  }
  let from = 0;
  if (hits.length > 0) {
    let best = {start: hits[0].start, distinct: 0};
    for (const hit of hits) {
      const inWindow = hits.filter((other) => other.start >= hit.start && other.end <= hit.start + SNIPPET_CHARS);
      const distinct = new Set(inWindow.map((other) => other.term)).size;
      if (distinct > best.distinct) best = {start: hit.start, distinct};
    }
    from = Math.max(0, best.start - 40);
    if (from > 0) {
      const space = text.indexOf(' ', from);
      from = space >= 0 && space < best.start ? space + 1 : from;
    }
  }
  let to = Math.min(text.length, from + SNIPPET_CHARS);
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > from + SNIPPET_CHARS / 2) to = space;
  }
  const segments: Segment[] = [];
  const push = (value: string, mark: boolean) => {
    if (!value) return;
    const last = segments.at(-1);
    if (last && last.mark === mark) last.text += value;
    else segments.push({text: value, mark});
  };
  if (from > 0) push('… ', false);
  let cursor = from;
  for (const hit of hits) {
    if (hit.start < from || hit.end > to) continue;
    push(text.slice(cursor, hit.start), false);
    push(text.slice(hit.start, hit.end), true);
    cursor = hit.end;
  }
  push(text.slice(cursor, to), false);
  if (to < text.length) push(' …', false);
  return segments;
}

/** Page address of a document (its URL without the section anchor). */
export function pageOf(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

export interface SearchOptions {
  /** Results returned at most. */
  limit?: number;
  /** Sections of the same page returned at most, so that one long page does not fill the list. */
  perPage?: number;
}

export class SearchEngine {
  readonly documents: SearchDocument[];
  private readonly index: MiniSearch<IndexedFields>;
  private readonly apiDocuments: {id: number; method: string; path: string}[];

  constructor(documents: SearchDocument[], index: MiniSearch<IndexedFields>) {
    this.documents = documents;
    this.index = index;
    this.apiDocuments = documents.flatMap((document, id) => {
      if (!document.api) return [];
      const [method, apiPath] = document.api.split(' ');
      return [{id, method: method.toLowerCase(), path: normalizeApiPath(apiPath)}];
    });
  }

  /**
   * Page introductions rank above their sections, and guides above the API reference for plain
   * words: API operations are reached by their names, methods and paths (the api field and the
   * exact layer), while a question in words is most often answered by a guide.
   */
  private documentBoost(id: number): number {
    const document = this.documents[id];
    if (!document) return 1;
    const isSection = document.url.includes('#');
    const isApi = document.url.includes('/api/');
    return (isSection ? 1 : 1.4) * (isApi ? 0.8 : 1);
  }

  /** Builds the engine from the two search files (synchronously: Node scripts and tests). */
  static fromFiles(documents: SearchDocument[], indexJson: string): SearchEngine {
    return new SearchEngine(documents, MiniSearch.loadJSON<IndexedFields>(indexJson, miniSearchOptions));
  }

  /** Documents of the API operations named by method and path, best match first. */
  private apiMatches(raw: string): number[] {
    const {method, path: apiPath} = parseApiQuery(raw);
    if (!apiPath) return [];
    return this.apiDocuments
      .filter((doc) => doc.path === apiPath)
      .sort((a, b) => Number(b.method === method) - Number(a.method === method))
      .filter((doc, position, all) => !method || doc.method === method || all[0].method !== method)
      .map((doc) => doc.id);
  }

  search(raw: string, {limit = 10, perPage = 2}: SearchOptions = {}): SearchResult[] {
    const terms = queryTerms(raw);
    const exactApi = this.apiMatches(raw);
    if (terms.length === 0 && exactApi.length === 0) return [];
    const query = terms.join(' ');
    const base = {
      boost: BOOST,
      boostDocument: (id: unknown) => this.documentBoost(Number(id)),
      // A prefix lets the word being typed match (from 2 letters for the last word, 3 for others);
      // numbers such as status codes match exactly.
      prefix: (term: string, position: number, all: string[]) =>
        !/^\d+$/.test(term) && term.length >= (position === all.length - 1 ? 2 : 3),
    };
    // Typo tolerance, only for words long enough to be told apart: one edit from 5 letters, two
    // from 10. It is the costly part of a search, so it only runs when exact words find too little.
    const fuzzy = (term: string) => (term.length >= 5 && !/\d/.test(term) ? 0.2 : false);
    const passes: MiniSearchOptions[] = [
      {combineWith: 'AND' as const},
      {combineWith: 'AND' as const, fuzzy},
      ...(terms.length > 1 ? [{combineWith: 'OR' as const}] : []),
    ];
    const found: MiniSearchResult[] = [];
    const seen = new Set<unknown>();
    for (const pass of passes) {
      if (!query || found.length >= limit) break;
      for (const result of this.index.search(query, {...base, ...pass})) {
        if (seen.has(result.id)) continue;
        seen.add(result.id);
        found.push(result);
      }
    }
    const matchedTerms = new Map(found.map((result) => [Number(result.id), result.terms]));
    const ranked = [...exactApi, ...found.map((result) => Number(result.id)).filter((id) => !exactApi.includes(id))];
    const perPageCount = new Map<string, number>();
    const results: SearchResult[] = [];
    for (const id of ranked) {
      const document = this.documents[id];
      if (!document) continue;
      const page = pageOf(document.url);
      const count = perPageCount.get(page) ?? 0;
      if (count >= perPage) continue;
      perPageCount.set(page, count + 1);
      results.push({
        id,
        url: document.url,
        title: document.title,
        subcategory: document.subcategory,
        api: document.api,
        snippet: makeSnippet(document.text, terms, matchedTerms.get(id) ?? terms),
      });
      if (results.length >= limit) break;
    }
    return results;
  }
}

/** Names of the hashed search files, written by plugins/search-index after each build. */
interface Manifest {
  documents: string;
  index: string;
}

async function fetchOk(url: string, what: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The search ${what} could not be loaded (HTTP ${response.status}).`);
  return response;
}

/** Loads the manifest, then the document and index files, and builds the engine. */
export async function loadSearchEngine(baseUrl: string): Promise<SearchEngine> {
  const manifest = (await (await fetchOk(`${baseUrl}search-manifest.json`, 'manifest')).json()) as Manifest;
  const [documents, indexJson] = await Promise.all([
    fetchOk(`${baseUrl}${manifest.documents}`, 'documents').then((response) => response.json()),
    fetchOk(`${baseUrl}${manifest.index}`, 'index').then((response) => response.text()),
  ]);
  // The asynchronous load yields to the page between chunks instead of blocking it.
  const index = await MiniSearch.loadJSONAsync<IndexedFields>(indexJson, miniSearchOptions);
  return new SearchEngine(documents as SearchDocument[], index);
}
