import {useCallback, useEffect, useState, useSyncExternalStore} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {SearchEngine, SearchOptions, SearchResult} from '../engine/engine';

export type SearchStatus = 'idle' | 'loading' | 'ready' | 'error';

interface State {
  status: SearchStatus;
  engine: SearchEngine | null;
  error: string | null;
}

const IDLE: State = {status: 'idle', engine: null, error: null};

// One load per page session, shared by every search box and the results page. It starts as the
// very object the server renders with: after hydration React compares the two, and any difference
// forces a synchronous re-render of every search box.
let state: State = IDLE;
const listeners = new Set<() => void>();

function setState(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Starts loading the search code and its meta file (once; again after a failure). The engine
 * module and MiniSearch are a separate chunk, so no search byte is fetched before the reader asks
 * for it; the index shards and documents load per query (useSearchResults).
 */
export function startLoading(baseUrl: string): void {
  if (state.status === 'loading' || state.status === 'ready') return;
  setState({status: 'loading', engine: null, error: null});
  import('../engine/engine')
    .then(({loadSearchEngine}) => loadSearchEngine(baseUrl))
    .then((engine) => setState({status: 'ready', engine, error: null}))
    .catch((error: unknown) => {
      const httpStatus = error instanceof Error ? error.message.match(/HTTP \d+/)?.[0] : undefined;
      setState({
        status: 'error',
        engine: null,
        error: `Search could not be loaded${httpStatus ? ` (${httpStatus})` : ''}. Check your connection and retry.`,
      });
    });
}

export function useSearchEngine(): State & {load: () => void} {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => IDLE,
  );
  const baseUrl = useBaseUrl('/');
  const load = useCallback(() => startLoading(baseUrl), [baseUrl]);
  return {...current, load};
}

export interface QueryState {
  /** The results of the last query answered (kept while the next one loads its files). */
  results: SearchResult[];
  /** True while the files of the current query load. */
  searching: boolean;
  /** Set when a file of the current query failed to load. */
  error: string | null;
  /** Searches the current query again (after an error). */
  retry: () => void;
}

/**
 * The results of a query: the engine first fetches the index shards its words need and the
 * document chunks of the results (see engine.find). A later query wins over an earlier one still
 * loading; a failed file leaves the query as typed, says so, and `retry` fetches what is missing.
 */
export function useSearchResults(engine: SearchEngine | null, query: string, options: SearchOptions): QueryState {
  const [answer, setAnswer] = useState<{query: string; results: SearchResult[]; error: string | null}>({
    query: '',
    results: [],
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const {limit, perPage} = options;
  useEffect(() => {
    if (!engine || !query) return undefined;
    let current = true;
    engine.find(query, {limit, perPage}).then(
      (results) => {
        if (current) setAnswer({query, results, error: null});
      },
      (error: unknown) => {
        if (!current) return;
        const httpStatus = error instanceof Error ? error.message.match(/HTTP \d+/)?.[0] : undefined;
        setAnswer((previous) => ({
          query,
          results: previous.results,
          error: `Search could not be loaded${httpStatus ? ` (${httpStatus})` : ''}. Check your connection and retry.`,
        }));
      },
    );
    return () => {
      current = false;
    };
  }, [engine, query, limit, perPage, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  if (!query) return {results: [], searching: false, error: null, retry};
  return {
    results: answer.results,
    searching: answer.query !== query,
    error: answer.query === query ? answer.error : null,
    retry,
  };
}
