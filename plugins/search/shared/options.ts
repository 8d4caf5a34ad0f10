// The text processing shared by the index build (build.mts) and the browser engine (engine/):
// both sides must turn words into the same terms.
import type {Options} from 'minisearch';

/** The fields of a document as the index is built from them. */
export interface IndexedFields {
  id: number;
  title: string;
  subcategory: string;
  description: string;
  text: string;
  code: string;
  api: string;
}

/**
 * Indexed fields. `description` (the page's summary, on its first document), `code` (code-block
 * words) and `api` (method, path, operationId) are index-only.
 */
export const FIELDS: string[] = ['title', 'subcategory', 'description', 'text', 'code', 'api'];

/** Frequent English words that match nearly every section: left out of the index and the queries. */
export const STOP_WORDS = new Set(
  (
    'a an and are as at be by can do does for from has have how i if in into is it its of on or our so than that the ' +
    'their them then there these they this to was we were what when where which while who will with you your'
  ).split(' '),
);

/** Splits on white space and punctuation, like MiniSearch's default, but keeps nothing empty. */
export const SPLIT = /[\s\p{P}\p{S}]+/u;

/** Words joined by hyphens or underscores, without digits: `X-Request-Id`, `service_id`, `read-only`. */
const COMPOUND = /(?<![\p{L}\p{N}_-])\p{L}+(?:[-_]\p{L}+)+(?![\p{L}\p{N}])/gu;

/**
 * The words of a text, and also each compound word whole after its parts: a query for the header
 * `X-Request-Id` then matches that header, not every text with "request" and "id" somewhere.
 */
export function tokenize(text: string): string[] {
  const words: string[] = [];
  for (const chunk of text.split(/\s+/)) {
    for (const word of chunk.split(SPLIT)) if (word) words.push(word);
    for (const compound of chunk.matchAll(COMPOUND)) words.push(compound[0]);
  }
  return words;
}

/**
 * Light English stemming, enough to make plurals and simple verb forms meet: origins → origin,
 * policies → policy, purging → purg(e), deployed → deploy. Both the index and the queries use it.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ing') && word.length > 5) return word.slice(0, -3).replace(/e$/, '');
  if (word.endsWith('ed') && word.length > 4 && !word.endsWith('eed')) return word.slice(0, -2).replace(/e$/, '');
  if (word.endsWith('es') && /(ches|shes|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1).replace(/e$/, '');
  return word.replace(/e$/, '');
}

/** One token to its index term, or null for a word left out of the index. */
export function processTerm(token: string): string | null {
  const word = token.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
  if (!word || STOP_WORDS.has(word) || word.length > 40) return null;
  return stem(word);
}

/** A word of a text for snippets and proximity: a run of letters and digits. */
export const WORD = /[\p{L}\p{N}]+/gu;

/** The index terms of the words of a text, in order, with null for stop words (they keep their place). */
export function wordTerms(text: string): (string | null)[] {
  const words: (string | null)[] = [];
  for (const found of text.matchAll(WORD)) words.push(processTerm(found[0]));
  return words;
}

/**
 * Null words between the title, the section heading and the text of a document in its word
 * positions (build.mts writes them, the engine's proximity bonus reads them):
 * more than any window of query terms spans (12 terms + 2 words of slack), so that words of the
 * title and of the text are never taken as close.
 */
export const PROXIMITY_GAP = 15;

/** Field weights of a search. */
export const BOOST: Record<string, number> = {title: 5, subcategory: 2.5, description: 2, api: 4, text: 1, code: 0.4};

/** MiniSearch options used both to build the index and to load it. */
export const miniSearchOptions: Options<IndexedFields> = {
  idField: 'id',
  fields: FIELDS,
  storeFields: [],
  tokenize,
  processTerm,
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function isHttpMethod(word: string): boolean {
  return METHODS.has(word.toLowerCase());
}

/**
 * Canonical form of an API path for exact matching: lower case, no trailing slash, and every path
 * parameter (`{service_id}`, `{serviceId}`, `:service_id`) as `{}`.
 */
export function normalizeApiPath(apiPath: string): string {
  return apiPath
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/[?#].*$/, '')
    .replace(/\{[^}/]*\}?|:[^/]+/g, '{}')
    .replace(/\/+/g, '/')
    .replace(/(.)\/$/, '$1');
}
