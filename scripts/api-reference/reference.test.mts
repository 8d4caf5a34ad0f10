import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {OpenApiIndex} from '../../plugins/api-request/openapi-index.mts';
import {pageId} from '../../src/lib/openapi/index.ts';
import {loadSpec} from '../../src/lib/openapi/load.ts';
import type {OpenApiNode} from '../../src/lib/openapi/index.ts';
import {miniSpec, sidebarItems} from './mini-spec.mts';
import {buildReference} from './reference.mts';

test('page ids are the kebab case of the operationId (a number kept with its word), as guide links expect', () => {
  assert.equal(
    pageId('services_origins_update_s3_credentials_update'),
    'services-origins-update-s3-credentials-update',
  );
  assert.equal(pageId('Traffic Policies'), 'traffic-policies');
  const spec = loadSpec();
  const index = new OpenApiIndex(spec);
  const files = buildReference(spec);
  for (const operationId of index.operations.keys()) {
    const page = index.describe({operation: operationId}).page.replace('/api/', '');
    assert.ok(files.has(`${page}.api.mdx`), `${operationId} has the page ${page}`);
  }
  assert.equal([...files.keys()].filter((name) => name.endsWith('.api.mdx')).length, index.operations.size);
});

test('the sidebar starts with the overview and lists each tag with its objects, then its operations in spec order', () => {
  const files = buildReference(miniSpec());
  const items = sidebarItems(files);
  assert.deepEqual(items, [
    {type: 'doc', id: 'tributary-api'},
    {
      type: 'category',
      label: 'Widgets',
      link: {type: 'doc', id: 'widgets'},
      items: [
        {type: 'doc', id: 'widget-object', label: 'The Widget object', className: 'api-object'},
        {type: 'doc', id: 'widgets-update-s3', label: 'Update a widget', className: 'api-method put'},
      ],
    },
  ]);
  assert.match(files.get('widgets.tag.mdx')!, /title: "Widgets"[\s\S]*Widget things\./);
});

test('a malformed or unsupported spec fails with a precise message', () => {
  const cases: [(spec: OpenApiNode) => OpenApiNode, RegExp][] = [
    [(s: OpenApiNode) => ({...s, openapi: '2.0'}), /OpenAPI: openapi: version "2\.0" is not supported/],
    [
      (s: OpenApiNode) => {
        delete s.paths['/widgets/{widget_id}/'].put.operationId;
        return s;
      },
      /OpenAPI: paths\.\/widgets\/\{widget_id\}\/\.put: has no operationId/,
    ],
    [
      (s: OpenApiNode) => {
        s.paths['/widgets/{widget_id}/'].put.tags = ['Gadgets'];
        return s;
      },
      /tag "Gadgets" of "widgets_update_s3" is not declared in the top-level tags/,
    ],
    [
      (s: OpenApiNode) => {
        s.paths['/widgets/{widget_id}/'].parameters = [];
        return s;
      },
      /path parameter "widget_id" of "widgets_update_s3" is not declared/,
    ],
    [
      (s: OpenApiNode) => {
        s.paths['/widgets/{widget_id}/'].put.responses[200].content = {'text/csv': {}};
        return s;
      },
      /paths\.\/widgets\/\{widget_id\}\/\.put\.responses\.200: media type "text\/csv" is not supported \(JSON only\)/,
    ],
    [
      (s: OpenApiNode) => {
        s.paths['/widgets/{widget_id}/'].put.requestBody.content['application/json'].schema = {
          $ref: '#/components/schemas/Missing',
        };
        return s;
      },
      /paths\.\/widgets\/\{widget_id\}\/\.put: unresolved reference "#\/components\/schemas\/Missing"/,
    ],
    [
      (s: OpenApiNode) => {
        s.tags[0].description = 'See [Widgets](/docs/api/widgets-list).';
        return s;
      },
      /OpenAPI: links: "\/docs\/api\/widgets-list" is not an API reference page/,
    ],
  ];
  for (const [patch, message] of cases) {
    assert.throws(() => buildReference(miniSpec(patch)), message);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'api-reference-'));
  const broken = path.join(dir, 'openapi.json');
  writeFileSync(broken, '{"openapi": ');
  assert.throws(() => loadSpec(broken), new RegExp(`The OpenAPI bundle ${broken} is not valid JSON`));
  assert.throws(() => loadSpec(path.join(dir, 'absent.json')), /is missing\. Run "npm run api:bundle" first\./);
});
