// An order of strings that agrees with English `localeCompare` where Docusaurus's client needs it to, without
// ICU's collation data, which the first `localeCompare` of a page loads (16–26 ms in Chromium on this
// machine, 130–200 ms on a phone-class CPU at 8×, issue 26). case-first-sort-loader.cjs puts it in the
// two sorts of the client that used `localeCompare`.

/**
 * Orders `a` and `b` as `a.localeCompare(b, 'en')` does when, ignoring case, they are equal or one starts
 * with the other: the shorter first, then the one whose first letter of a different case is lower
 * case. Any other pair gets a fixed order of its own (by lower-cased code units).
 */
export function caseFirstOrder(a: string, b: string): number {
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  for (let index = 0; index < a.length; index += 1) {
    if (a[index] !== b[index]) return a[index] === lowerA[index] ? -1 : 1;
  }
  return 0;
}
