import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {parseShellTimes, parseTimeReport, searchScaleTable, searchTable, treeRss} from './bench.mjs';

describe('bench measurements', () => {
  test('reads CPU time and the largest process from a GNU time -v report', () => {
    const report = [
      '\tCommand being timed: "npm run build"',
      '\tUser time (seconds): 151.32',
      '\tSystem time (seconds): 12.08',
      '\tPercent of CPU this job got: 148%',
      '\tElapsed (wall clock) time (h:mm:ss or m:ss): 1:50.21',
      '\tMaximum resident set size (kbytes): 2304512',
      '\tExit status: 0',
    ].join('\n');
    assert.deepEqual(parseTimeReport(report), {user: 151.32, system: 12.08, maxProcessRssBytes: 2304512 * 1024});
  });

  test("reads the children's CPU time from the shell's `times`", () => {
    // The shell's own line comes first, its children's second.
    const output = execFileSync('sh', ['-c', 'i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done & wait; times'], {
      encoding: 'utf8',
    });
    const times = parseShellTimes(output);
    assert.equal(typeof times.user, 'number');
    assert.equal(typeof times.system, 'number');
    assert.equal(times.maxProcessRssBytes, null);
    assert.deepEqual(parseShellTimes('0m0.010000s 0m0.000000s\n1m2.500000s 0m3.250000s\n'), {
      user: 62.5,
      system: 3.25,
      maxProcessRssBytes: null,
    });
  });

  test('measures the resident memory of a process and its children', () => {
    const own = treeRss(process.pid);
    assert.ok(own > 10 * 1024 * 1024, `a Node process holds more than 10 MB (got ${own})`);
  });
});

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
