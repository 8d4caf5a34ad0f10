// Snippets of the search results: the part of a document's text around the densest group of the
// words a query matched, as plain and marked segments.
import {processTerm, WORD} from '../shared/options';

export interface Segment {
  text: string;
  mark: boolean;
}

const SNIPPET_CHARS = 180;

/** processTerm of the words of snippets, kept: the same words come back in every text. */
const termCache = new Map<string, string | null>();

function cachedTerm(word: string): string | null {
  let term = termCache.get(word);
  if (term === undefined) {
    term = processTerm(word);
    if (termCache.size > 100_000) termCache.clear();
    termCache.set(word, term);
  }
  return term;
}

/** True when a word of the text is one of the matched terms (or extends a query prefix). */
function matcher(terms: string[], matched: string[]): (word: string) => boolean {
  const exact = new Set(matched);
  return (word) => {
    const term = cachedTerm(word);
    if (!term) return false;
    return exact.has(term) || terms.some((query) => query.length >= 2 && term.startsWith(query));
  };
}

/**
 * Up to SNIPPET_CHARS of `text` around the densest group of matched words, split into plain and
 * marked segments. Returned as data (never HTML): the UI renders segments as text and <mark>.
 */
export function makeSnippet(text: string, terms: string[], matched: string[] = terms): Segment[] {
  const isMatch = matcher(terms, matched);
  const hits: {start: number; end: number; term: string}[] = [];
  for (const found of text.matchAll(WORD)) {
    if (isMatch(found[0])) {
      hits.push({start: found.index, end: found.index + found[0].length, term: cachedTerm(found[0]) ?? ''});
    }
  }
  let from = 0;
  if (hits.length > 0) {
    // The window starting at each hit holds the hits after it up to SNIPPET_CHARS (hits are in
    // text order and do not overlap): a sliding window counts its distinct terms in linear time.
    let best = {start: hits[0].start, distinct: 0};
    const counts = new Map<string, number>();
    let end = 0;
    for (const hit of hits) {
      while (end < hits.length && hits[end].end <= hit.start + SNIPPET_CHARS) {
        counts.set(hits[end].term, (counts.get(hits[end].term) ?? 0) + 1);
        end += 1;
      }
      if (counts.size > best.distinct) best = {start: hit.start, distinct: counts.size};
      const left = (counts.get(hit.term) ?? 0) - 1;
      if (left > 0) counts.set(hit.term, left);
      else counts.delete(hit.term);
    }
    from = Math.max(0, best.start - 40);
    if (from > 0) {
      const space = text.indexOf(' ', from);
      from = space >= 0 && space < best.start ? space + 1 : from;
    }
  }
  let to = Math.min(text.length, from + SNIPPET_CHARS);
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > from + SNIPPET_CHARS / 2) to = space;
  }
  const segments: Segment[] = [];
  const push = (value: string, mark: boolean) => {
    if (!value) return;
    const last = segments.at(-1);
    if (last && last.mark === mark) last.text += value;
    else segments.push({text: value, mark});
  };
  if (from > 0) push('… ', false);
  let cursor = from;
  for (const hit of hits) {
    if (hit.start < from || hit.end > to) continue;
    push(text.slice(cursor, hit.start), false);
    push(text.slice(hit.start, hit.end), true);
    cursor = hit.end;
  }
  push(text.slice(cursor, to), false);
  if (to < text.length) push(' …', false);
  return segments;
}
