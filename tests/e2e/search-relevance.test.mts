// Real reader queries (tasks, error messages, API paths, typos, product names) against the search
// files of the build, with the engine the browser uses: each expects its page in the top 3.
import {after, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {RELEVANCE_QUERIES, loadBuiltEngine, topPages} from '../../scripts/search-stats.mjs';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

describe('search relevance', () => {
  const {engine} = loadBuiltEngine(path.resolve(BUILD_DIR));
  let hits = 0;
  after(() => {
    const rate = ((100 * hits) / RELEVANCE_QUERIES.length).toFixed(1);
    console.log(`[search-relevance] top-3 hit rate: ${hits}/${RELEVANCE_QUERIES.length} (${rate}%)`);
  });

  test('the suite covers at least 40 queries over guides and API pages', () => {
    assert.ok(RELEVANCE_QUERIES.length >= 40);
    assert.ok(RELEVANCE_QUERIES.some(({expect}) => expect.startsWith('/api/')));
    assert.ok(RELEVANCE_QUERIES.some(({expect}) => expect.startsWith('/Guides/')));
  });

  for (const {query, expect} of RELEVANCE_QUERIES) {
    test(`“${query}” finds ${expect}`, () => {
      const found = topPages(engine, query);
      if (found.includes(expect)) hits += 1;
      assert.ok(found.includes(expect), `top 3: ${found.join(' | ')}`);
    });
  }
});
