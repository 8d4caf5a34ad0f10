import {test} from 'node:test';
import assert from 'node:assert/strict';
import {withoutDocDescriptions} from './index.mts';

test('the version data of every nested route keeps id, title and sidebar of each doc, not its description', () => {
  const doc = {id: 'services-list', title: 'List services', description: 'Returns the services.', sidebar: 'api'};
  const route = {
    path: '/docs/api',
    routes: [
      {path: '/docs/api', props: {version: {label: 'Next', docs: {'services-list': doc}}}, routes: [{path: '/x'}]},
    ],
  };
  const stripped = withoutDocDescriptions(route);
  assert.deepEqual(stripped.routes?.[0].props.version, {
    label: 'Next',
    docs: {'services-list': {id: 'services-list', title: 'List services', sidebar: 'api'}},
  });
  assert.deepEqual(stripped.routes?.[0].routes, [{path: '/x', props: undefined, routes: undefined}]);
  assert.equal(doc.description, 'Returns the services.', 'the input is left alone');
});
