// The search engine shared by the navbar box, the /search page, the relevance tests and
// scripts/search-stats.mjs: query normalisation, MiniSearch matching with prefix and typo
// tolerance, a bonus for query words found close together, ranking by page (see RANKING), an exact
// method + path layer for API operations, and snippets with marked words.
import MiniSearch, {type SearchOptions as MiniSearchOptions, type SearchResult as MiniSearchResult} from 'minisearch';
import {
  BOOST,
  isHttpMethod,
  miniSearchOptions,
  normalizeApiPath,
  processTerm,
  type IndexedFields,
} from '../../../plugins/search-index/options.mjs';
import {MAX_TERMS, normalizeQuery, queryTerms, WORD, wordTerms} from './query';

export {MAX_QUERY_CHARS, normalizeQuery, queryTerms, wordTerms} from './query';

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

const SNIPPET_CHARS = 180;
/** Words between query terms that still count as close (stop words, a qualifier…). */
const PROXIMITY_SLACK = 2;

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

/**
 * Most distinct query terms that occur close together in a text (its wordTerms): within a run of
 * words at most `slack` longer than the number of terms it holds ("which CDN provider served a
 * request" holds cdn, serv and request in 5 words). `termOf` gives the index (below `count`, at
 * most 30) of the query term an index term stands for, or -1.
 */
export function closeTerms(
  words: readonly (string | null)[],
  termOf: (term: string) => number,
  count: number,
  slack = PROXIMITY_SLACK,
): number {
  const at: number[] = [];
  const bits: number[] = [];
  for (let position = 0; position < words.length; position += 1) {
    const word = words[position];
    const term = word === null ? -1 : termOf(word);
    if (term < 0) continue;
    at.push(position);
    bits.push(1 << term);
  }
  let best = at.length > 0 ? 1 : 0;
  for (let first = 0; first < at.length && best < count; first += 1) {
    let seen = bits[first];
    let size = 1;
    for (let next = first + 1; next < at.length; next += 1) {
      const span = at[next] - at[first] + 1;
      if (span > count + slack) break;
      if (!(seen & bits[next])) {
        seen |= bits[next];
        size += 1;
      }
      if (span <= size + slack && size > best) best = size;
    }
  }
  return best;
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

interface Match {
  score: number;
  /** Query terms the document matched. */
  terms: string[];
  /** Index terms the document matched (prefix and typo matches included): the snippet marks them. */
  matched: string[];
}

/** How the matches of a query are ranked by page. */
export const RANKING = {
  /** Weight of a page's first document (its introduction) against its sections. */
  introWeight: 1.4,
  /** Weight of the API reference against the guides, for words (not paths). */
  apiWeight: 0.8,
  /** Sections of a page that add to its score, the best first… */
  sectionsSummed: 4,
  /** …each counting this much less than the previous one. */
  sectionDecay: 0.3,
  /** The page score is multiplied by (query terms found on the page / query terms) ** this. */
  coveragePower: 2,
  /** Each further API operation of the same resource counts this much less than the previous. */
  groupDecay: 0.5,
  /** Matches (the best first) whose text is searched for query terms close together… */
  proximityCandidates: 100,
  /** …and the score bonus of a section holding all of them close together (less for fewer). */
  proximity: 3,
};

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest; rest &= rest - 1) count += 1;
  return count;
}

const INTRO = 1;
const API = 2;

export class SearchEngine {
  readonly documents: SearchDocument[];
  private readonly index: MiniSearch<IndexedFields>;
  private readonly apiDocuments: {id: number; method: string; path: string}[];
  /** Page number of each document, and group number of each page (see rankPages). */
  private readonly pageOfDocument: Int32Array;
  private readonly groupOfPage: Int32Array;
  private readonly knownTerms = new Map<string, boolean>();
  private readonly words = new Map<number, (string | null)[]>();
  /** INTRO and API flags of each document, for documentBoost (called for every match). */
  private readonly kinds: Uint8Array;

