// The proximity bonus: query words found close together in a document's text (the word positions
// come with the index shards) raise its score.
import {RANKING, bestMatches, matchedTerms, type Match} from './ranking';

/** Words between query terms that still count as close (stop words, a qualifier…). */
const PROXIMITY_SLACK = 2;

/**
 * Most distinct query terms that occur close together in a text (its wordTerms): within a run of
 * words at most `slack` longer than the number of terms it holds ("which CDN provider served a
 * request" holds cdn, serv and request in 5 words). `termOf` gives the index (below `count`, at
 * most 30) of the query term an index term stands for, or -1.
 */
export function closeTerms(
  words: readonly (string | null)[],
  termOf: (term: string) => number,
  count: number,
  slack = PROXIMITY_SLACK,
): number {
  const at: number[] = [];
  const bits: number[] = [];
  for (let position = 0; position < words.length; position += 1) {
    const word = words[position];
    const term = word === null ? -1 : termOf(word);
    if (term < 0) continue;
    at.push(position);
    bits.push(1 << term);
  }
  return closeHits(at, bits, count, slack);
}

/** closeTerms over the positions (ascending) of the query terms' words and their term bits. */
function closeHits(at: readonly number[], bits: readonly number[], count: number, slack = PROXIMITY_SLACK): number {
  let best = at.length > 0 ? 1 : 0;
  for (let first = 0; first < at.length && best < count; first += 1) {
    let seen = bits[first];
    let size = 1;
    for (let next = first + 1; next < at.length; next += 1) {
      const span = at[next] - at[first] + 1;
      if (span > count + slack) break;
      if (!(seen & bits[next])) {
        seen |= bits[next];
        size += 1;
      }
      if (span <= size + slack && size > best) best = size;
    }
  }
  return best;
}

/**
 * Multiplies the score of the best matches by how many query terms they hold close together
 * (see closeTerms): a section that says what the reader typed, almost word for word, answers
 * better than one that mentions the same words far apart. The word positions come with the
 * shards: the index terms that stand for a query word are its own and, for a prefix, the
 * vocabulary's terms that extend it.
 */
export function boostCloseTerms(
  terms: string[],
  matches: Map<number, Match>,
  prefixed: boolean[],
  positionsOf: (term: string) => Map<number, number[]>,
): void {
  // Compound words (x-request-id) are not words of the text: their parts are.
  const words = terms.filter((term) => !/[-_]/.test(term));
  if (words.length < 2) return;
  const exact = new Map(words.map((term, position) => [term, position]));
  const prefixes = words.flatMap((term, position) => (prefixed[terms.indexOf(term)] ? [{term, position}] : []));
  const termOf = (word: string) => {
    const found = exact.get(word);
    if (found !== undefined) return found;
    for (const prefix of prefixes) if (word.startsWith(prefix.term)) return prefix.position;
    return -1;
  };
  for (const [id, match] of bestMatches(matches, RANKING.proximityCandidates)) {
    // The index terms a document matched include every one of its words that stands for a
    // query word (the word itself, or an extension of a prefix).
    const hits: [number, number][] = [];
    for (const word of matchedTerms(id, match.hits)) {
      const term = termOf(word);
      if (term < 0) continue;
      const gaps = positionsOf(word).get(id);
      if (!gaps) continue;
      let at = 0;
      for (const gap of gaps) {
        at += gap;
        hits.push([at, term]);
      }
    }
    hits.sort((a, b) => a[0] - b[0]);
    const close = closeHits(
      hits.map(([at]) => at),
      hits.map(([, term]) => 1 << term),
      words.length,
    );
    if (close < 2) continue;
    match.score *= 1 + RANKING.proximity * ((close - 1) / (words.length - 1)) ** 2;
  }
}
