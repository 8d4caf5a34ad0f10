// After a search result is followed, highlights the query's words in the page's article with the
// CSS Custom Highlight API (`::highlight(search-result)`): the query comes from the history state
// the search box and the results page push, so the address stays clean. The highlighting code is
// loaded only on such a page; browsers without the API show the page as is.
import {searchQueryOf} from './highlightState';

export const HIGHLIGHT_NAME = 'search-result';

function supported(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function';
}

/** After the page has settled: components that re-render once mounted would leave empty ranges. */
function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, {timeout: 500});
  else setTimeout(callback, 50);
}

export function onRouteDidUpdate({location}: {location: {state?: unknown}}): void {
  if (!supported()) return;
  // A maplike registry; the DOM typings of this project only declare its forEach.
  (CSS.highlights as unknown as Map<string, Highlight>).delete(HIGHLIGHT_NAME);
  const query = searchQueryOf(location.state);
  if (!query) return;
  whenIdle(() => {
    import('./highlight')
      .then(({highlightPage}) => highlightPage(query, HIGHLIGHT_NAME))
      // Highlighting is a convenience: never let it break navigation.
      .catch(() => undefined);
  });
}
