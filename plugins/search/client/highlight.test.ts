import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {highlightTerms, matchRanges, searchQueryOf} from './highlight';

const marked = (text: string, query: string) =>
  matchRanges(text, highlightTerms(query)).map(({start, end}) => text.slice(start, end));

describe('search highlight', () => {
  test('reads the query only from a search result state', () => {
    assert.equal(searchQueryOf({searchQuery: 'origin shield'}), 'origin shield');
    for (const state of [undefined, null, 'x', {}, {searchQuery: 3}, {searchQuery: '  '}]) {
      assert.equal(searchQueryOf(state), null);
    }
  });

  test('marks stemmed forms and completions of the query words, not stop words', () => {
    const text = 'Origins of the origin shield: turn the Shield on.';
    assert.deepEqual(marked(text, 'the origin shields'), ['Origins', 'origin', 'shield', 'Shield']);
    assert.deepEqual(marked('Origin Shield and origination', 'orig shield'), ['Origin', 'Shield', 'origination']);
  });

  test('marks the parts of a compound word', () => {
    assert.deepEqual(marked('Every response carries an X-Request-Id header.', 'X-Request-Id'), ['X', 'Request', 'Id']);
  });

  test('marks nothing for a query without words', () => {
    assert.deepEqual(marked('Origin Shield', ':*~ the'), []);
  });
});
