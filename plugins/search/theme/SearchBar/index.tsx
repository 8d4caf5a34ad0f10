import {useDeferredValue, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {dropdownState} from '../../client/dropdown';
import type {SearchHighlightState} from '../../client/highlightState';
import Snippet from '../../client/Snippet';
import {useSearchEngine, useSearchResults} from '../../client/useSearchEngine';
import styles from './styles.module.css';

const DROPDOWN_RESULTS = 8;

/**
 * The search box of the navbar (its `type: 'search'` item) and of the home page: a combobox whose
 * listbox shows section-level results as the reader types. The search files load on intent: hover,
 * focus or Ctrl/Cmd+K (client/shortcut.ts).
 */
export default function SearchBar(): ReactNode {
  const {status, engine, error: loadError, load} = useSearchEngine();
  const history = useHistory();
  const searchPageUrl = useBaseUrl('/search');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listboxId = `${id}-listbox`;
  const deferredQuery = useDeferredValue(query);
  const answer = useSearchResults(engine, deferredQuery.trim(), {limit: DROPDOWN_RESULTS});
  const {results} = answer;
  const trimmed = query.trim();
  const {searching, error, expanded, summary} = dropdownState({
    status,
    query,
    deferredQuery,
    answer,
    loadError,
    open,
    limit: DROPDOWN_RESULTS,
  });
  // Retry fetches what is missing: the engine, or a file of this query.
  const retry = status === 'error' ? load : answer.retry;
  const allResultsUrl = `${searchPageUrl}?q=${encodeURIComponent(trimmed)}`;
  const optionCount = results.length + (trimmed ? 1 : 0);

  // The active option stays visible when the arrow keys move past the popup's edge.
  useEffect(() => {
    if (expanded) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({block: 'nearest'});
  }, [expanded, active, id]);

  /** Opens a result (with the query in the history state, for highlighting) or the results page. */
  function go(url: string, highlight = true) {
    setOpen(false);
    setQuery('');
    inputRef.current?.blur();
    const state: SearchHighlightState | undefined = highlight ? {searchQuery: trimmed} : undefined;
    history.push(url, state);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      if (open) event.preventDefault();
      setOpen(false);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (optionCount === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + optionCount) % optionCount);
      return;
    }
    if (event.key === 'Enter') {
      if (!trimmed) return;
      event.preventDefault();
      if (active < results.length) go(results[active].url);
      else go(allResultsUrl, false);
    }
  }

  const placeholder = status === 'loading' ? 'Loading...' : 'Search docs';
  return (
    <div
      className={styles.searchBox}
      onPointerEnter={load}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <input
        ref={inputRef}
        type="search"
        className={styles.input}
        role="combobox"
        aria-label="Search the documentation"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active < optionCount ? `${id}-option-${active}` : undefined}
        aria-keyshortcuts="Control+K Meta+K"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={query}
        onFocus={() => {
          load();
          setOpen(true);
        }}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <kbd className={styles.shortcut} aria-hidden="true">
        Ctrl K
      </kbd>
      <div className={styles.popup} hidden={!expanded}>
        {error !== null ? (
          <p className={styles.error}>
            {error}{' '}
            <button type="button" className="button button--sm button--outline button--primary" onClick={retry}>
              Retry
            </button>
          </p>
        ) : (
          <ul id={listboxId} role="listbox" aria-label="Search results" className={styles.listbox}>
            {trimmed !== '' && (
              <>
                {results.map((result, position) => (
                  // Options are chosen with the arrow keys in the input (aria-activedescendant) or a click.
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                  <li
                    key={result.url}
                    id={`${id}-option-${position}`}
                    role="option"
                    aria-selected={position === active}
                    className={styles.option}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => go(result.url)}
                  >
                    <span className={styles.title}>
                      {result.title}
                      {result.subcategory && <span className={styles.section}> › {result.subcategory}</span>}
                    </span>
                    <span className={styles.snippet}>
                      <Snippet segments={result.snippet} />
                    </span>
                  </li>
                ))}
                {results.length === 0 && !searching && (
                  <li role="presentation" className={styles.empty}>
                    No results for “{trimmed}”. Try other words, or a shorter word.
                  </li>
                )}
                {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events */}
                <li
                  id={`${id}-option-${results.length}`}
                  role="option"
                  aria-selected={active === results.length}
                  className={styles.option}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => go(allResultsUrl, false)}
                >
                  <span className={styles.seeAll}>See all results for “{trimmed}”</span>
                </li>
              </>
            )}
          </ul>
        )}
      </div>
      <div className={styles.visuallyHidden} role="status" aria-live="polite">
        {open ? summary : ''}
      </div>
    </div>
  );
}
