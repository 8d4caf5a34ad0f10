import {test} from 'node:test';
import assert from 'node:assert/strict';
import {findBehavior, patternError, patternToRegExp, requestPath} from './match';

// The behaviors and URLs of the worked examples on the Behaviors Overview page.
const patterns = ['/api/*', '/images/*.jpg', '/images/*', '/docs/v?/*', '*.css'];
const cases: [string, number | null][] = [
  ['https://www.example.com/images/2026/cat.jpg?w=200', 2],
  ['https://www.example.com/images/logo.png', 3],
  ['https://www.example.com/images/', 3],
  ['https://www.example.com/images', null],
  ['https://www.example.com/Images/cat.jpg', null],
  ['https://www.example.com/images/site.css', 3],
  ['https://www.example.com/static/app.css', 5],
  ['https://www.example.com/api/v2/styles.css', 1],
  ['https://www.example.com/docs/v2/intro', 4],
  ['https://www.example.com/docs/v10/intro', null],
];

for (const [url, position] of cases) {
  test(`${url} gets ${position === null ? 'the default behavior' : `position ${position}`}`, () => {
    assert.equal(findBehavior(patterns, url).position, position);
  });
}

test('a later pattern that also matches is reported as shadowed', () => {
  const {results} = findBehavior(patterns, '/api/v2/styles.css');
  assert.deepEqual(results[0], {kind: 'match'});
  assert.deepEqual(results[4], {kind: 'shadowed', by: 1});
});

test('the path is taken without host, query string or fragment, and without decoding', () => {
  assert.equal(requestPath('https://www.example.com'), '/');
  assert.equal(requestPath('/search?q=shoes#top'), '/search');
  assert.equal(requestPath('https://www.example.com/caf%C3%A9/menu'), '/caf%C3%A9/menu');
});

test('regular expression characters in a pattern are literal', () => {
  assert.ok(patternToRegExp('/a+b(1).txt').test('/a+b(1).txt'));
  assert.ok(patternToRegExp('/my-file_[v2]{x}|y^$.txt').test('/my-file_[v2]{x}|y^$.txt'));
  assert.ok(!patternToRegExp('/a.txt').test('/abtxt'));
});

test('invalid patterns are reported and never match', () => {
  assert.match(patternError('images/*') ?? '', /starts with/);
  assert.match(patternError(`/${'a'.repeat(255)}`) ?? '', /at most 255/);
  assert.equal(findBehavior(['images/*'], '/images/a.png').position, null);
});
