import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {SchemaView} from './schema.mts';
import {miniSpec} from './mini-spec.mts';
import {schemaView} from './schema.mts';

test('request schemas drop readOnly fields and response schemas drop writeOnly fields', () => {
  const spec = miniSpec();
  const names = (view: SchemaView) => view.properties!.map((property) => property.name);
  const field = (view: SchemaView, name: string) => view.properties!.find((property) => property.name === name)!;
  const request = schemaView(spec, {$ref: '#/components/schemas/Widget'}, 'request');
  const response = schemaView(spec, {$ref: '#/components/schemas/Widget'}, 'response');
  assert.deepEqual(names(request), ['name', 'secret', 'enabled', 'colour', 'note']);
  assert.deepEqual(names(response), ['id', 'name', 'enabled', 'colour', 'note']);
  const secret = field(request, 'secret');
  assert.deepEqual(secret, {name: 'secret', required: true, schema: {type: 'string', writeOnly: true}});
  const id = field(response, 'id');
  assert.deepEqual(id, {name: 'id', required: true, schema: {type: 'string', format: 'uuid', readOnly: true}});
  const name = field(request, 'name');
  assert.deepEqual(name.schema.constraints, ['min length 1', 'max length 10']);
  assert.deepEqual(field(request, 'colour').schema.enum, ['blue', 'red']);
  assert.equal(field(request, 'enabled').schema.default, false);
  assert.equal(field(request, 'note').schema.type, 'string | null');
});

test('allOf is merged and oneOf alternatives are labelled', () => {
  const spec = miniSpec((s) => {
    s.components.schemas.Base = {type: 'object', required: ['kind'], properties: {kind: {type: 'string'}}};
    s.components.schemas.Cat = {allOf: [{$ref: '#/components/schemas/Base'}, {properties: {meows: {type: 'boolean'}}}]};
    s.components.schemas.Pet = {
      oneOf: [
        {$ref: '#/components/schemas/Cat'},
        {title: 'Dog', type: 'object', properties: {barks: {type: 'boolean'}}},
      ],
      discriminator: {propertyName: 'kind'},
    };
    return s;
  });
  const pet = schemaView(spec, {$ref: '#/components/schemas/Pet'}, 'response');
  const variants = pet.variants!;
  assert.equal(variants.kind, 'oneOf');
  assert.equal(variants.discriminator, 'kind');
  assert.deepEqual(
    variants.options.map((option) => option.label),
    ['Cat', 'Dog'],
  );
  const cat = variants.options[0].schema;
  assert.deepEqual(
    cat.properties!.map((property) => [property.name, property.required]),
    [
      ['kind', true],
      ['meows', false],
    ],
  );
});

test('keywords beside a $ref apply over its target, and a lower bound of 0 is not a constraint', () => {
  const spec = miniSpec((s) => {
    s.components.schemas.Kind = {type: 'string', enum: ['a', 'b'], description: 'A kind.'};
    s.components.schemas.Holder = {
      type: 'object',
      properties: {
        kind: {$ref: '#/components/schemas/Kind', deprecated: true, description: 'Use `type`.'},
        pem: {type: 'string', minLength: 0, maxLength: 20000},
        urls: {type: 'array', minItems: 0, items: {type: 'string', maxLength: 2048, pattern: '^https://'}},
      },
    };
    return s;
  });
  const view = schemaView(spec, {$ref: '#/components/schemas/Holder'}, 'request');
  const field = (name: string) => view.properties!.find((property) => property.name === name)!.schema;
  assert.deepEqual(field('kind'), {
    type: 'string',
    refName: 'Kind',
    description: '<p>Use <code>type</code>.</p>',
    enum: ['a', 'b'],
    deprecated: true,
  });
  assert.deepEqual(field('pem').constraints, ['max length 20000']);
  assert.equal(field('urls').constraints, undefined);
  assert.deepEqual(field('urls').items!.constraints, ['max length 2048', 'pattern ^https://']);
});
