// After a search result is followed, highlights the query's words in the page's article with the
// CSS Custom Highlight API (`::highlight(search-result)`): the query comes from the history state
// the search box and the results page push, so the address stays clean, and no element is added,
// so React's DOM is untouched. Browsers without the API show the page as is.
import {highlightTerms, matchRanges, searchQueryOf} from '../components/SearchEngine/highlight';

export const HIGHLIGHT_NAME = 'search-result';
/** Ranges marked at most: enough for any page, bounded for a pathological one. */
const MAX_RANGES = 500;

function supported(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function';
}

function highlight(query: string | null): void {
  // A maplike registry; the DOM typings of this project only declare its forEach.
  const registry = CSS.highlights as unknown as Map<string, Highlight>;
  registry.delete(HIGHLIGHT_NAME);
  const terms = query ? highlightTerms(query) : [];
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
  if (ranges.length > 0) registry.set(HIGHLIGHT_NAME, new Highlight(...ranges.slice(0, MAX_RANGES)));
}

/** After the page has settled: components that re-render once mounted would leave empty ranges. */
function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, {timeout: 500});
  else setTimeout(callback, 50);
}

export function onRouteDidUpdate({location}: {location: {state?: unknown}}): void {
  if (!supported()) return;
  const query = searchQueryOf(location.state);
  whenIdle(() => {
    try {
      highlight(query);
    } catch {
      // Highlighting is a convenience: never let it break navigation.
    }
  });
}
