// How the matches of a query are ranked: the matches themselves (score, query terms, index terms
// matched), the best of them, and the ranking by page (see RANKING).

export interface Match {
  score: number;
  /** Query terms the document matched, as bits (1 << position in the query's terms). */
  bits: number;
  /** The index terms it matched (prefix and typo matches included): see matchedTerms. */
  hits: Hits;
}

/**
 * The index terms each document matched in a scoring run, as a list per document in flat arrays
 * (the last hit of a document first): names are made only for the documents that need them.
 */
export interface Hits {
  names: string[];
  name: number[];
  next: number[];
  last: Int32Array;
}

/** Index terms a document matched (prefix and typo matches included): the snippet marks them. */
export function matchedTerms(id: number, {names, name, next, last}: Hits): string[] {
  const found: string[] = [];
  for (let hit = last[id]; hit >= 0; hit = next[hit]) {
    if (!found.includes(names[name[hit]])) found.push(names[name[hit]]);
  }
  return found.reverse();
}

/** How the matches of a query are ranked by page. */
export const RANKING = {
  /** Weight of a page's first document (its introduction) against its sections. */
  introWeight: 1.4,
  /** Weight of the API reference against the guides, for words (not paths). */
  apiWeight: 0.8,
  /** Sections of a page that add to its score, the best first… */
  sectionsSummed: 4,
  /** …each counting this much less than the previous one. */
  sectionDecay: 0.3,
  /** The page score is multiplied by (query terms found on the page / query terms) ** this. */
  coveragePower: 2,
  /** Each further API operation of the same resource counts this much less than the previous. */
  groupDecay: 0.5,
  /** Matches (the best first) whose text is searched for query terms close together… */
  proximityCandidates: 100,
  /** …and the score bonus of a section holding all of them close together (less for fewer). */
  proximity: 3,
};

export function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest; rest &= rest - 1) count += 1;
  return count;
}

/**
 * The `count` best-scored matches holding at least two query terms (ties in the map's order), in
 * no particular order: a typed-array sort finds the threshold, rather than sorting every match.
 */
export function bestMatches(matches: Map<number, Match>, count: number): [number, Match][] {
  const eligible: [number, Match][] = [];
  for (const entry of matches) if (bitCount(entry[1].bits) >= 2) eligible.push(entry);
  if (eligible.length <= count) return eligible;
  const scores = Float64Array.from(eligible, ([, match]) => match.score).sort();
  const threshold = scores[scores.length - count];
  const above = scores.length - 1 - scores.lastIndexOf(threshold);
  let atThreshold = count - above;
  return eligible.filter(([, match]) => match.score > threshold || (match.score === threshold && atThreshold-- > 0));
}

/** The page of each document, and the group of each page (its API resource, or the page itself). */
export interface PageGroups {
  pageOfDocument: Int32Array;
  groupOfPage: Int32Array;
}

/**
 * Pages of the matches, best first (see RANKING), each with its `keep` best documents (at least
 * RANKING.sectionsSummed are kept: they make the page's score), best first.
 */
export function rankPages(
  {pageOfDocument, groupOfPage}: PageGroups,
  terms: string[],
  matches: Map<number, Match>,
  keep: number,
): {page: number; ids: number[]; score: number}[] {
  // Per page, in typed arrays (a query can match thousands of sections): the query terms found
  // and the best `kept` documents so far, by score, ties in the order of the matches.
  const kept = Math.max(keep, RANKING.sectionsSummed);
  const pageCount = groupOfPage.length;
  const pageTerms = new Int32Array(pageCount);
  const counts = new Uint8Array(pageCount);
  const bestIds = new Int32Array(pageCount * kept);
  const bestScores = new Float64Array(pageCount * kept);
  const seen: number[] = [];
  for (const [id, match] of matches) {
    const page = pageOfDocument[id];
    if (page === undefined) continue;
    const count = counts[page];
    if (count === 0) seen.push(page);
    pageTerms[page] |= match.bits;
    const base = page * kept;
    let at = count;
    while (at > 0 && bestScores[base + at - 1] < match.score) at -= 1;
    if (at >= kept) continue;
    for (let slot = Math.min(count, kept - 1); slot > at; slot -= 1) {
      bestIds[base + slot] = bestIds[base + slot - 1];
      bestScores[base + slot] = bestScores[base + slot - 1];
    }
    bestIds[base + at] = id;
    bestScores[base + at] = match.score;
    counts[page] = Math.min(count + 1, kept);
  }
  const scored = seen.map((page) => {
    const base = page * kept;
    let score = 0;
    const summed = Math.min(counts[page], RANKING.sectionsSummed);
    for (let position = 0; position < summed; position += 1) {
      score += bestScores[base + position] * RANKING.sectionDecay ** position;
    }
    score *= (bitCount(pageTerms[page]) / terms.length) ** RANKING.coveragePower;
    const ids: number[] = [];
    for (let position = 0; position < counts[page]; position += 1) ids.push(bestIds[base + position]);
    return {page, ids, score};
  });
  scored.sort((a, b) => b.score - a.score);
  // Many API operations of one resource (create, update, retrieve…) share most of their words:
  // after the first, each one of the same resource counts for less, so that they do not fill
  // the first results.
  const perGroup = new Map<number, number>();
  for (const entry of scored) {
    const group = groupOfPage[entry.page];
    const count = perGroup.get(group) ?? 0;
    perGroup.set(group, count + 1);
    entry.score *= RANKING.groupDecay ** count;
  }
  return scored.sort((a, b) => b.score - a.score);
}
