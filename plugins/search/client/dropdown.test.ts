import {test} from 'node:test';
import assert from 'node:assert/strict';
import {dropdownState, type DropdownInput} from './dropdown';

const input = (changes: Partial<DropdownInput>): DropdownInput => ({
  status: 'ready',
  query: 'orig shield',
  deferredQuery: 'orig shield',
  answer: {results: ['a', 'b'], searching: false, error: null},
  loadError: null,
  open: true,
  limit: 8,
  ...changes,
});

test('results of the query typed open the popup and are counted', () => {
  assert.deepEqual(dropdownState(input({})), {
    searching: false,
    error: null,
    expanded: true,
    summary: '2 results. Use the arrow keys to choose one.',
  });
  assert.match(
    dropdownState(input({answer: {results: Array(8).fill('r'), searching: false, error: null}})).summary,
    /^8 or more results/,
  );
});

test('before the deferred query catches up, the popup waits instead of saying "No results"', () => {
  // The first keystroke: the answer is the empty one of the empty query.
  const state = dropdownState(input({deferredQuery: '', answer: {results: [], searching: false, error: null}}));
  assert.equal(state.searching, true);
  assert.equal(state.expanded, false, 'Enter must not find only "See all results"');
  assert.equal(state.summary, 'Loading search…');
});

test('an older query’s results stay shown while the new one loads', () => {
  const state = dropdownState(input({deferredQuery: 'orig', answer: {results: ['a'], searching: true, error: null}}));
  assert.equal(state.expanded, true);
  assert.equal(state.searching, true);
});

test('a query without results says so; an empty query says nothing', () => {
  assert.equal(
    dropdownState(input({answer: {results: [], searching: false, error: null}})).summary,
    'No results for “orig shield”.',
  );
  assert.deepEqual(dropdownState(input({query: '  ', deferredQuery: '  '})), {
    searching: false,
    error: null,
    expanded: false,
    summary: '',
  });
});

test('a failed load is shown, with the query kept, whatever the answer', () => {
  const state = dropdownState(
    input({
      status: 'error',
      loadError: 'Search could not be loaded.',
      answer: {results: [], searching: true, error: null},
    }),
  );
  assert.equal(state.expanded, true);
  assert.equal(state.summary, 'Search could not be loaded.');
  assert.equal(dropdownState(input({open: false})).expanded, false, 'closed by Escape or blur');
});
