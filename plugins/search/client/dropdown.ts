import type {SearchStatus} from './useSearchEngine';

export interface DropdownInput {
  status: SearchStatus;
  /** The input's text, and the deferred copy the results are searched for. */
  query: string;
  deferredQuery: string;
  /** The answer for the deferred query (useSearchResults). */
  answer: {results: readonly unknown[]; searching: boolean; error: string | null};
  /** Why the engine failed to load, when it did. */
  loadError: string | null;
  /** Whether the reader has the popup open (focus, typing). */
  open: boolean;
  /** Results asked for: a full list reads "N or more". */
  limit: number;
}

export interface DropdownState {
  searching: boolean;
  error: string | null;
  expanded: boolean;
  /** What the live region says. */
  summary: string;
}

/** What the navbar search box shows for the state of the engine and of the reader's query. */
export function dropdownState(input: DropdownInput): DropdownState {
  const {status, query, deferredQuery, answer, loadError, open, limit} = input;
  const trimmed = query.trim();
  const count = answer.results.length;
  // Until the deferred query catches up with the input, the answer is for an older query (none, on
  // the first keystroke): showing it would flash "No results" and make Enter open the results page.
  const searching = answer.searching || deferredQuery.trim() !== trimmed;
  // The engine's own load failing, or a file of this query: either way the query stays.
  const error = status === 'error' ? loadError : answer.error;
  const expanded = open && trimmed !== '' && ((status === 'ready' && (!searching || count > 0)) || error !== null);
  const summary = !trimmed
    ? ''
    : error !== null
      ? error
      : status !== 'ready' || (searching && count === 0)
        ? 'Loading search…'
        : count === 0
          ? `No results for “${trimmed}”.`
          : `${count}${count === limit ? ' or more' : ''} result${count === 1 ? '' : 's'}. Use the arrow keys to choose one.`;
  return {searching, error, expanded, summary};
}
