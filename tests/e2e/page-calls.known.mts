// Differences between a page's API calls and the sandbox that are known and not yet settled, by
// page: the start of each reported line. tests/e2e/page-calls.test.mts fails when a page shows a
// difference not listed here, and when a listed one no longer occurs, so this list only shrinks.
// Each entry is a page to correct or a rule to write; none is a behaviour the sandbox should keep.
export const KNOWN_DIFFERENCES: Record<string, string[]> = {};
