import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {withoutVersionDocs} from './index.mts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('the version data of every nested route lists no docs', () => {
  const doc = {id: 'services-list', title: 'List services', description: 'Returns the services.', sidebar: 'api'};
  const route = {
    path: '/docs/api',
    routes: [
      {path: '/docs/api', props: {version: {label: 'Next', docs: {'services-list': doc}}}, routes: [{path: '/x'}]},
    ],
  };
  const stripped = withoutVersionDocs(route);
  assert.deepEqual(stripped.routes?.[0].props.version, {label: 'Next', docs: {}});
  assert.deepEqual(stripped.routes?.[0].routes, [{path: '/x', props: undefined, routes: undefined}]);
  assert.deepEqual(route.routes[0].props.version.docs, {'services-list': doc}, 'the input is left alone');
});

test('nothing in the API reference reads the docs list: no card list, no generated index', () => {
  const generated = path.join(root, 'generated', 'api');
  const pages = readdirSync(generated).filter((name) => name.endsWith('.mdx'));
  assert.ok(pages.length > 100, 'the API pages are generated (npm run api:gen)');
  for (const name of pages) {
    // DocCard's useDocById throws for a doc the version data does not list.
    assert.doesNotMatch(readFileSync(path.join(generated, name), 'utf8'), /DocCard/, name);
  }
  assert.doesNotMatch(readFileSync(path.join(generated, 'sidebar.ts'), 'utf8'), /generated-index/);
});
