// Query and text processing of the search, without MiniSearch: shared by the engine and by the
// highlighting of the words of a search on the page it opened (client/searchHighlight.ts).
import {isHttpMethod, normalizeApiPath, processTerm, tokenize} from '../shared/options';

export {WORD, wordTerms} from '../shared/options';

/** Longer queries are cut: nobody types more, and the work per query stays bounded. */
export const MAX_QUERY_CHARS = 200;
export const MAX_TERMS = 12;

/** The query as searched: control characters removed, white space collapsed, length bounded. */
export function normalizeQuery(raw: string): string {
  return (
    raw
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_QUERY_CHARS)
  );
}

/** Index terms of a query, in order, without duplicates (syntax characters and emoji drop out). */
export function queryTerms(raw: string): string[] {
  const terms: string[] = [];
  for (const token of tokenize(normalizeQuery(raw))) {
    const term = processTerm(token);
    if (term && !terms.includes(term)) terms.push(term);
    if (terms.length >= MAX_TERMS) break;
  }
  return terms;
}

/** Method and path when the query names an API operation, e.g. `POST /services/{service_id}/origins`. */
export function parseApiQuery(raw: string): {method?: string; path?: string} {
  const words = normalizeQuery(raw).split(' ');
  const method = words.find(isHttpMethod)?.toLowerCase();
  const pathWord = words.find((word) => word.startsWith('/') && word.length > 1);
  return {method, path: pathWord ? normalizeApiPath(pathWord) : undefined};
}
