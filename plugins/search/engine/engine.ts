// The search engine shared by the navbar box, the /search page, the relevance tests, the MCP
// server and plugins/search/stats.mts: query normalisation, matching with prefix and typo
// tolerance and MiniSearch's scoring over the index shards (scoring.ts), a bonus for query words
// found close together (proximity.ts), ranking by page (ranking.ts), an exact method + path layer
// for API operations, and snippets with marked words (snippet.ts). The search files it reads are
// described in files.ts.
import SearchableMap from 'minisearch/SearchableMap';
import {decodePositions, decodePostings, type FieldPostings} from '../shared/codec';
import {BOOST} from '../shared/options';
import {
  MANIFEST,
  SearchLoadError,
  fetcher,
  rangeOf,
  type FileReader,
  type Manifest,
  type SearchDocument,
  type SearchMeta,
  type ShardEntry,
} from './files';
import {boostCloseTerms} from './proximity';
import {parseApiQuery, queryTerms} from './query';
import {RANKING, matchedTerms, rankPages, type Match} from './ranking';
import {scoreMatches, typoDistance, type ScoringIndex} from './scoring';
import {makeSnippet, type Segment} from './snippet';

export {MAX_QUERY_CHARS, normalizeQuery, parseApiQuery, queryTerms, wordTerms} from './query';
export {SearchLoadError, pageOf, type FileReader, type SearchDocument, type SearchMeta} from './files';
export {closeTerms} from './proximity';
export {RANKING} from './ranking';
export {makeSnippet, type Segment} from './snippet';

export interface SearchResult {
  id: number;
  url: string;
  title: string;
  subcategory: string;
  api?: string;
  snippet: Segment[];
}

export interface SearchOptions {
  /** Results returned at most. */
  limit?: number;
  /** Sections of the same page returned at most, so that one long page does not fill the list. */
  perPage?: number;
}

const INTRO = 1;
const API = 2;

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
    const {meta: metaFile} = JSON.parse(read(MANIFEST)) as {meta: string};
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

  /** What scoreMatches reads of the engine. */
  private scoring(): ScoringIndex {
    return {meta: this.meta, postings: this.postings, fieldBoosts: this.fieldBoosts, boosts: this.boosts};
  }

  /**
   * Matching documents of the query terms with their scores and matched terms: MiniSearch's
   * scoring (BM25+ per field, field boosts, prefix and typo weights, summed over the query terms
   * and multiplied by the number of query terms matched; see scoreMatches), then the proximity bonus (boostCloseTerms).
   */
  private match(terms: string[]): Map<number, Match> {
    const matches = new Map<number, Match>();
    if (terms.length === 0) return matches;
    const prefixed = this.prefixed(terms);
    const index = this.scoring();
    scoreMatches(index, terms, prefixed, false, matches);
    // Typo tolerance, only for words long enough to be told apart: one edit from 5 letters, two
    // from 10. It is the costly part of a search, so it only runs when a word matched nothing.
    let found = 0;
    for (const match of matches.values()) found |= match.bits;
    if (found !== 2 ** terms.length - 1) scoreMatches(index, terms, prefixed, true, matches);
    boostCloseTerms(terms, matches, prefixed, (term) => this.positionsOf(term));
    return matches;
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

  /** The documents of the results, best first (the shards of the query must be loaded). */
  private plan(raw: string, {limit = 10, perPage = 2}: SearchOptions): Plan {
    const terms = queryTerms(raw);
    const exactApi = this.apiMatches(raw);
    if (terms.length === 0 && exactApi.length === 0) return {terms, matches: new Map(), ids: []};
    const matches = this.match(terms);
    const ranked = [
      ...exactApi,
      ...rankPages(
        {pageOfDocument: this.pageOfDocument, groupOfPage: this.groupOfPage},
        terms,
        matches,
        perPage,
      ).flatMap((entry) => entry.ids.slice(0, perPage)),
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

/** Loads the manifest and the meta file and builds the engine; shards and chunks load per query. */
export async function loadSearchEngine(baseUrl: string): Promise<SearchEngine> {
  const read = fetcher(baseUrl);
  const manifest = JSON.parse(await read(MANIFEST)) as Manifest;
  return new SearchEngine(JSON.parse(await read(manifest.meta)) as SearchMeta, read);
}
