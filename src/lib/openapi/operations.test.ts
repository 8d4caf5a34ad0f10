import {test} from 'node:test';
import assert from 'node:assert/strict';
import {isJsonMedia, jsonMedia, requestMediaType, SpecError} from './media';
import {operationsOf, serverOf} from './operations';

const spec = {
  servers: [{url: 'https://api.example.test'}],
  components: {parameters: {Id: {name: 'id', in: 'path', required: true}}},
  paths: {
    '/a/{id}': {
      parameters: [{$ref: '#/components/parameters/Id'}],
      post: {operationId: 'a_create', servers: [{url: 'https://other.test'}]},
      get: {operationId: 'a_read', parameters: [{name: 'q', in: 'query'}]},
      summary: 'not an operation',
    },
  },
};

test('operations are listed path by path, methods in a fixed order, parameters resolved', () => {
  const operations = operationsOf(spec);
  assert.deepEqual(
    operations.map(({operationId, method, route}) => [operationId, method, route]),
    [
      ['a_read', 'get', '/a/{id}'],
      ['a_create', 'post', '/a/{id}'],
    ],
  );
  assert.deepEqual(
    operations[0].parameters.map((parameter) => parameter.name),
    ['id', 'q'],
  );
  assert.equal(serverOf(spec, operations[0].operation), 'https://api.example.test');
  assert.equal(serverOf(spec, operations[1].operation), 'https://other.test');
});

test('JSON media types only; the request body prefers application/json', () => {
  assert.ok(isJsonMedia('application/merge-patch+json'));
  assert.equal(isJsonMedia('text/plain'), false);
  assert.throws(() => jsonMedia({'text/plain': {}}, 'here'), SpecError);
  assert.throws(() => jsonMedia({'text/plain': {}}, 'here'), /OpenAPI: here: media type "text\/plain" is not supported/);
  assert.deepEqual(jsonMedia(undefined, 'here'), []);
  assert.equal(requestMediaType({'application/merge-patch+json': {}, 'application/json': {}}), 'application/json');
  assert.equal(requestMediaType({'application/merge-patch+json': {}}), 'application/merge-patch+json');
  assert.equal(requestMediaType(undefined), undefined);
});
