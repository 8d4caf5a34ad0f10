import {test} from 'node:test';
import assert from 'node:assert/strict';
import {hiddenMarker, isHidden, schemaForDirection} from './direction';

const spec = {components: {schemas: {Secret: {type: 'string', writeOnly: true}}}};
const schema = {
  type: 'object',
  required: ['id', 'name', 'secret'],
  properties: {
    id: {type: 'string', readOnly: true},
    name: {type: 'string'},
    secret: {$ref: '#/components/schemas/Secret'},
  },
};

test('readOnly is hidden from requests, writeOnly from responses, also behind a $ref', () => {
  assert.equal(hiddenMarker('request'), 'readOnly');
  assert.equal(hiddenMarker('response'), 'writeOnly');
  assert.throws(() => hiddenMarker('sideways' as never), /unknown direction "sideways"/);
  assert.equal(isHidden(spec, schema.properties.id, 'request'), true);
  assert.equal(isHidden(spec, schema.properties.id, 'response'), false);
  assert.equal(isHidden(spec, schema.properties.secret, 'response'), true);
  assert.equal(isHidden(spec, schema.properties.secret, 'request'), false);
});

test('a request view drops read-only fields from required; strict views close objects', () => {
  assert.deepEqual(schemaForDirection(schema, 'request').required, ['name', 'secret']);
  const strict = schemaForDirection(schema, 'response', {
    strict: true,
    isHidden: (property) => isHidden(spec, property, 'response'),
  });
  assert.deepEqual(Object.keys(strict.properties), ['id', 'name']);
  assert.deepEqual(strict.required, ['id', 'name']);
  assert.equal((strict as Record<string, unknown>).unevaluatedProperties, false);
  const member = schemaForDirection({allOf: [{$ref: '#/x'}, {type: 'object'}]}, 'request', {
    strict: true,
    openRef: (ref) => `${ref}-open`,
  }) as {allOf: Record<string, unknown>[]};
  assert.deepEqual(member.allOf, [{$ref: '#/x-open'}, {type: 'object'}]);
});
