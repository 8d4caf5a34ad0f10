import {useDeferredValue, useEffect, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useHistory, useLocation} from '@docusaurus/router';
import type {SearchHighlightState} from '../../client/highlightState';
import Snippet from '../../client/Snippet';
import {useSearchEngine, useSearchResults} from '../../client/useSearchEngine';
import styles from './styles.module.css';

const PAGE_RESULTS = 50;

/** Full results for `?q=`, backed by the same search files and engine as the navbar box. */
function SearchResults(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const {status, engine, error: loadError, load} = useSearchEngine();
  // The query exists only in the browser: reading it after hydration keeps the server HTML and the
  // first client render identical.
  const isBrowser = useIsBrowser();
  const urlQuery = isBrowser ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [query, setQuery] = useState<string | null>(null);
  const text = query ?? urlQuery;
  const deferred = useDeferredValue(text);
  const trimmed = deferred.trim();

  // Being on the search page is the intent: load at once.
  useEffect(() => load(), [load]);

  const answer = useSearchResults(engine, trimmed, {limit: PAGE_RESULTS, perPage: 3});
  const {results, searching} = answer;
  const error = status === 'error' ? loadError : answer.error;
  const retry = status === 'error' ? load : answer.retry;

  function onChange(value: string) {
    setQuery(value);
    // The address follows the query without adding history entries.
    history.replace({search: value.trim() ? `?q=${encodeURIComponent(value)}` : ''});
  }

  const summary = !trimmed
    ? 'Type a few words to search the guides and the API reference.'
    : error !== null
      ? ''
      : status !== 'ready' || searching
        ? 'Loading...'
        : results.length === 0
          ? `No results for “${trimmed}”. Check the spelling, or try fewer or more general words.`
          : `${results.length}${results.length === PAGE_RESULTS ? ' or more' : ''} result${results.length === 1 ? '' : 's'} for “${trimmed}”.`;

  return (
    <>
      <form role="search" className={styles.form} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="search-page-input">Search terms</label>
        <input
          id="search-page-input"
          type="search"
          className={styles.input}
          value={text}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          placeholder={status === 'loading' ? 'Loading...' : 'For example: origin shield'}
        />
      </form>
      {error !== null && (
        <p role="alert">
          {error}{' '}
          <button type="button" className="button button--sm button--outline button--primary" onClick={retry}>
            Retry
          </button>
        </p>
      )}
      <p role="status" aria-live="polite">
        {summary}
      </p>
      <ol className={styles.results}>
        {results.map((result) => (
          <li key={result.url} className={styles.result}>
            <Link
              to={result.url}
              className={styles.title}
              onClick={(event) => {
                // A plain click opens the result with the query in the history state (the page
                // highlights its words); modified clicks (new tab…) keep the link's own behaviour.
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                const state: SearchHighlightState = {searchQuery: trimmed};
                history.push(result.url, state);
              }}
            >
              {result.title}
            </Link>
            {result.subcategory && <span className={styles.section}> › {result.subcategory}</span>}
            {result.api && <code className={styles.api}>{result.api}</code>}
            <p className={styles.snippet}>
              <Snippet segments={result.snippet} />
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}

/** The results page, /search (src/pages/search.tsx routes it). */
export default function SearchPage(): ReactNode {
  return (
    <Layout title="Search" description="Search the Tributary guides and API reference." noFooter={false}>
      <main className="container margin-vert--lg">
        <Heading as="h1">Search the documentation</Heading>
        <SearchResults />
      </main>
    </Layout>
  );
}
