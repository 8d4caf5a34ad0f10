// The search engine shared by the navbar box, the /search page, the relevance tests and
// scripts/search-stats.mjs: query normalisation, matching with prefix and typo tolerance and
// MiniSearch's scoring over the index shards (see score), a bonus for query words found close
// together, ranking by page (see RANKING), an exact method + path layer for API operations, and
// snippets with marked words.
import SearchableMap from 'minisearch/SearchableMap';
import {decodePositions, decodePostings, type FieldPostings} from '../../../plugins/search-index/codec.mjs';
import {BOOST, isHttpMethod, normalizeApiPath, processTerm} from '../../../plugins/search-index/options.mjs';
import {normalizeQuery, queryTerms, WORD} from './query';

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

/** processTerm of the words of snippets, kept: the same words come back in every text. */
const termCache = new Map<string, string | null>();

function cachedTerm(word: string): string | null {
  let term = termCache.get(word);
  if (term === undefined) {
    term = processTerm(word);
    if (termCache.size > 100_000) termCache.clear();
    termCache.set(word, term);
  }
  return term;
}

/** True when a word of the text is one of the matched terms (or extends a query prefix). */
function matcher(terms: string[], matched: string[]): (word: string) => boolean {
  const exact = new Set(matched);
  return (word) => {
    const term = cachedTerm(word);
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
      hits.push({start: found.index, end: found.index + found[0].length, term: cachedTerm(found[0]) ?? ''});
    }
  }
  let from = 0;
  if (hits.length > 0) {
    // The window starting at each hit holds the hits after it up to SNIPPET_CHARS (hits are in
    // text order and do not overlap): a sliding window counts its distinct terms in linear time.
    let best = {start: hits[0].start, distinct: 0};
    const counts = new Map<string, number>();
    let end = 0;
    for (const hit of hits) {
      while (end < hits.length && hits[end].end <= hit.start + SNIPPET_CHARS) {
        counts.set(hits[end].term, (counts.get(hits[end].term) ?? 0) + 1);
        end += 1;
      }
      if (counts.size > best.distinct) best = {start: hit.start, distinct: counts.size};
      const left = (counts.get(hit.term) ?? 0) - 1;
      if (left > 0) counts.set(hit.term, left);
      else counts.delete(hit.term);
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
  return closeHits(at, bits, count, slack);
}

/** closeTerms over the positions (ascending) of the query terms' words and their term bits. */
function closeHits(at: readonly number[], bits: readonly number[], count: number, slack = PROXIMITY_SLACK): number {
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

/**
 * The `count` best-scored matches holding at least two query terms (ties in the map's order), in
 * no particular order: a typed-array sort finds the threshold, rather than sorting every match.
 */
function bestMatches(matches: Map<number, Match>, count: number): [number, Match][] {
  const eligible: [number, Match][] = [];
  for (const entry of matches) if (bitCount(entry[1].bits) >= 2) eligible.push(entry);
  if (eligible.length <= count) return eligible;
  const scores = Float64Array.from(eligible, ([, match]) => match.score).sort();
  const threshold = scores[scores.length - count];
  const above = scores.length - 1 - scores.lastIndexOf(threshold);
  let atThreshold = count - above;
  return eligible.filter(([, match]) => match.score > threshold || (match.score === threshold && atThreshold-- > 0));
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
  /** Query terms the document matched, as bits (1 << position in the query's terms). */
  bits: number;
  /** The index terms it matched (prefix and typo matches included): see matchedTerms. */
  hits: Hits;
}

/**
 * The index terms each document matched in a scoring run, as a list per document in flat arrays
 * (the last hit of a document first): names are made only for the documents that need them.
 */
interface Hits {
  names: string[];
  name: number[];
  next: number[];
  last: Int32Array;
}

/** Index terms a document matched (prefix and typo matches included): the snippet marks them. */
function matchedTerms(id: number, {names, name, next, last}: Hits): string[] {
  const found: string[] = [];
  for (let hit = last[id]; hit >= 0; hit = next[hit]) {
    if (!found.includes(names[name[hit]])) found.push(names[name[hit]]);
  }
  return found.reverse();
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

/** What every query needs, written by plugins/search-index/build.mjs (see there). */
export interface SearchMeta {
  version: 3;
  fields: string[];
  documentCount: number;
  averageFieldLength: number[];
  /** fields.length lengths per document. */
  fieldLength: number[];
  /** Every index term, in code-unit order. */
  terms: string[];
  /** Index shards: the terms from `first` (an index into terms) to the next shard's first. */
  shards: {file: string; first: number}[];
  /** Document chunks: the documents from id `first` to the next chunk's first. */
  chunks: {file: string; first: number}[];
  /** Number of documents of each page, in document order. */
  pages: number[];
  /** Group of each page (its API resource, or the page itself). */
  groups: number[];
  /** INTRO and API flags of each document, one digit each. */
  kinds: string;
  /** [document id, method, normalized path] of each API operation. */
  api: [number, string, string][];
}

/** A shard entry: term, its postings and its word positions, encoded (plugins/search-index/codec.mjs). */
type ShardEntry = [string, string, string];

/** Reads a search file by its name (relative to the base URL), synchronously or not. */
export type FileReader = (name: string) => string | Promise<string>;

/** A search file that could not be loaded: the UI says so and offers a retry. */
export class SearchLoadError extends Error {}

/** Index of the last element of the sorted `starts` that is ≤ value. */
function rangeOf(starts: readonly number[], value: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}

interface Plan {
  terms: string[];
  matches: Map<number, Match>;
  ids: number[];
}

export class SearchEngine {
  readonly meta: SearchMeta;
  private readonly read: FileReader;
  /** Postings of the loaded terms, by field id (the index: a radix tree, as MiniSearch's). */
  private readonly postings = new SearchableMap<(FieldPostings | undefined)[]>();
  /** BOOST of each field, in meta.fields order. */
  private readonly fieldBoosts: number[];
  /** documentBoost of each document. */
  private readonly boosts: Float64Array;
  /** The vocabulary as a radix tree (term → its position in meta.terms), for prefixes and typos. */
  private readonly vocabulary: SearchableMap<number>;
  private readonly shardStarts: number[];
  private readonly chunkStarts: number[];
  private readonly shards: (true | Promise<void> | undefined)[];
  private readonly chunks: (SearchDocument[] | Promise<SearchDocument[]> | undefined)[];
  /** True once every shard and chunk is loaded (loadEverything). */
  private complete = false;
  /** Word positions of each loaded term, encoded until the proximity bonus first reads them. */
  private readonly encodedPositions = new Map<string, string>();
  /** Word positions of a term by document (first position, then gaps), once decoded. */
  private readonly positions = new Map<string, Map<number, number[]>>();
  private readonly apiDocuments: {id: number; method: string; path: string}[];
  /** Page number of each document, and group number of each page (see rankPages). */
  private readonly pageOfDocument: Int32Array;
  private readonly groupOfPage: Int32Array;
  /** INTRO and API flags of each document, for documentBoost (called for every match). */
  private readonly kinds: Uint8Array;

  constructor(meta: SearchMeta, read: FileReader) {
    if (meta.version !== 3) throw new SearchLoadError(`Unknown search files version ${String(meta.version)}.`);
    this.meta = meta;
    this.read = read;
    this.fieldBoosts = meta.fields.map((field) => BOOST[field] || 1);
    this.vocabulary = new SearchableMap<number>();
    meta.terms.forEach((term, position) => this.vocabulary.set(term, position));
    this.shardStarts = meta.shards.map(({first}) => first);
    this.chunkStarts = meta.chunks.map(({first}) => first);
    this.shards = new Array(meta.shards.length).fill(undefined);
    this.chunks = new Array(meta.chunks.length).fill(undefined);
    this.apiDocuments = meta.api.map(([id, method, apiPath]) => ({id, method, path: apiPath}));
    this.kinds = Uint8Array.from(meta.kinds, Number);
    this.pageOfDocument = new Int32Array(meta.documentCount);
    let id = 0;
    meta.pages.forEach((size, page) => {
      this.pageOfDocument.fill(page, id, id + size);
      id += size;
    });
    this.groupOfPage = Int32Array.from(meta.groups);
    this.boosts = Float64Array.from(this.kinds, (_, id) => this.documentBoost(id));
  }

  /** Builds the engine from the manifest and every search file, read synchronously (Node). */
  static fromFiles(read: (name: string) => string): SearchEngine {
    const {meta: metaFile} = JSON.parse(read('search-manifest.json')) as {meta: string};
    const engine = new SearchEngine(JSON.parse(read(metaFile)) as SearchMeta, read);
    engine.loadEverything();
    return engine;
  }

  /** Reads every shard and chunk now (synchronously: the reader must be synchronous). */
  loadEverything(): void {
    this.meta.shards.forEach((_, shard) => {
      if (this.shards[shard] === true) return;
      this.addShard(shard, this.readNow(this.meta.shards[shard].file));
    });
    this.meta.chunks.forEach(({file}, chunk) => {
      if (!Array.isArray(this.chunks[chunk])) this.chunks[chunk] = JSON.parse(this.readNow(file)) as SearchDocument[];
    });
    this.complete = true;
  }

  private readNow(file: string): string {
    const text = this.read(file);
    if (typeof text !== 'string') throw new Error('SearchEngine.loadEverything needs a synchronous reader');
    return text;
  }

  /** Every document (once every chunk is loaded: Node). */
  get documents(): SearchDocument[] {
    return this.chunks.flatMap((chunk, position) => {
      if (!Array.isArray(chunk)) throw new Error(`Search document chunk ${position} is not loaded`);
      return chunk;
    });
  }

  private addShard(shard: number, json: string): void {
    const entries = JSON.parse(json) as ShardEntry[];
    for (const [term, postings, positions] of entries) {
      this.postings.set(term, decodePostings(postings));
      this.encodedPositions.set(term, positions);
    }
    this.shards[shard] = true;
  }

  /** Loads a file, with the error the UI shows when it fails. */
  private async fetchFile(file: string): Promise<string> {
    try {
      return await this.read(file);
    } catch (error) {
      if (error instanceof SearchLoadError) throw error;
      throw new SearchLoadError(`The search file ${file} could not be loaded (${String(error)}).`);
    }
  }

  private loadShard(shard: number): true | Promise<void> {
    const state = this.shards[shard];
    if (state) return state;
    const loading = this.fetchFile(this.meta.shards[shard].file).then(
      (json) => this.addShard(shard, json),
      (error: unknown) => {
        this.shards[shard] = undefined; // a retry fetches it again
        throw error;
      },
    );
    this.shards[shard] = loading;
    return loading;
  }

  private loadChunk(chunk: number): SearchDocument[] | Promise<SearchDocument[]> {
    const state = this.chunks[chunk];
    if (state) return state;
    const loading = this.fetchFile(this.meta.chunks[chunk].file).then(
      (json) => {
        const documents = JSON.parse(json) as SearchDocument[];
        this.chunks[chunk] = documents;
        return documents;
      },
      (error: unknown) => {
        this.chunks[chunk] = undefined;
        throw error;
      },
    );
    this.chunks[chunk] = loading;
    return loading;
  }

  private shardOfTerm(position: number): number {
    return rangeOf(this.shardStarts, position);
  }

  /**
   * The shards the query's terms can match in, found in the vocabulary exactly as MiniSearch would
   * match them in the whole index: the term, its extensions when it is a prefix, and, when a term
   * matches nothing, the terms within its typo distance (see match).
   */
  shardsFor(raw: string): number[] {
    const terms = queryTerms(raw);
    const needed = new Set<number>();
    const prefixed = this.prefixed(terms);
    let unmatched = false;
    terms.forEach((term, position) => {
      const exact = this.vocabulary.get(term);
      if (exact !== undefined) needed.add(this.shardOfTerm(exact));
      let found = exact !== undefined;
      if (prefixed[position]) {
        for (const [, at] of this.vocabulary.atPrefix(term)) {
          needed.add(this.shardOfTerm(at));
          found = true;
        }
      }
      if (!found) unmatched = true;
    });
    if (unmatched) {
      for (const term of terms) {
        const distance = typoDistance(term);
        if (!distance) continue;
        for (const [, [at]] of this.vocabulary.fuzzyGet(term, distance)) needed.add(this.shardOfTerm(at));
      }
    }
    return [...needed].sort((a, b) => a - b);
  }

  /** Chunk of a document. */
  private chunkOf(id: number): number {
    return rangeOf(this.chunkStarts, id);
  }

  private documentOf(id: number): SearchDocument | undefined {
    const chunk = this.chunks[this.chunkOf(id)];
    if (!Array.isArray(chunk)) throw new Error(`Search document ${id} is not loaded`);
    return chunk[id - this.meta.chunks[this.chunkOf(id)].first];
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

  /**
   * A prefix lets the word being typed match, from 2 letters. An earlier word only matches as a
   * prefix from 3 letters and when it is not a word of the index itself: "orig shield" finds
   * "origin", but "served" (serv) does not stand for "service" (servic). Numbers match exactly.
   */
  private prefixed(terms: string[]): boolean[] {
    return terms.map(
      (term, position) =>
        !/^\d+$/.test(term) &&
        (position === terms.length - 1 ? term.length >= 2 : term.length >= 3 && !this.vocabulary.has(term)),
    );
  }

  /**
   * Matching documents of the query terms with their scores and matched terms: MiniSearch's
   * scoring (BM25+ per field, field boosts, prefix and typo weights, summed over the query terms
   * and multiplied by the number of query terms matched; see score), then the proximity bonus.
   */
  private match(terms: string[]): Map<number, Match> {
    const matches = new Map<number, Match>();
    if (terms.length === 0) return matches;
    const prefixed = this.prefixed(terms);
    this.score(terms, prefixed, false, matches);
    // Typo tolerance, only for words long enough to be told apart: one edit from 5 letters, two
    // from 10. It is the costly part of a search, so it only runs when a word matched nothing.
    let found = 0;
    for (const match of matches.values()) found |= match.bits;
    if (found !== 2 ** terms.length - 1) this.score(terms, prefixed, true, matches);
    this.boostCloseTerms(terms, matches, prefixed);
    return matches;
  }

  /**
   * Scores the documents as MiniSearch 7.2's search (combineWith OR) does over the same postings,
   * in typed arrays rather than an object per document and term: 5 to 10 times faster on frequent
   * terms (README › Search). For each query term, the term itself (weight 1), when prefixed the
   * loaded terms that extend it (PREFIX_WEIGHT × length / (length + 0.3 × extra letters)), and with
   * `fuzzy` the terms within its typo distance (FUZZY_WEIGHT × length / (length + distance)) add
   * weight × field boost × document boost × BM25+ for each field holding them; a document's sum is
   * multiplied by the number of query terms it matched. A document keeps its best score over the
   * calls (the plain and the typo-tolerant search).
   */
  private score(terms: string[], prefixed: boolean[], fuzzy: boolean, matches: Map<number, Match>): void {
    const count = this.meta.documentCount;
    const width = this.meta.fields.length;
    const fieldLength = this.meta.fieldLength;
    const average = this.meta.averageFieldLength;
    const boosts = this.fieldBoosts;
    const total = new Float64Array(count);
    const termScore = new Float64Array(count);
    const termBits = new Int32Array(count);
    const touched: number[] = [];
    const hits: Hits = {names: [], name: [], next: [], last: new Int32Array(count).fill(-1)};
    const {names, name: hitName, next: hitNext, last: lastHit} = hits;
    for (let position = 0; position < terms.length; position += 1) {
      const term = terms[position];
      const derived: [string, (FieldPostings | undefined)[], number][] = [];
      const exact = this.postings.get(term);
      if (exact) derived.push([term, exact, 1]);
      const distance = fuzzy ? typoDistance(term) : 0;
      const fuzzyMatches = distance ? this.postings.fuzzyGet(term, distance) : undefined;
      if (prefixed[position]) {
        for (const [longer, data] of this.postings.atPrefix(term)) {
          const extra = longer.length - term.length;
          if (!extra) continue;
          fuzzyMatches?.delete(longer);
          derived.push([longer, data, (PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * extra)]);
        }
      }
      if (fuzzyMatches) {
        for (const [near, [data, edits]] of fuzzyMatches) {
          if (edits) derived.push([near, data, (FUZZY_WEIGHT * near.length) / (near.length + edits)]);
        }
      }
      const termTouched: number[] = [];
      for (const [name, fields, weight] of derived) {
        const nameAt = names.push(name) - 1;
        for (let field = 0; field < width; field += 1) {
          const documents = fields[field];
          if (!documents) continue;
          const {ids, frequencies} = documents;
          const matching = ids.length;
          const idf = Math.log(1 + (count - matching + 0.5) / (matching + 0.5));
          const factor = weight * boosts[field];
          const averageLength = average[field];
          for (let at = 0; at < matching; at += 1) {
            const id = ids[at];
            const frequency = frequencies[at];
            if (id >= count) continue;
            const length = fieldLength[id * width + field];
            const bm25 =
              idf *
              (BM25.d +
                (frequency * (BM25.k + 1)) / (frequency + BM25.k * (1 - BM25.b + (BM25.b * length) / averageLength)));
            if (termScore[id] === 0) termTouched.push(id);
            termScore[id] += factor * this.boosts[id] * bm25;
            const last = lastHit[id];
            if (last < 0 || hitName[last] !== nameAt) {
              lastHit[id] = hitName.length;
              hitName.push(nameAt);
              hitNext.push(last);
            }
          }
        }
      }
      for (const id of termTouched) {
        if (termBits[id] === 0) touched.push(id);
        total[id] += termScore[id];
        termBits[id] |= 1 << position;
        termScore[id] = 0;
      }
    }
    for (const id of touched) {
      const bits = termBits[id];
      const score = total[id] * bitCount(bits);
      const known = matches.get(id);
      if (known && known.score >= score) continue;
      matches.set(id, {score, bits, hits});
    }
  }

  /**
   * Multiplies the score of the best matches by how many query terms they hold close together
   * (see closeTerms): a section that says what the reader typed, almost word for word, answers
   * better than one that mentions the same words far apart. The word positions come with the
   * shards: the index terms that stand for a query word are its own and, for a prefix, the
   * vocabulary's terms that extend it.
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
    for (const [id, match] of bestMatches(matches, RANKING.proximityCandidates)) {
      // The index terms a document matched include every one of its words that stands for a
      // query word (the word itself, or an extension of a prefix).
      const hits: [number, number][] = [];
      for (const word of matchedTerms(id, match.hits)) {
        const term = termOf(word);
        if (term < 0) continue;
        const gaps = this.positionsOf(word).get(id);
        if (!gaps) continue;
        let at = 0;
        for (const gap of gaps) {
          at += gap;
          hits.push([at, term]);
        }
      }
      hits.sort((a, b) => a[0] - b[0]);
      const close = closeHits(
        hits.map(([at]) => at),
        hits.map(([, term]) => 1 << term),
        words.length,
      );
      if (close < 2) continue;
      match.score *= 1 + RANKING.proximity * ((close - 1) / (words.length - 1)) ** 2;
    }
  }

  /** Word positions of a loaded term by document, decoded on first use. */
  private positionsOf(term: string): Map<number, number[]> {
    let positions = this.positions.get(term);
    if (!positions) {
      positions = decodePositions(this.encodedPositions.get(term) ?? '');
      this.positions.set(term, positions);
    }
    return positions;
  }

  /**
   * Pages of the matches, best first (see RANKING), each with its `keep` best documents (at least
   * RANKING.sectionsSummed are kept: they make the page's score), best first.
   */
  private rankPages(
    terms: string[],
    matches: Map<number, Match>,
    keep: number,
  ): {page: number; ids: number[]; score: number}[] {
    // Per page, in typed arrays (a query can match thousands of sections): the query terms found
    // and the best `kept` documents so far, by score, ties in the order of the matches.
    const kept = Math.max(keep, RANKING.sectionsSummed);
    const pageCount = this.groupOfPage.length;
    const pageTerms = new Int32Array(pageCount);
    const counts = new Uint8Array(pageCount);
    const bestIds = new Int32Array(pageCount * kept);
    const bestScores = new Float64Array(pageCount * kept);
    const seen: number[] = [];
    for (const [id, match] of matches) {
      const page = this.pageOfDocument[id];
      if (page === undefined) continue;
      const count = counts[page];
      if (count === 0) seen.push(page);
      pageTerms[page] |= match.bits;
      const base = page * kept;
      let at = count;
      while (at > 0 && bestScores[base + at - 1] < match.score) at -= 1;
      if (at >= kept) continue;
      for (let slot = Math.min(count, kept - 1); slot > at; slot -= 1) {
        bestIds[base + slot] = bestIds[base + slot - 1];
        bestScores[base + slot] = bestScores[base + slot - 1];
      }
      bestIds[base + at] = id;
      bestScores[base + at] = match.score;
      counts[page] = Math.min(count + 1, kept);
    }
    const scored = seen.map((page) => {
      const base = page * kept;
      let score = 0;
      const summed = Math.min(counts[page], RANKING.sectionsSummed);
      for (let position = 0; position < summed; position += 1) {
        score += bestScores[base + position] * RANKING.sectionDecay ** position;
      }
      score *= (bitCount(pageTerms[page]) / terms.length) ** RANKING.coveragePower;
      const ids: number[] = [];
      for (let position = 0; position < counts[page]; position += 1) ids.push(bestIds[base + position]);
      return {page, ids, score};
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

  /** The documents of the results, best first (the shards of the query must be loaded). */
  private plan(raw: string, {limit = 10, perPage = 2}: SearchOptions): Plan {
    const terms = queryTerms(raw);
    const exactApi = this.apiMatches(raw);
    if (terms.length === 0 && exactApi.length === 0) return {terms, matches: new Map(), ids: []};
    const matches = this.match(terms);
    const ranked = [
      ...exactApi,
      ...this.rankPages(terms, matches, perPage).flatMap((entry) => entry.ids.slice(0, perPage)),
    ];
    const perPageCount = new Map<number, number>();
    const ids: number[] = [];
    const seen = new Set<number>();
    for (const id of ranked) {
      if (id < 0 || id >= this.meta.documentCount || seen.has(id)) continue;
      seen.add(id);
      const page = this.pageOfDocument[id];
      const count = perPageCount.get(page) ?? 0;
      if (count >= perPage) continue;
      perPageCount.set(page, count + 1);
      ids.push(id);
      if (ids.length >= limit) break;
    }
    return {terms, matches, ids};
  }

  /** The results of a plan (the chunks of its documents must be loaded). */
  private present({terms, matches, ids}: Plan): SearchResult[] {
    const matchedOf = (id: number) => {
      const match = matches.get(id);
      return match ? matchedTerms(id, match.hits) : terms;
    };
    return ids.flatMap((id) => {
      const document = this.documentOf(id);
      if (!document) return [];
      return [
        {
          id,
          url: document.url,
          title: document.title,
          subcategory: document.subcategory,
          api: document.api,
          snippet: makeSnippet(document.text, terms, matchedOf(id)),
        },
      ];
    });
  }

  /** Searches synchronously: every shard and chunk the query needs must be loaded (Node: all). */
  search(raw: string, options: SearchOptions = {}): SearchResult[] {
    const missing = this.complete ? [] : this.shardsFor(raw).filter((shard) => this.shards[shard] !== true);
    if (missing.length > 0) throw new Error(`Search shards ${missing.join(', ')} are not loaded: use find()`);
    return this.present(this.plan(raw, options));
  }

  /**
   * Searches, loading first the index shards the query's words need, then the document chunks of
   * the results: what the browser calls. Throws a SearchLoadError when a file fails to load; what
   * was loaded stays, and a retry fetches only the rest.
   */
  async find(raw: string, options: SearchOptions = {}): Promise<SearchResult[]> {
    await Promise.all(this.shardsFor(raw).map((shard) => this.loadShard(shard)));
    const plan = this.plan(raw, options);
    await Promise.all([...new Set(plan.ids.map((id) => this.chunkOf(id)))].map((chunk) => this.loadChunk(chunk)));
    return this.present(plan);
  }
}

/** MiniSearch's default weights of prefix and typo matches, and its BM25+ parameters. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const BM25 = {k: 1.2, b: 0.7, d: 0.5};

/** Share of a word's letters that may be typos (MiniSearch's fuzzy), for words that allow them. */
const FUZZY = 0.2;
/** MiniSearch's default cap on the typo distance. */
const MAX_FUZZY = 6;

/** Typos tolerated in a query term: one from 5 letters, two from 10; none with digits. */
function typoDistance(term: string): number {
  if (term.length < 5 || /\d/.test(term)) return 0;
  return Math.min(MAX_FUZZY, Math.round(term.length * FUZZY));
}

/** Name of the meta file, written by plugins/search-index after each build (no-cache). */
interface Manifest {
  meta: string;
}

/** Fetches a search file by its name under the base URL. */
function fetcher(baseUrl: string): (name: string) => Promise<string> {
  return async (name) => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${name}`);
    } catch {
      throw new SearchLoadError('The search files could not be loaded (network error).');
    }
    if (!response.ok)
      throw new SearchLoadError(`The search file ${name} could not be loaded (HTTP ${response.status}).`);
    return response.text();
  };
}

/** Loads the manifest and the meta file and builds the engine; shards and chunks load per query. */
export async function loadSearchEngine(baseUrl: string): Promise<SearchEngine> {
  const read = fetcher(baseUrl);
  const manifest = JSON.parse(await read('search-manifest.json')) as Manifest;
  return new SearchEngine(JSON.parse(await read(manifest.meta)) as SearchMeta, read);
}
