import {test} from 'node:test';
import assert from 'node:assert/strict';
import {STOCK_PAGE} from './budgets.mts';
import {renderMarkdown, searchScaleTable, searchTable} from './report.mts';
import type {BenchResults} from './results.mts';
import {checkTargets} from './targets.mts';

test('the search figures become a table with the query bytes, the sizes, latency and relevance', () => {
  const rows = searchTable({
    documents: 1492,
    files: {
      meta: {raw: 101_422, gzip: 29_355},
      shards: {count: 82, raw: 1_791_707, gzip: 576_749},
      chunks: {count: 136, raw: 1_348_560, gzip: 454_714},
    },
    totals: {
      firstQueryGzip: {median: 84_990, p95: 103_924, max: 104_781},
      furtherQueryGzip: {median: 14_237, p95: 43_185, max: 54_299},
      searchChunksGzip: 9174,
    },
    engineLoadMs: 106.1,
    queryLatencyMs: {runs: 250, median: 2.4, p95: 5.83, max: 10.46},
    phoneLatencyMs: {query: {median: 8.2, p95: 29.9}, firstQuery: {median: 14.8, p95: 69.3}, engineLoadMedian: 57.4},
    relevance: {queries: 50, top3Hits: 50},
  });
  assert.ok(
    rows.includes(
      '| first query, all downloads, median / p95 / max of the relevance queries (gzip; budget 200 kB) | 85.0 kB / 103.9 kB / 104.8 kB |',
    ),
    rows.join('\n'),
  );
  assert.ok(rows.includes('| index shards, all 82, raw / gzip | 1791.7 kB / 576.7 kB |'));
  assert.ok(rows.includes('| query latency over 250 queries: median / p95 / max (Node) | 2.4 / 5.83 / 10.46 ms |'));
  assert.ok(
    rows.includes(
      '| query latency, median / p95, Chromium with the CPU throttled 4× (phone class; target p95 < 50 ms) | 8.2 / 29.9 ms |',
    ),
  );
  assert.ok(rows.includes('| relevance: reader queries with their page in the top 3 | 50 of 50 |'));
});

test('the scale run becomes a table with one row per site size', () => {
  const row = (factor: number) => ({
    factor,
    pages: 300 * factor,
    documents: 1492 * factor,
    terms: 4711 * factor,
    indexBuildMs: 1800 * factor,
    firstQueryGzip: {median: 85_000 * factor, p95: 104_000 * factor},
    furtherQueryGzip: {median: 14_000, p95: 43_000},
    queryLatencyMs: {p95: 10.9},
    phoneLatencyMs: {query: {p95: 43.6}},
  });
  const rows = searchScaleTable([row(1), row(5)]);
  assert.equal(rows.length, 4);
  assert.equal(
    rows[3],
    '| 5× (synthetic) | 1500 | 7460 | 23555 | 425.0 kB / 520.0 kB | 14.0 kB / 43.0 kB | 9.0 s | 10.9 / 43.6 ms |',
  );
});

test('the report marks each page against its JS budget and lists the missed targets', () => {
  const totals = (js: number) => {
    const bytes = (gzip: number) => ({raw: gzip * 3, gzip, requests: 1});
    return {js: bytes(js), css: bytes(19_400), html: bytes(4_900), other: bytes(600), total: bytes(js + 24_900)};
  };
  const weight = (js: number) => ({status: 200, totals: totals(js), largestJs: []});
  const results: BenchResults = {
    date: '2026-11-25T13:07:38.114Z',
    docusaurusVersion: '3.10.2',
    chromiumVersion: '156.0',
    machine: {cpus: 2, memoryBytes: 2 * 1024 ** 3, platform: 'Linux'},
    options: {quick: true, lighthouseRuns: 1},
    lighthouseRuns: 1,
    stockFuture: {},
    builds: {site: {}, stock: {}},
    startup: {runs: 1, pages: {}, interactions: [], alternating: []},
    pages: [
      {
        id: 'home',
        label: 'Home',
        path: '/',
        jsBudget: 1,
        url: 'http://x/',
        weight: weight(143_300),
        lighthouse: {error: 'NO_FCP'},
      },
      {
        id: 'guide',
        label: 'Guide',
        path: '/g',
        jsBudget: 1,
        url: 'http://x/g',
        weight: weight(200_000),
        lighthouse: {error: 'a|b'},
      },
    ],
    stock: {...STOCK_PAGE, url: 'http://y/', page: weight(195_619), lighthouse: {error: 'NO_FCP'}},
    search: {available: false, reason: 'plugins/search/stats.mts not available'},
    targets: [],
  };
  results.targets = checkTargets(results);
  const lines = renderMarkdown(results).split('\n');
  assert.ok(
    lines.includes(
      '| Home `/` | 429.9 kB | 143.3 kB | 19.4 kB | 4.9 kB | 0.6 kB | 504.6 kB | 168.2 kB | 0.73× | ✅ ≤ 1× |',
    ),
  );
  assert.ok(lines.some((line) => line.startsWith('| Guide `/g` |') && line.endsWith('| 1.02× | ❌ ≤ 1× |')));
  assert.ok(lines.includes('| Guide | Lighthouse failed: a/b |||||||||||'));
  assert.ok(lines.includes('**Search**: not available (plugins/search/stats.mts not available).'));
  assert.ok(lines.includes('**Targets**: 1 of 4 met.'));
  assert.ok(lines.includes('| Guide: JS gzip ≤ stock doc page | 200.0 kB | ≤ 195.6 kB |'));
});