  constructor(documents: SearchDocument[], index: MiniSearch<IndexedFields>) {
    this.documents = documents;
    this.index = index;
    this.apiDocuments = documents.flatMap((document, id) => {
      if (!document.api) return [];
      const [method, apiPath] = document.api.split(' ');
      return [{id, method: method.toLowerCase(), path: normalizeApiPath(apiPath)}];
    });
    this.kinds = Uint8Array.from(
      documents,
      ({url}) => (url.includes('#') ? 0 : INTRO) | (url.includes('/api/') ? API : 0),
    );
    // Pages by number, and the group of each page: the API resource of an API operation (its path
    // without the trailing parameters), else the page itself.
    const pages = new Map<string, number>();
    this.pageOfDocument = Int32Array.from(documents, ({url}) => {
      const page = pageOf(url);
      if (!pages.has(page)) pages.set(page, pages.size);
      return pages.get(page) ?? 0;
    });
    const groups = new Map<string, number>();
    const resources = new Map(
      this.apiDocuments.map(({id, path: apiPath}) => [pageOf(documents[id].url), apiPath.replace(/(\/\{\})+$/, '')]),
    );
    this.groupOfPage = new Int32Array(pages.size);
    for (const [page, number] of pages) {
      const group = resources.get(page) ?? page;
      if (!groups.has(group)) groups.set(group, groups.size);
      this.groupOfPage[number] = groups.get(group) ?? 0;
    }
  }

