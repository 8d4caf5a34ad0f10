import {test} from 'node:test';
import assert from 'node:assert/strict';
import {matchPath} from 'react-router';
import {isDocAt} from './isDocAt';

const docPaths = [
  '/docs/Getting started/Behind the Scenes',
  '/docs/api/services-list',
  '/docs/api/',
  '/docs/',
  '/',
  '/docs/v1.2/notes',
  '/docs/api/:id',
  '/docs/(group)',
  '/docs/a*b',
  '/docs/q?x',
  '/docs/Ünïcode',
  '/docs/kit',
];
const pathnames = [
  ...docPaths,
  ...docPaths.map((path) => `${path}/`),
  ...docPaths.map((path) => `${path}//`),
  ...docPaths.map((path) => path.toUpperCase()),
  ...docPaths.map((path) => path.toLowerCase()),
  '/docs/Getting%20started/Behind%20the%20Scenes',
  '/docs/api/services',
  '/docs/api/services-list/extra',
  '/docs/v1x2/notes',
  '/docs/api/anything',
  '/docs/group',
  '/docs/a-anything-b',
  '/docs/123',
  '/docs/\u212Ait', // KELVIN SIGN, which lower-cases to an ASCII k
  '/docs/ünïcode',
  '',
];

test('finds the doc at an address as react-router’s matchPath does, for every pair of doc path and address', () => {
  let matches = 0;
  for (const docPath of docPaths) {
    for (const pathname of pathnames) {
      const expected = matchPath(pathname, {path: docPath, exact: true, strict: false}) !== null;
      assert.equal(isDocAt(docPath, pathname), expected, `${JSON.stringify(docPath)} at ${JSON.stringify(pathname)}`);
      if (expected) matches++;
    }
  }
  // Both answers occur, so the comparison says something.
  assert.ok(matches > docPaths.length, `${matches} matches`);
});
