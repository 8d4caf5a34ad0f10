import {test} from 'node:test';
import assert from 'node:assert/strict';
import {flatten, mergeAllOf} from './all-of';
import {deref, inlineRefs, resolve, resolvePointer} from './ref';

const spec = {
  components: {
    schemas: {
      Base: {type: 'object', description: 'Base.', required: ['id'], properties: {id: {type: 'string', readOnly: true}}},
      Alias: {$ref: '#/components/schemas/Base'},
      'a/b': {type: 'integer'},
      Loop: {type: 'object', properties: {next: {$ref: '#/components/schemas/Loop'}}},
      Child: {
        description: 'Child.',
        allOf: [{$ref: '#/components/schemas/Base'}, {type: 'object', required: ['name'], properties: {name: {type: 'string'}}}],
      },
    },
  },
};

test('references are followed to their target, with the last component name', () => {
  assert.deepEqual(deref(spec, {$ref: '#/components/schemas/Alias'}), {
    node: spec.components.schemas.Base,
    name: 'Base',
  });
  assert.deepEqual(deref(spec, {type: 'string'}), {node: {type: 'string'}, name: undefined});
  assert.equal(resolve(spec, undefined), undefined);
  assert.deepEqual(resolvePointer(spec, '#/components/schemas/a~1b'), {type: 'integer'});
});

test('an external, unresolved or circular reference throws', () => {
  assert.throws(() => resolvePointer(spec, 'other.yaml#/x'), /unsupported external reference "other\.yaml#\/x"/);
  assert.throws(() => deref(spec, {$ref: '#/components/schemas/Nope'}), /unresolved reference/);
  const circular = {a: {$ref: '#/b'}, b: {$ref: '#/a'}};
  assert.throws(() => deref(circular, {$ref: '#/a'}), /circular reference/);
});

test('inlining replaces every reference, keeps markers beside a $ref and refuses recursion', () => {
  const inlined = inlineRefs(spec, {$ref: '#/components/schemas/Alias', writeOnly: true}, {omit: ['description']});
  assert.deepEqual(inlined, {
    type: 'object',
    required: ['id'],
    properties: {id: {type: 'string', readOnly: true}},
    writeOnly: true,
  });
  assert.throws(() => inlineRefs(spec, {$ref: '#/components/schemas/Loop'}), /recursive reference/);
});

test('allOf members merge into one schema: properties and required combined', () => {
  const merged = mergeAllOf(spec, spec.components.schemas.Child);
  assert.deepEqual(Object.keys(merged.properties), ['id', 'name']);
  assert.deepEqual(merged.required, ['id', 'name']);
  assert.equal(merged.type, 'object');
  assert.equal(merged.description, 'Base.', 'the first description is kept');
  assert.equal(merged.allOf, undefined);
  assert.deepEqual(flatten(spec, {$ref: '#/components/schemas/Child'}), merged);
  assert.deepEqual(flatten(spec, undefined), {});
});
