import {test} from 'node:test';
import assert from 'node:assert/strict';
import {loadSpec} from '../../src/lib/openapi/load.ts';
import {fieldCount, linkObjects, listObjects, objectPageId} from './objects.mts';
import type {OpenApiNode} from '../../src/lib/openapi/index.ts';
import {sidebarItems} from './mini-spec.mts';
import type {SchemaView} from './schema.mts';
import {buildReference} from './reference.mts';

const ref = (name: string) => ({$ref: `#/components/schemas/${name}`});
const json = (schema: OpenApiNode, extra: OpenApiNode = {}) => ({content: {'application/json': {schema, ...extra}}});
const operation = (operationId: string, tag: string, responses: OpenApiNode, requestBody?: OpenApiNode) => ({
  operationId,
  summary: operationId.replaceAll('_', ' '),
  tags: [tag],
  responses,
  ...(requestBody && {requestBody}),
});

/** Gardens hold beds; beds are listed in pages; a bed's `garden` is a Garden (a nested resource object). */
function spec(): OpenApiNode {
  return {
    openapi: '3.1.0',
    info: {title: 'Tributary API', version: '1'},
    servers: [{url: 'https://api.example.test/v1'}],
    tags: [
      {name: 'Gardens', description: 'Gardens.'},
      {name: 'Beds', description: 'Beds.'},
    ],
    paths: {
      '/gardens/': {
        post: operation(
          'gardens_create',
          'Gardens',
          {201: {description: 'Created.', ...json(ref('Garden'), {example: {id: 'g1', name: 'Back'}})}},
          json(ref('Garden')),
        ),
      },
      '/gardens/{garden_id}/': {
        parameters: [{name: 'garden_id', in: 'path', required: true, schema: {type: 'string'}, example: 'g1'}],
        patch: operation(
          'gardens_partial_update',
          'Gardens',
          {
            200: {description: 'Updated.', ...json(ref('Garden'))},
            404: {description: 'Missing.', content: {'application/problem+json': {schema: ref('Problem')}}},
          },
          json(ref('GardenPatch')),
        ),
      },
      '/beds/': {
        get: operation('beds_list', 'Beds', {
          200: {description: 'A page.', ...json(ref('BedPage'), {example: {results: [{id: 'b1'}], next: null}})},
        }),
        post: operation('beds_create', 'Beds', {201: {description: 'Created.', ...json(ref('Bed'))}}),
      },
      '/beds/{bed_id}/move/': {
        parameters: [{name: 'bed_id', in: 'path', required: true, schema: {type: 'string'}, example: 'b1'}],
        // Returns the garden the bed moved to: one Garden return in Beds, two in Gardens.
        post: operation(
          'beds_move',
          'Beds',
          {200: {description: 'Moved.', ...json(ref('Garden'))}},
          json(ref('MoveRequest')),
        ),
      },
    },
    components: {
      schemas: {
        Garden: {
          type: 'object',
          description: 'A patch of land. It holds beds.',
          required: ['id'],
          properties: {id: {type: 'string', readOnly: true}, name: {type: 'string'}},
        },
        GardenPatch: {type: 'object', properties: {name: {type: 'string'}}},
        Bed: {
          type: 'object',
          description: 'A raised bed.',
          properties: {id: {type: 'string', readOnly: true}, garden: ref('Garden')},
        },
        BedPage: {
          type: 'object',
          properties: {results: {type: 'array', items: ref('Bed')}, next: {type: ['string', 'null']}},
        },
        MoveRequest: {type: 'object', properties: {garden_id: {type: 'string'}}},
        Problem: {type: 'object', properties: {status: {type: 'integer'}}},
      },
    },
  };
}

test('resource objects are the components returned by 2xx bodies or listed in them, never patches, errors or inputs', () => {
  const objects = listObjects(spec());
  assert.deepEqual(
    objects.map((object) => [object.name, object.id, object.tag]),
    [
      ['Garden', 'garden-object', 'Gardens'],
      ['Bed', 'bed-object', 'Beds'],
    ],
  );
  const [garden, bed] = objects;
  assert.equal(garden.title, 'The Garden object');
  assert.deepEqual(
    garden.operations.map(({id, takes, returns}) => [id, takes, returns]),
    [
      ['gardens-create', true, true],
      ['gardens-partial-update', false, true],
      ['beds-move', false, true],
    ],
  );
  assert.deepEqual(garden.example, {id: 'g1', name: 'Back'});
  // No example of a Bed itself: the first item of a list example stands in.
  assert.deepEqual(bed.example, {id: 'b1'});
  assert.deepEqual(
    bed.operations.map(({id, lists}) => [id, lists]),
    [
      ['beds-list', true],
      ['beds-create', false],
    ],
  );
});

test('an object goes to the tag whose operations return it most; a tie goes to the tag declared first', () => {
  const tied = spec();
  tied.paths['/beds/{bed_id}/move/'].put = operation('beds_replace', 'Beds', {200: json(ref('Garden'))});
  assert.equal(listObjects(tied)[0].tag, 'Gardens');
  const reversed = structuredClone(tied);
  reversed.tags.reverse();
  assert.equal(listObjects(reversed)[0].tag, 'Beds');
});

