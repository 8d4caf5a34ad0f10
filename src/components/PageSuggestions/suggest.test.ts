import {test} from 'node:test';
import assert from 'node:assert/strict';
import {editDistance, pathWords, suggestPages} from './suggest';

/** A guide page, titled like its file. */
const guide = (path: string) => ({path, title: path.slice(path.lastIndexOf('/') + 1)});

const pages = [
  guide('/Guides/Origins/Origin Shield'),
  guide('/Guides/Origins/Origins Overview'),
  guide('/Guides/Certificates/Creating a Certificate'),
  guide('/Guides/Account Settings/Access Token'),
  {path: '/api/services-origins-create', title: 'Create an origin'},
  {path: '/api/services-origins-list', title: 'List origins'},
  {path: '/api/services-origin-sets-create', title: 'Create an origin set'},
];

test('words of a path drop the base URL, encoding and .html', () => {
  const words = ['guides', 'origins', 'orign', 'shild'];
  assert.deepEqual(pathWords('/docs/Guides/Origins/Orign%20Shild.html', '/docs/'), words);
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
