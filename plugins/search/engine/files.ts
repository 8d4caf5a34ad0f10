// The search files as the engine reads them: what plugins/search/build.mts writes (the meta file,
// the shards of the index and the chunks of the documents), how a file is read, and the error the
// UI shows when one cannot be loaded.

/** Name of the file that names the meta file: written after each build (no-cache). */
export const MANIFEST = 'search-manifest.json';

/** One search document: a page (url without #) or one of its sections (url with #anchor). */
export interface SearchDocument {
  url: string;
  title: string;
  subcategory: string;
  text: string;
  /** "POST /services/{service_id}/origins/" on the main document of an API operation page. */
  api?: string;
}

/** Page address of a document (its URL without the section anchor). */
export function pageOf(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/** What every query needs, written by plugins/search/build.mts (see there). */
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

/** A shard entry: term, its postings and its word positions, encoded (plugins/search/shared/codec.ts). */
export type ShardEntry = [string, string, string];

/** Reads a search file by its name (relative to the base URL), synchronously or not. */
export type FileReader = (name: string) => string | Promise<string>;

/** A search file that could not be loaded: the UI says so and offers a retry. */
export class SearchLoadError extends Error {}

/** Index of the last element of the sorted `starts` that is ≤ value. */
export function rangeOf(starts: readonly number[], value: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Name of the meta file, written by plugins/search after each build (no-cache). */
export interface Manifest {
  meta: string;
}

/** Fetches a search file by its name under the base URL. */
export function fetcher(baseUrl: string): (name: string) => Promise<string> {
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
