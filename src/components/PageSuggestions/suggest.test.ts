import {test} from 'node:test';
import assert from 'node:assert/strict';
import {editDistance, pathWords, suggestPages} from './suggest';

const pages = [
  {path: '/Guides/Origins/Origin Shield', title: 'Origin Shield'},
  {path: '/Guides/Origins/Origins Overview', title: 'Origins Overview'},
  {path: '/Guides/Certificates/Creating a Certificate', title: 'Creating a Certificate'},
  {path: '/Guides/Account Settings/Access Token', title: 'Access Token'},
  {path: '/api/services-origins-create', title: 'Create an origin'},
  {path: '/api/services-origins-list', title: 'List origins'},
  {path: '/api/services-origin-sets-create', title: 'Create an origin set'},
];

test('words of a path drop the base URL, encoding and .html', () => {
  assert.deepEqual(pathWords('/docs/Guides/Origins/Orign%20Shild.html', '/docs/'), [
    'guides',
    'origins',
    'orign',
    'shild',
  ]);
  // A malformed escape does not throw: its parts are kept as typed.
  assert.deepEqual(pathWords('/docs/%E0%A4%A', '/docs/'), ['e0', 'a4']);
});

test('edit distance counts insertions, deletions and substitutions', () => {
  assert.equal(editDistance('orign', 'origin'), 1);
  assert.equal(editDistance('shild', 'shield'), 1);
  assert.equal(editDistance('', 'abc'), 3);
});

test('a misspelled address suggests the page it meant first', () => {
  assert.equal(suggestPages('/docs/Guides/Origins/Orign Shild', pages, 5, '/docs/')[0].title, 'Origin Shield');
  assert.equal(suggestPages('/docs/Guides/Acces Tokn', pages, 5, '/docs/')[0].title, 'Access Token');
  assert.equal(suggestPages('/docs/api/services-origin-creat', pages, 5, '/docs/')[0].title, 'Create an origin');
});

test('an unrelated address suggests nothing', () => {
  assert.deepEqual(suggestPages('/docs/xyzzy/quux', pages, 5, '/docs/'), []);
});
