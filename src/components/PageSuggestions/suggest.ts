// Suggests the pages whose address is closest to one that does not exist: each word of the missing
// address is compared with the words of every page's address, so typos ("Orign Shild"), missing
// words and a wrong section still find the page.

export interface SitePage {
  /** Site path without the base URL, e.g. `/Guides/Origins/Origin Shield`. */
  path: string;
  title: string;
}

/** Lower-case words of a path, with the base URL, percent-encoding and file suffixes removed. */
export function pathWords(path: string, baseUrl = '/'): string[] {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as typed.
  }
  if (decoded.startsWith(baseUrl)) decoded = `/${decoded.slice(baseUrl.length)}`;
  return decoded
    .replace(/(\/index)?\.html?$/i, '')
    .toLowerCase()
    .split(/[\s/\-_.&+%]+/)
    .filter((word) => word.length > 1);
}

export function editDistance(a: string, b: string): number {
  const previous = Array.from({length: b.length + 1}, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j];
      previous[j] = Math.min(previous[j] + 1, previous[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length];
}

/** Singular and plural count as the same word ("origin", "origins"). */
function stem(word: string): string {
  return word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
}

/** 1 for the same word, close to 1 for a typo or a prefix, 0 for unrelated words. */
export function wordSimilarity(a: string, b: string): number {
  if (a === b || stem(a) === stem(b)) return 1;
  if (a.length >= 3 && b.startsWith(a)) return 0.9;
  const similarity = 1 - editDistance(a, b) / Math.max(a.length, b.length);
  return similarity >= 0.6 ? similarity : 0;
}

export function suggestPages(missingPath: string, pages: readonly SitePage[], limit = 5, baseUrl = '/'): SitePage[] {
  const wanted = pathWords(missingPath, baseUrl);
  if (wanted.length === 0) return [];
  const scored = pages.map((page) => {
    const words = pathWords(page.path);
    const matched = wanted.reduce((sum, word) => sum + Math.max(0, ...words.map((w) => wordSimilarity(word, w))), 0);
    // Prefer pages that explain all of the address and little else.
    const score = matched / wanted.length - 0.02 * Math.max(0, words.length - wanted.length);
    return {page, score, matched};
  });
  return (
    scored
      .filter((entry) => entry.matched >= Math.min(1, wanted.length * 0.5))
      // Ties by path in code-unit order, which needs no ICU collation data (its first use costs 8–26 ms).
      .sort((a, b) => b.score - a.score || (a.page.path < b.page.path ? -1 : a.page.path > b.page.path ? 1 : 0))
      .slice(0, limit)
      .map((entry) => entry.page)
  );
}
