import {test} from 'node:test';
import assert from 'node:assert/strict';
import {matchPath} from 'react-router';
import {plainMatch} from './plainMatch';

const routePaths = [
  '/',
  '/docs',
  '/docs/',
  '/docs/Getting started/Behind the Scenes',
  '/docs/api/services-list',
  '/docs/api/',
  '/docs/v1.2/notes',
  '/docs/[x]{y}|$^.',
  '/docs/api/:id',
  '/docs/(group)',
  '/docs/a*b',
  '/docs/q?x',
  '/docs/a+',
  '/docs/Ünïcode',
  '/docs/kit',
  '*',
];
const pathnames = [
  ...routePaths,
  ...routePaths.map((path) => `${path}/`),
  ...routePaths.map((path) => `${path}//`),
  ...routePaths.map((path) => `${path}/child`),
  ...routePaths.map((path) => `${path}child`),
  ...routePaths.map((path) => path.toUpperCase()),
  '/docs/Getting%20started/Behind%20the%20Scenes',
  '/docs/api/services',
  '/docs/v1x2/notes',
  '/docs/123',
  '/docs/\u212Ait', // KELVIN SIGN, which lower-cases to an ASCII k
  '/docs/ünïcode',
  '//',
  '',
];
const optionSets = [{}, {exact: true}, {exact: false}, {exact: true, strict: true}, {sensitive: true}];

test('answers as react-router’s matchPath does, for every route path, address and option set', () => {
  let answered = 0;
  let matched = 0;
  for (const path of routePaths) {
    for (const pathname of pathnames) {
      for (const options of [path, ...optionSets.map((set) => ({...set, path}))]) {
        const plain = plainMatch(pathname, options);
        if (plain === undefined) continue;
        answered++;
        if (plain) matched++;
        assert.deepEqual(
          plain,
          matchPath(pathname, options),
          `${JSON.stringify(options)} at ${JSON.stringify(pathname)}`,
        );
      }
    }
  }
  // Both answers occur, and most pairs are answered without a regular expression.
  assert.ok(matched > 100 && answered - matched > 100, `${answered} answered, ${matched} matched`);
});

test('leaves patterns, strict or case-sensitive paths, lists and non-ASCII addresses to the regular expression', () => {
  for (const [pathname, options] of [
    ['/docs/api/1', {path: '/docs/api/:id'}],
    ['/docs/x', {path: '*'}],
    ['/docs/', {path: '/docs/', strict: true}],
    ['/docs', {path: '/docs', sensitive: true}],
    ['/docs', {path: ['/docs', '/api']}],
    ['/docs/ünïcode', {path: '/docs/ünïcode'}],
    ['/docs/\u212Ait', {path: '/docs/kit'}],
    ['/docs', {path: ''}],
    ['/docs', undefined],
  ] as const) {
    assert.equal(plainMatch(pathname, options), undefined, `${JSON.stringify(options)} at ${pathname}`);
  }
});