test('the reference gets one page per object, first in its tag category of the sidebar', () => {
  const files = buildReference(spec());
  const page = files.get('garden-object.object.mdx')!;
  assert.match(page, /^---\nid: garden-object\ntitle: "The Garden object"\ndescription: "A patch of land\."/);
  assert.match(page, /## Fields \{#fields\}[\s\S]*<ApiSchema label=\{"Fields of the Garden object"\}/);
  assert.match(page, /<ApiSchema label=\{"Fields of the Garden object"\} schema=\{pageSchemas\[0\]\} \/>/);
  assert.match(
    files.get('schemas/data/garden-object.object.json')!,
    /"name":"id","required":true,"schema":\{"type":"string","readOnly":true\}/,
  );
  assert.match(page, /## Example \{#example\}\n\n```json\n\{\n {2}"id": "g1"/);
  assert.match(page, /## Operations \{#operations\}[\s\S]*<ApiOperationList operations=\{\[\{"id":"gardens-create"/);
  const items = sidebarItems(files);
  assert.deepEqual(
    items
      .slice(1)
      .map((category) =>
        category.type === 'category' ? category.items.map((item) => (item.type === 'doc' ? item.id : item.label)) : [],
      ),
    [
      ['garden-object', 'gardens-create', 'gardens-partial-update'],
      ['bed-object', 'beds-list', 'beds-create', 'beds-move'],
    ],
  );
});

test('operation pages link the objects they take and return, and a returned object is its link', () => {
  const files = buildReference(spec());
  const create = files.get('gardens-create.api.mdx')!;
  assert.match(create, /Takes: \[Garden object\]\(\/docs\/api\/garden-object\)\n\n<ApiSchema label="Request body"/);
  // A returned object is its page's link alone: its fields are on that page, not repeated here.
  assert.match(create, /Returns: \[Garden object\]\(\/docs\/api\/garden-object\)\n/);
  assert.doesNotMatch(create, /201 response body/);
  // A list links the object of its items and keeps its (short) schema open, the items linked.
  const list = files.get('beds-list.api.mdx')!;
  assert.match(list, /Returns: a list of \[Bed objects\]\(\/docs\/api\/bed-object\)\n\n<ApiSchema/);
  // The nested garden of a bed links its page.
  // On the Bed object's page, its nested garden links the Garden page instead of repeating its fields.
  assert.match(
    files.get('schemas/data/bed-object.object.json')!,
    /"name":"garden","required":false,"schema":\{"type":"object","refName":"Garden"[^{}]*"objectPage":"garden-object"\}/,
  );
  // A partial update takes a merge patch, which links the object it changes.
  assert.match(
    files.get('gardens-partial-update.api.mdx')!,
    /Takes: changes to the \[Garden object\]\(\/docs\/api\/garden-object\)\n\n<ApiSchema label="Request body"/,
  );
});

test('an object page id that another page has fails the build with both names', () => {
  const clash = spec();
  clash.tags.push({name: 'Garden Object', description: 'Clash.'});
  clash.paths['/other/'] = {get: operation('other', 'Garden Object', {204: {description: 'None.'}})};
  assert.throws(
    () => buildReference(clash),
    /components\.schemas\.Garden: page id "garden-object" of the Garden object is already used by the tag "Garden Object"/,
  );
});

test('linkObjects marks nested resource objects only, and fieldCount counts the first level', () => {
  const view: SchemaView = {
    type: 'object',
    refName: 'Bed',
    properties: [
      {name: 'garden', required: false, schema: {type: 'object', refName: 'Garden', properties: []}},
      {name: 'gardens', required: false, schema: {type: 'array', items: {type: 'object', refName: 'Garden'}}},
    ],
  };
  const linked = linkObjects(spec(), view);
  assert.equal(linked.objectPage, undefined);
  assert.equal(linked.properties![0].schema.objectPage, 'garden-object');
  assert.equal(linked.properties![1].schema.items!.objectPage, 'garden-object');
  assert.equal(view.properties![0].schema.objectPage, undefined, 'the input is left alone');
  assert.equal(fieldCount(view), '2 fields');
  assert.equal(objectPageId('TrafficPolicy'), 'traffic-policy-object');
});

test('the real bundle has about fifty objects, Origin among them, with pages that collide with nothing', () => {
  const real = loadSpec();
  const objects = listObjects(real);
  assert.ok(objects.length >= 40 && objects.length <= 60, `${objects.length} objects`);
  const origin = objects.find((object) => object.name === 'Origin')!;
  assert.equal(origin.tag, 'Origins');
  assert.ok(origin.example, 'Origin has an example');
  assert.ok(!objects.some((object) => /Patch$|Page$|Problem$/.test(object.name)));
  const files = buildReference(real);
  assert.match(
    files.get('services-origins-create.api.mdx')!,
    /Returns: \[Origin object\]\(\/docs\/api\/origin-object\)/,
  );
  assert.equal([...files.keys()].filter((name) => name.endsWith('.object.mdx')).length, objects.length);
});

test('a `<Name>Create` request body is the object it creates: the object page lists the operation, which links it', () => {
  const split = spec();
  split.components.schemas.GardenCreate = {type: 'object', required: ['name'], properties: {name: {type: 'string'}}};
  split.paths['/gardens/'].post.requestBody = json(ref('GardenCreate'));
  const [garden] = listObjects(split);
  assert.equal(garden.name, 'Garden');
  assert.deepEqual(
    garden.operations.find(({id}) => id === 'gardens-create'),
    {
      id: 'gardens-create',
      method: 'post',
      path: '/gardens/',
      summary: 'gardens create',
      tag: 'Gardens',
      takes: true,
      returns: true,
      lists: false,
    },
  );
  assert.ok(
    !listObjects(split).some((object) => object.name === 'GardenCreate'),
    'a create schema has no page of its own',
  );
  assert.match(
    buildReference(split).get('gardens-create.api.mdx')!,
    /Takes: \[Garden object\]\(\/docs\/api\/garden-object\)\n\n<ApiSchema label="Request body"/,
  );
});
