// Words of a page to highlight after the reader followed a search result: the query travels in the
// history state (never in the address), and src/clientModules/searchHighlight.ts marks the words it
// finds with the CSS Custom Highlight API. Only the text processing shared with the index is used
// here (no MiniSearch), so that the module stays small enough for every page.
import {processTerm, tokenize} from '../../../plugins/search-index/options.mjs';

/** History state a search result is opened with. */
export interface SearchHighlightState {
  searchQuery: string;
}

const MAX_TERMS = 12;
const WORD = /[\p{L}\p{N}]+/gu;

/** The search query carried by a history state, if any. */
export function searchQueryOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('searchQuery' in state)) return null;
  const {searchQuery} = state as SearchHighlightState;
  return typeof searchQuery === 'string' && searchQuery.trim() ? searchQuery.slice(0, 200) : null;
}

/** Index terms of a query, as the search engine makes them (compound words left out: their parts match). */
export function highlightTerms(query: string): string[] {
  const terms: string[] = [];
  for (const token of tokenize(query)) {
    const term = processTerm(token);
    if (term && !/[-_]/.test(term) && !terms.includes(term)) terms.push(term);
    if (terms.length >= MAX_TERMS) break;
  }
  return terms;
}

/**
 * Start and end offsets of the words of `text` that match a term: the same word after stemming
 * (origins → origin), or a longer word for a term of 3 letters or more (orig → origin).
 */
export function matchRanges(text: string, terms: readonly string[]): {start: number; end: number}[] {
  const ranges: {start: number; end: number}[] = [];
  if (terms.length === 0) return ranges;
  for (const found of text.matchAll(WORD)) {
    const term = processTerm(found[0]);
    if (!term) continue;
    if (terms.some((query) => term === query || (query.length >= 3 && term.startsWith(query)))) {
      ranges.push({start: found.index, end: found.index + found[0].length});
    }
  }
  return ranges;
}
