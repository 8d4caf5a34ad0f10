import {useCallback, useSyncExternalStore} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {SearchEngine} from './engine';

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
 * Starts loading the search code and files (once; again after a failure). The engine module and
 * MiniSearch are a separate chunk, so no search byte is fetched before the reader asks for it.
 */
export function startLoading(baseUrl: string): void {
  if (state.status === 'loading' || state.status === 'ready') return;
  setState({status: 'loading', engine: null, error: null});
  import('./engine')
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
