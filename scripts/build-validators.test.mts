import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {operationBodySchema, requestSchema, validatorSource} from './build-validators.mts';
import validate from '../generated/validators/traffic-policy.mjs';

const spec = JSON.parse(readFileSync(new URL('../generated/static/openapi.json', import.meta.url), 'utf8'));

test('the request schema inlines $refs, leaves readOnly properties out and refuses unknown ones', () => {
  const schema = operationBodySchema(spec, 'services_traffic_policies_create');
  assert.ok(!JSON.stringify(schema).includes('$ref'));
  assert.deepEqual(Object.keys(schema.properties).sort(), [
    'failover',
    'kind',
    'name',
    'performance_check_ids',
    'providers',
    'scope',
  ]);
  assert.deepEqual(schema.required, ['name', 'kind', 'scope', 'providers']);
  const small = requestSchema(
    {components: {schemas: {A: {type: 'object', required: ['id', 'x'], properties: {id: {readOnly: true}, x: {}}}}}},
    {$ref: '#/components/schemas/A'},
  );
  assert.deepEqual(small, {type: 'object', required: ['x'], properties: {x: {}}, unevaluatedProperties: false});
});

test('an unknown operation or a dangling reference fails with a precise message', () => {
  assert.throws(() => operationBodySchema(spec, 'no_such_operation'), /no operation "no_such_operation"/);
  assert.throws(() => requestSchema({}, {$ref: '#/components/schemas/Missing'}), /unresolved reference/);
});

test('the generated code needs no eval and no require', () => {
  const source = validatorSource(operationBodySchema(spec, 'services_traffic_policies_create'));
  assert.doesNotMatch(source, /\brequire\(|\beval\(|new Function/);
});

test('the generated validator accepts the OpenAPI examples of the create operation', () => {
  const examples = spec.paths['/services/{service_id}/traffic-policies/'].post.requestBody.content['application/json']
    .examples as Record<string, {value: unknown}>;
  assert.ok(Object.keys(examples).length >= 2);
  for (const [name, {value}] of Object.entries(examples)) assert.equal(validate(value), true, name);
});

test('the generated validator refuses a body with a read-only field, a wrong enum and a missing field', () => {
  assert.equal(
    validate({id: '4d1f8b3a-9e6c-4b7d-a2f5-8c3e1b9d7a46', name: 'x', kind: 'round_robin', scope: {}}),
    false,
  );
  const keywords = (validate.errors ?? []).map((error) => error.keyword).sort();
  assert.deepEqual(keywords, ['enum', 'required', 'unevaluatedProperties']);
});
