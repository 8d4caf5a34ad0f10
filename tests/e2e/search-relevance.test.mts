// Real reader queries (tasks, error messages, API paths, typos, product names) against the search
// files of the build, with the engine the browser uses: each expects its page in the top 3.
// BUILD_DIR=<dir> points the suite at another build (default: build).
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {RELEVANCE_QUERIES, loadBuiltEngine, topPages} from '../../plugins/search/stats.mts';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

describe('search relevance', () => {
  const {engine} = loadBuiltEngine(path.resolve(BUILD_DIR));

  test('the suite covers at least 40 queries over guides and API pages', () => {
    assert.ok(RELEVANCE_QUERIES.length >= 40);
    assert.ok(RELEVANCE_QUERIES.some(({expect}) => expect.startsWith('/api/')));
    assert.ok(RELEVANCE_QUERIES.some(({expect}) => expect.startsWith('/Guides/')));
  });

  describe('each reader query finds its page in the top 3', () => {
    for (const {query, expect} of RELEVANCE_QUERIES) {
      test(`“${query}” → ${expect}`, () => {
        const found = topPages(engine, query);
        assert.ok(
          found.includes(expect),
          `“${query}” should find ${expect} in the top 3; found instead:\n  ${found.join('\n  ') || '(nothing)'}`,
        );
      });
    }
  });

  test('the queries the search issue names find their pages first', () => {
    const first = (query: string) => topPages(engine, query, 1)[0];
    assert.equal(first('orig shield'), '/Guides/Origins/Origin Shield');
    assert.equal(first('cloudfrnt credentials'), '/Guides/CDN Providers/Creating CloudFront Credentials');
    assert.equal(first('POST /services/{service_id}/origins'), '/api/services-origins-create');
    assert.equal(first('purge tags'), '/api/purge-tags');
    assert.ok(topPages(engine, 'certficate').some((page) => /certificate/i.test(page)));
    assert.ok(topPages(engine, 'cloudfrnt').some((page) => /cloudfront/i.test(page)));
  });

  test('a short query naming a task finds the guide that teaches it, not only API operations', () => {
    const tasks = {
      'purge cache': '/Guides/Services/Purging Cached Content',
      'add origin': '/Guides/Origins/Adding an Origin',
      'add domain': '/Guides/Domains/Adding a Domain',
      'create service': '/Guides/Services/Creating a Service',
    };
    for (const [query, guide] of Object.entries(tasks)) {
      const found = topPages(engine, query);
      assert.ok(found.includes(guide), `“${query}” should find ${guide} in the top 3; found:\n  ${found.join('\n  ')}`);
    }
  });
});
