// Real reader queries (tasks, error messages, API paths, typos, product names) against the search
// files of the build, with the engine the browser uses: each expects its page in the top 3.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {RELEVANCE_QUERIES, loadBuiltEngine, topPages} from '../../scripts/search-stats.mjs';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

/** Share of the queries whose expected page must be in the top 3 (the misses are listed). */
const MIN_HIT_RATE = 0.85;

describe('search relevance', () => {
  const {engine} = loadBuiltEngine(path.resolve(BUILD_DIR));

  test('the suite covers at least 40 queries over guides and API pages', () => {
    assert.ok(RELEVANCE_QUERIES.length >= 40);
    assert.ok(RELEVANCE_QUERIES.some(({expect}) => expect.startsWith('/api/')));
    assert.ok(RELEVANCE_QUERIES.some(({expect}) => expect.startsWith('/Guides/')));
  });

  test(`at least ${MIN_HIT_RATE * 100}% of the reader queries find their page in the top 3`, () => {
    const misses = RELEVANCE_QUERIES.map(({query, expect}) => ({query, expect, found: topPages(engine, query)})).filter(
      ({expect, found}) => !found.includes(expect),
    );
    const hits = RELEVANCE_QUERIES.length - misses.length;
    const rate = hits / RELEVANCE_QUERIES.length;
    console.log(`[search-relevance] top-3 hit rate: ${hits}/${RELEVANCE_QUERIES.length} (${(rate * 100).toFixed(1)}%)`);
    for (const miss of misses) console.log(`  miss: “${miss.query}” → ${miss.expect}; got ${miss.found.join(' | ')}`);
    assert.ok(rate >= MIN_HIT_RATE, `${hits}/${RELEVANCE_QUERIES.length} queries hit`);
  });

  test('the queries the search issue names find their pages first', () => {
    const first = (query: string) => topPages(engine, query, 1)[0];
    assert.equal(first('orig shield'), '/Guides/Origins/Origin Shield');
    assert.equal(first('cloudfrnt credentials'), '/Guides/CDN Providers/Creating CloudFront Credentials');
    assert.equal(first('POST /services/{service_id}/origins'), '/api/services-origins-create');
    assert.equal(first('purge tags'), '/api/purge-tags');
    assert.ok(topPages(engine, 'certficate').some((page) => /certificate/i.test(page)));
  });
});
