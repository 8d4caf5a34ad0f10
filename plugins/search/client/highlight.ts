// Words of a page to highlight after the reader followed a search result, marked with the CSS
// Custom Highlight API: no element is added, so React's DOM is untouched. Loaded on demand by
// searchHighlight.ts, only on a page opened from a search.
import {queryTerms, WORD} from '../engine/query';
import {processTerm} from '../shared/options';

export {searchQueryOf, type SearchHighlightState} from './highlightState';

/** Ranges marked at most: enough for any page, bounded for a pathological one. */
const MAX_RANGES = 500;

/** Index terms of a query, as the search engine makes them (compound words left out: their parts match). */
export function highlightTerms(query: string): string[] {
  return queryTerms(query).filter((term) => !/[-_]/.test(term));
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

/** Highlights the query's words in the page's article under `name` (`::highlight(name)` styles them). */
export function highlightPage(query: string, name: string): void {
  // A maplike registry; the DOM typings of this project only declare its forEach.
  const registry = CSS.highlights as unknown as Map<string, Highlight>;
  const terms = highlightTerms(query);
  const root = document.querySelector('main article') ?? document.querySelector('main');
  if (terms.length === 0 || !root) return;
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest('script, style, nav, button, [aria-hidden="true"]')
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node && ranges.length < MAX_RANGES; node = walker.nextNode()) {
    for (const {start, end} of matchRanges(node.nodeValue ?? '', terms)) {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      ranges.push(range);
    }
  }
  if (ranges.length > 0) registry.set(name, new Highlight(...ranges.slice(0, MAX_RANGES)));
}