  /**
   * Page introductions rank above their sections, and guides above the API reference for plain
   * words: API operations are reached by their names, methods and paths (the api field and the
   * exact layer), while a question in words is most often answered by a guide.
   */
  private documentBoost(id: number): number {
    const kind = this.kinds[id] ?? 0;
    return (kind & INTRO ? RANKING.introWeight : 1) * (kind & API ? RANKING.apiWeight : 1);
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

  /** Matching documents of the query terms with their MiniSearch scores and matched query terms. */
  private match(terms: string[]): Map<number, Match> {
    const matches = new Map<number, Match>();
    if (terms.length === 0) return matches;
    const query = terms.join(' ');
    // A prefix lets the word being typed match, from 2 letters. An earlier word only matches as a
    // prefix from 3 letters and when it is not a word of the index itself: "orig shield" finds
    // "origin", but "served" (serv) does not stand for "service" (servic). Numbers match exactly.
    const prefixed = terms.map(
      (term, position) =>
        !/^\d+$/.test(term) &&
        (position === terms.length - 1 ? term.length >= 2 : term.length >= 3 && !this.hasTerm(term)),
    );
    const base: MiniSearchOptions = {
      boost: BOOST,
      boostDocument: (id: unknown) => this.documentBoost(Number(id)),
      // The terms are already processed (processing twice would stem twice: respons → respon).
      processTerm: (term: string) => term,
      prefix: (_term: string, position: number) => prefixed[position],
      combineWith: 'OR',
    };
    const add = (results: MiniSearchResult[]) => {
      for (const result of results) {
        const id = Number(result.id);
        const known = matches.get(id);
        if (!known || known.score < result.score)
          matches.set(id, {score: result.score, terms: result.queryTerms, matched: result.terms});
      }
    };
    add(this.index.search(query, base));
    // Typo tolerance, only for words long enough to be told apart: one edit from 5 letters, two
    // from 10. It is the costly part of a search, so it only runs when a word matched nothing.
    const found = new Set([...matches.values()].flatMap((match) => match.terms));
    if (terms.some((term) => !found.has(term))) {
      add(
        this.index.search(query, {
          ...base,
          fuzzy: (term: string) => (term.length >= 5 && !/\d/.test(term) ? 0.2 : false),
        }),
      );
    }
    this.boostCloseTerms(terms, matches, prefixed);
    return matches;
  }

  /**
   * Multiplies the score of the best matches by how many query terms they hold close together
   * (see closeTerms): a section that says what the reader typed, almost word for word, answers
   * better than one that mentions the same words far apart.
   */
  private boostCloseTerms(terms: string[], matches: Map<number, Match>, prefixed: boolean[]): void {
    // Compound words (x-request-id) are not words of the text: their parts are.
    const words = terms.filter((term) => !/[-_]/.test(term));
    if (words.length < 2) return;
    const exact = new Map(words.map((term, position) => [term, position]));
    const prefixes = words.flatMap((term, position) => (prefixed[terms.indexOf(term)] ? [{term, position}] : []));
    const termOf = (word: string) => {
      const found = exact.get(word);
      if (found !== undefined) return found;
      for (const prefix of prefixes) if (word.startsWith(prefix.term)) return prefix.position;
      return -1;
    };
    const candidates = [...matches.entries()]
      .filter(([, match]) => match.terms.length >= 2)
      .sort((a, b) => b[1].score - a[1].score)
      .slice(0, RANKING.proximityCandidates);
    for (const [id, match] of candidates) {
      const close = closeTerms(this.wordsOf(id), termOf, words.length);
      if (close < 2) continue;
      match.score *= 1 + RANKING.proximity * ((close - 1) / (words.length - 1)) ** 2;
    }
  }

  /**
   * Title, section heading and text of a document as wordTerms, apart by more null words than any
   * window of closeTerms spans; computed on first use and kept.
   */
  private wordsOf(id: number): (string | null)[] {
    let words = this.words.get(id);
    if (!words) {
      const document = this.documents[id];
      const gap = new Array<null>(MAX_TERMS + PROXIMITY_SLACK + 1).fill(null);
      words = document
        ? [
            ...wordTerms(document.title),
            ...gap,
            ...wordTerms(document.subcategory),
            ...gap,
            ...wordTerms(document.text),
          ]
        : [];
      this.words.set(id, words);
    }
    return words;
  }

  /** True when the term is a word of the index (exactly, in any field). */
  private hasTerm(term: string): boolean {
    let known = this.knownTerms.get(term);
    if (known === undefined) {
      known = this.index.search(term, {processTerm: (word: string) => word, prefix: false, fuzzy: false}).length > 0;
      if (this.knownTerms.size > 1000) this.knownTerms.clear();
      this.knownTerms.set(term, known);
    }
    return known;
  }

  /** Pages of the matches, best first: see RANKING. */
  private rankPages(terms: string[], matches: Map<number, Match>): {page: number; ids: number[]; score: number}[] {
    const bit = new Map(terms.map((term, position) => [term, 1 << position]));
    const pages = new Map<number, {page: number; docs: {id: number; score: number}[]; terms: number}>();
    for (const [id, match] of matches) {
      const page = this.pageOfDocument[id];
      if (page === undefined) continue;
      let entry = pages.get(page);
      if (!entry) {
        entry = {page, docs: [], terms: 0};
        pages.set(page, entry);
      }
      entry.docs.push({id, score: match.score});
      for (const term of match.terms) entry.terms |= bit.get(term) ?? 0;
    }
    const scored = [...pages.values()].map((entry) => {
      entry.docs.sort((a, b) => b.score - a.score);
      let score = 0;
      const summed = Math.min(entry.docs.length, RANKING.sectionsSummed);
      for (let position = 0; position < summed; position += 1) {
        score += entry.docs[position].score * RANKING.sectionDecay ** position;
      }
      score *= (bitCount(entry.terms) / terms.length) ** RANKING.coveragePower;
      return {page: entry.page, ids: entry.docs.map((doc) => doc.id), score};
    });
    scored.sort((a, b) => b.score - a.score);
    // Many API operations of one resource (create, update, retrieve…) share most of their words:
    // after the first, each one of the same resource counts for less, so that they do not fill
    // the first results.
    const perGroup = new Map<number, number>();
    for (const entry of scored) {
      const group = this.groupOfPage[entry.page];
      const count = perGroup.get(group) ?? 0;
      perGroup.set(group, count + 1);
      entry.score *= RANKING.groupDecay ** count;
    }
    return scored.sort((a, b) => b.score - a.score);
  }

  search(raw: string, {limit = 10, perPage = 2}: SearchOptions = {}): SearchResult[] {
    const terms = queryTerms(raw);
    const exactApi = this.apiMatches(raw);
    if (terms.length === 0 && exactApi.length === 0) return [];
    const matches = this.match(terms);
    const ranked = [...exactApi, ...this.rankPages(terms, matches).flatMap((entry) => entry.ids.slice(0, perPage))];
    const perPageCount = new Map<string, number>();
    const results: SearchResult[] = [];
    const seen = new Set<number>();
    for (const id of ranked) {
      const document = this.documents[id];
      if (!document || seen.has(id)) continue;
      seen.add(id);
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
        snippet: makeSnippet(document.text, terms, matches.get(id)?.matched ?? terms),
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
