// The history state a search result is opened with: it carries the query to the opened page, where
// searchHighlight.ts highlights its words, so the address stays clean. Kept apart
// from the highlighting itself, which is loaded only when a page was opened from a search.
/** History state a search result is opened with. */
export interface SearchHighlightState {
  searchQuery: string;
}

/** The search query carried by a history state, if any (bounded later, as every query: see queryTerms). */
export function searchQueryOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('searchQuery' in state)) return null;
  const {searchQuery} = state as SearchHighlightState;
  return typeof searchQuery === 'string' && searchQuery.trim() ? searchQuery : null;
}
