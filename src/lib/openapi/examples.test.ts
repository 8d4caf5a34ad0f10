import {test} from 'node:test';
import assert from 'node:assert/strict';
import {exampleOf, namedExamples} from './examples';

const spec = {components: {examples: {Shared: {summary: 'Shared one', description: 'Why.', value: {a: 1}}}}};

test('the first example of a parameter, media type or schema', () => {
  assert.equal(exampleOf(spec, {example: 'x', schema: {example: 'y'}}), 'x');
  assert.deepEqual(exampleOf(spec, {examples: {first: {$ref: '#/components/examples/Shared'}}}), {a: 1});
  assert.equal(exampleOf(spec, {schema: {examples: ['s1', 's2']}}), 's1');
  assert.equal(exampleOf(spec, {schema: {example: 7}}), 7);
  assert.equal(exampleOf(spec, {type: 'string', examples: ['own']}), 'own');
  assert.equal(exampleOf(spec, {schema: {type: 'string'}}), undefined);
  assert.equal(exampleOf(spec, undefined), undefined);
});

test('named examples of a media type, references followed', () => {
  assert.deepEqual(namedExamples(spec, {examples: {shared: {$ref: '#/components/examples/Shared'}, bare: {value: 2}}}), [
    {name: 'shared', summary: 'Shared one', description: 'Why.', value: {a: 1}},
    {name: 'bare', summary: 'bare', value: 2},
  ]);
  assert.deepEqual(namedExamples(spec, {example: {b: 2}}), [{name: 'example', summary: 'Example', value: {b: 2}}]);
  assert.deepEqual(namedExamples(spec, {schema: {}}), []);
  assert.deepEqual(namedExamples(spec, undefined), []);
});
