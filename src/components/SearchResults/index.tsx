import {useEffect, useState, type FormEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useHistory, useLocation} from '@docusaurus/router';
import {runQuery, type SearchDoc, type SearchHit} from './query';

interface Loaded {
  docs: SearchDoc[];
  index: object;
}

/** Full results page for `?q=`, backed by the same static index files as the navbar search box. */
export default function SearchResults(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  // The query exists only in the browser: reading it after hydration keeps the server HTML and the
  // first client render identical.
  const isBrowser = useIsBrowser();
  const query = isBrowser ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const docUrl = useBaseUrl('/search-doc.json');
  const indexUrl = useBaseUrl('/lunr-index.json');

  useEffect(() => {
    if (!query || loaded) return;
    Promise.all([fetch(docUrl).then((r) => r.json()), fetch(indexUrl).then((r) => r.json())])
      .then(([docFile, index]: [{searchDocs: SearchDoc[]}, object]) => setLoaded({docs: docFile.searchDocs, index}))
      .catch(() => setError('The search index could not be loaded. Check your connection and reload the page.'));
  }, [query, loaded, docUrl, indexUrl]);

  const [hits, setHits] = useState<SearchHit[]>([]);
  useEffect(() => {
    if (!loaded || !query) return;
    void runQuery(loaded.index, loaded.docs, query).then(setHits);
  }, [loaded, query]);

  return (
    <>
      <SearchForm
        key={query}
        initial={query}
        onSubmit={(text) => history.push({search: text ? `?q=${encodeURIComponent(text)}` : ''})}
      />
      {error && <p role="alert">{error}</p>}
      <p aria-live="polite">
        {!query
          ? 'Type a few words to search the guides and the API reference.'
          : loaded
            ? `${hits.length} result${hits.length === 1 ? '' : 's'} for “${query}”.`
            : 'Loading...'}
      </p>
      <ol>
        {hits.map((hit) => (
          <li key={hit.url} className="margin-bottom--md">
            <Link to={hit.url}>{hit.title}</Link>
            <p className="margin-bottom--none">{hit.excerpt}</p>
          </li>
        ))}
      </ol>
    </>
  );
}

function SearchForm({initial, onSubmit}: {initial: string; onSubmit: (text: string) => void}): ReactNode {
  const [draft, setDraft] = useState(initial);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(draft.trim());
  }
  return (
    <form role="search" onSubmit={submit} className="margin-bottom--lg">
      <label htmlFor="search-page-input">Search terms</label>{' '}
      <input
        id="search-page-input"
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="For example: origin shield"
      />{' '}
      <button type="submit" className="button button--primary button--sm">
        Search
      </button>
    </form>
  );
}
