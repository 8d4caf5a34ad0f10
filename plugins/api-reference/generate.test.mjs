import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {buildReference, listOperations, operationPage} from './generate.mjs';
import {markdownToMdx} from './markdown.mjs';
import {PROBLEM_TYPES_ID, problemCatalogue} from './problem-types.mjs';
import {schemaView} from './schema.mjs';
import {OpenApiIndex} from '../api-request/openapi-index.mts';
import {codeSamples, pageId} from '../../src/lib/openapi/index.ts';
import {loadSpec} from '../../src/lib/openapi/load.ts';

/** A small valid spec; `patch` changes it for one test. */
function miniSpec(patch = (spec) => spec) {
  const spec = {
    openapi: '3.1.0',
    info: {title: 'Mini API', version: '1.0.0', description: 'About `{braces}` and {braces}.'},
    servers: [{url: 'https://api.example.test/v1', description: 'Production'}],
    security: [{bearerAuth: []}],
    tags: [{name: 'Widgets', description: 'Widget things.'}],
    paths: {
      '/widgets/{widget_id}/': {
        parameters: [{name: 'widget_id', in: 'path', required: true, schema: {type: 'string', examples: ['w 1']}}],
        put: {
          operationId: 'widgets_update_s3',
          'x-roles': ['admin', 'editor'],
          summary: 'Update a widget',
          tags: ['Widgets'],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {$ref: '#/components/schemas/Widget'},
                examples: {
                  Blue: {summary: 'A blue widget', value: {name: "Bob's", secret: 's', enabled: true, note: null}},
                },
              },
            },
          },
          responses: {
            200: {
              description: 'The widget.',
              content: {'application/json': {schema: {$ref: '#/components/schemas/Widget'}}},
            },
          },
        },
      },
    },
    components: {
      securitySchemes: {bearerAuth: {type: 'http', scheme: 'bearer'}},
      schemas: {
        Widget: {
          type: 'object',
          required: ['id', 'name', 'secret'],
          properties: {
            id: {type: 'string', format: 'uuid', readOnly: true},
            name: {type: 'string', minLength: 1, maxLength: 10},
            secret: {type: 'string', writeOnly: true},
            enabled: {type: 'boolean', default: false},
            colour: {type: 'string', enum: ['blue', 'red']},
            note: {type: ['string', 'null']},
          },
        },
      },
    },
  };
  return patch(spec);
}

test('page ids are lodash kebab case of the operationId, as guide links expect', () => {
  assert.equal(
    pageId('services_origins_update_s3_credentials_update'),
    'services-origins-update-s-3-credentials-update',
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
  const sidebar = files.get('sidebar.ts');
  const items = JSON.parse(sidebar.slice(sidebar.indexOf('= ') + 2, sidebar.indexOf('\n];') + 2));
  assert.deepEqual(items, [
    {type: 'doc', id: 'tributary-api'},
    {
      type: 'category',
      label: 'Widgets',
      link: {type: 'doc', id: 'widgets'},
      items: [
        {type: 'doc', id: 'widget-object', label: 'The Widget object', className: 'api-object'},
        {type: 'doc', id: 'widgets-update-s-3', label: 'Update a widget', className: 'api-method put'},
      ],
    },
  ]);
  assert.match(files.get('widgets.tag.mdx'), /title: "Widgets"[\s\S]*Widget things\./);
});

test('code samples fill the path parameters, send the first example and mask the token', () => {
  const samples = Object.fromEntries(
    codeSamples({
      method: 'put',
      server: 'https://api.example.test/v1',
      path: '/widgets/{widget_id}/',
      pathParams: {widget_id: 'w 1'},
      body: {name: "Bob's", enabled: true, note: null},
    }).map((sample) => [sample.value, sample.code]),
  );
  const url = 'https://api.example.test/v1/widgets/w%201/';
  assert.match(samples.curl, /^curl --request PUT 'https:\/\/api\.example\.test\/v1\/widgets\/w%201\/'/);
  assert.match(samples.curl, /--header "Authorization: Bearer \$TRIBUTARY_TOKEN"/);
  assert.ok(samples.curl.includes(`"name": "Bob'\\''s"`), 'the shell quoting survives an apostrophe');
  assert.ok(samples.python.includes(`requests.put(\n    "${url}"`));
  assert.match(samples.python, /"enabled": True,\n\s+"note": None/);
  assert.match(samples.python, /os\.environ\['TRIBUTARY_TOKEN'\]/);
  assert.ok(samples.nodejs.includes(`fetch("${url}"`));
  assert.match(samples.nodejs, /method: 'PUT'[\s\S]*body: JSON\.stringify\(\{/);
  assert.match(samples.go, /http\.NewRequest\("PUT", "https:\/\/api\.example\.test\/v1\/widgets\/w%201\/", body\)/);
  assert.match(samples.go, /strings\.NewReader\(`\{/);
  assert.match(samples.go, /os\.Getenv\("TRIBUTARY_TOKEN"\)/);
  const patch = Object.fromEntries(
    codeSamples({
      method: 'patch',
      server: 'https://api.example.test/v1',
      path: '/widgets/',
      body: {name: 'Bob'},
      contentType: 'application/merge-patch+json',
    }).map((sample) => [sample.value, sample.code]),
  );
  assert.match(patch.curl, /--header 'Content-Type: application\/merge-patch\+json'/);
  assert.match(patch.python, /"Content-Type": "application\/merge-patch\+json"/);
  assert.match(patch.nodejs, /'Content-Type': 'application\/merge-patch\+json'/);
  assert.match(patch.go, /req\.Header\.Set\("Content-Type", "application\/merge-patch\+json"\)/);
  assert.doesNotMatch(samples.python, /Content-Type/, 'requests sets application/json itself');
  assert.throws(
    () => codeSamples({method: 'get', server: 'https://x', path: '/a/{id}/', pathParams: {}}),
    /no example value for path parameter "id" of \/a\/\{id\}\//,
  );
});

test('an operation page carries method, path, parameters, schema fields, examples and samples', () => {
  const spec = miniSpec();
  const [entry] = listOperations(spec);
  const page = operationPage(spec, entry);
  assert.match(page, /^---\nid: widgets-update-s-3\ntitle: "Update a widget"/);
  assert.match(
    page,
    /<ApiEndpoint method="put" path=\{"\/widgets\/\{widget_id\}\/"\} server=\{"https:\/\/api\.example\.test\/v1"\} operationId=\{"widgets_update_s3"\} \/>/,
  );
  assert.match(page, /Role: an access token or user with the \*\*Admin\*\* or \*\*Editor\*\* role/);
  assert.match(page, /## Path parameters \{#path-parameters\}/);
  assert.match(page, /## Request body \{#request-body\}/);
  assert.match(page, /### 200 OK \{#response-200\}/);
  // The panel: the named request examples for its picker, each with its samples, and Try it's data.
  assert.match(
    page,
    /<ApiPanel requestExamples=\{\[\{"name":"Blue","summary":"A blue widget","body":"\{\\n {2}\\"name\\": \\"Bob's\\"/,
  );
  assert.match(page, /<ApiPanelRequest example=\{"Blue"\}>\n\n<Tabs groupId="api-code-sample">/);
  assert.match(page, /https:\/\/api\.example\.test\/v1\/widgets\/w%201\//);
  assert.match(page, /<ApiPanelResponse example="200-/);
  assert.doesNotMatch(page, /Request example:/, 'request examples live in the panel only');
});

test('request schemas drop readOnly fields and response schemas drop writeOnly fields', () => {
  const spec = miniSpec();
  const names = (view) => view.properties.map((property) => property.name);
  const request = schemaView(spec, {$ref: '#/components/schemas/Widget'}, 'request');
  const response = schemaView(spec, {$ref: '#/components/schemas/Widget'}, 'response');
  assert.deepEqual(names(request), ['name', 'secret', 'enabled', 'colour', 'note']);
  assert.deepEqual(names(response), ['id', 'name', 'enabled', 'colour', 'note']);
  const secret = request.properties.find((property) => property.name === 'secret');
  assert.deepEqual(secret, {name: 'secret', required: true, schema: {type: 'string', writeOnly: true}});
  const id = response.properties.find((property) => property.name === 'id');
  assert.deepEqual(id, {name: 'id', required: true, schema: {type: 'string', format: 'uuid', readOnly: true}});
  const name = request.properties.find((property) => property.name === 'name');
  assert.deepEqual(name.schema.constraints, ['min length 1', 'max length 10']);
  assert.deepEqual(request.properties.find((property) => property.name === 'colour').schema.enum, ['blue', 'red']);
  assert.equal(request.properties.find((property) => property.name === 'enabled').schema.default, false);
  assert.equal(request.properties.find((property) => property.name === 'note').schema.type, 'string | null');
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
  assert.equal(pet.variants.kind, 'oneOf');
  assert.equal(pet.variants.discriminator, 'kind');
  assert.deepEqual(
    pet.variants.options.map((option) => option.label),
    ['Cat', 'Dog'],
  );
  const cat = pet.variants.options[0].schema;
  assert.deepEqual(
    cat.properties.map((property) => [property.name, property.required]),
    [
      ['kind', true],
      ['meows', false],
    ],
  );
});

test('a malformed or unsupported spec fails with a precise message', () => {
  const cases = [
    [(s) => ({...s, openapi: '2.0'}), /OpenAPI: openapi: version "2\.0" is not supported/],
    [
      (s) => {
        delete s.paths['/widgets/{widget_id}/'].put.operationId;
        return s;
      },
      /OpenAPI: paths\.\/widgets\/\{widget_id\}\/\.put: has no operationId/,
    ],
    [
      (s) => {
        s.paths['/widgets/{widget_id}/'].put.tags = ['Gadgets'];
        return s;
      },
      /tag "Gadgets" of "widgets_update_s3" is not declared in the top-level tags/,
    ],
    [
      (s) => {
        s.paths['/widgets/{widget_id}/'].parameters = [];
        return s;
      },
      /path parameter "widget_id" of "widgets_update_s3" is not declared/,
    ],
    [
      (s) => {
        s.paths['/widgets/{widget_id}/'].put.responses[200].content = {'text/csv': {}};
        return s;
      },
      /paths\.\/widgets\/\{widget_id\}\/\.put\.responses\.200: media type "text\/csv" is not supported \(JSON only\)/,
    ],
    [
      (s) => {
        s.paths['/widgets/{widget_id}/'].put.requestBody.content['application/json'].schema = {
          $ref: '#/components/schemas/Missing',
        };
        return s;
      },
      /paths\.\/widgets\/\{widget_id\}\/\.put: unresolved reference "#\/components\/schemas\/Missing"/,
    ],
    [
      (s) => {
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

test('Markdown from the spec is escaped for MDX outside code only', () => {
  assert.equal(
    markdownToMdx('Use `{id}` or {id} <b> and <https://x.test>'),
    'Use `{id}` or \\{id\\} \\<b> and [https://x.test](https://x.test)',
  );
  assert.equal(markdownToMdx('```json\n{"a": 1}\n```\n{x}'), '```json\n{"a": 1}\n```\n\\{x\\}');
});

test('the Problem types page has one section per type of the catalogue, after the overview in the sidebar', () => {
  const spec = loadSpec();
  const catalogue = problemCatalogue(spec);
  assert.ok(catalogue.types.length > 0, 'the bundle includes x-problem-types');
  const files = buildReference(spec);
  const page = files.get(`${PROBLEM_TYPES_ID}.info.mdx`);
  const sections = [...page.matchAll(/^## .+ \{#([\w-]+)\}$/gm)].map((match) => match[1]);
  assert.deepEqual(
    sections,
    catalogue.types.map((type) => type.slug),
  );
  for (const type of catalogue.types) {
    assert.ok(page.includes(`**Type:** \`${type.uri}\``), `${type.slug}: its URI`);
    assert.match(
      page,
      new RegExp(`\\{#${type.slug}\\}\\n\\n\\*\\*Status:\\*\\* \`${type.status} `),
      `${type.slug}: its status`,
    );
  }
  const sidebar = files.get('sidebar.ts');
  const items = JSON.parse(sidebar.slice(sidebar.indexOf('= ') + 2, sidebar.indexOf('\n];') + 2));
  assert.deepEqual(items.slice(0, 2), [
    {type: 'doc', id: 'tributary-api'},
    {type: 'doc', id: PROBLEM_TYPES_ID, label: 'Problem types'},
  ]);
  // Every problem+json example of the bundle names a catalogued type (the lint rule says where).
  const uris = new Set(catalogue.types.map((type) => type.uri));
  const unknown = [...JSON.stringify(spec.paths).matchAll(/"type":"(https:[^"]+)"/g)]
    .map((match) => match[1])
    .filter((uri) => !uris.has(uri));
  assert.deepEqual(unknown, []);
});

test('a problem type section lists the operations that return it, and links to types must name one', () => {
  const withTypes = (spec) => ({
    ...spec,
    'x-problem-types': {
      base: 'https://docs.example.test/docs/api/problem-types',
      types: {
        'widget-locked': {
          title: 'Widget locked',
          status: 409,
          cause: 'A {lock}.',
          fix: 'Unlock it.',
          guides: ['/docs/Guides/Widgets/Locking%20Widgets'],
        },
        'never-shown': {title: 'Never shown', status: 400, cause: 'Nothing.', fix: 'Nothing.'},
      },
    },
  });
  const spec = withTypes(
    miniSpec((mini) => {
      mini.paths['/widgets/{widget_id}/'].put.responses[409] = {
        description: 'Locked.',
        content: {
          'application/problem+json': {
            examples: {
              Locked: {
                value: {
                  type: 'https://docs.example.test/docs/api/problem-types#widget-locked',
                  title: 'Widget locked',
                  status: 409,
                },
              },
            },
          },
        },
      };
      return mini;
    }),
  );
  const page = buildReference(spec).get(`${PROBLEM_TYPES_ID}.info.mdx`);
  assert.match(page, /## Widget locked \{#widget-locked\}/);
  assert.match(page, /\*\*Cause:\*\* A \\\{lock\\\}\./);
  assert.match(page, /\*\*Returned by:\*\* Every operation\./);
  assert.match(page, /\*\*Returned by:\*\* No operation shows it in an example yet\./);
  assert.match(page, /\*\*Guides:\*\* \[Locking Widgets\]\(\/docs\/Guides\/Widgets\/Locking%20Widgets\)/);
  assert.ok(!buildReference(miniSpec()).has(`${PROBLEM_TYPES_ID}.info.mdx`), 'no catalogue, no page');

  const badLink = withTypes(miniSpec());
  badLink.info.description = 'See [locked](/docs/api/problem-types#widget-missing).';
  assert.throws(() => buildReference(badLink), /problem-types#widget-missing" names no type of x-problem-types/);
  const incomplete = withTypes(miniSpec());
  delete incomplete['x-problem-types'].types['never-shown'].fix;
  assert.throws(() => buildReference(incomplete), /x-problem-types\.types\.never-shown: "fix" is missing/);
});

test('a webhook is documented on its tag page: headers, body schema, examples and expected answers', () => {
  const withWebhook = (tags = ['Widgets']) =>
    miniSpec((spec) => {
      spec.webhooks = {
        widgetChanged: {
          post: {
            operationId: 'widget_changed',
            summary: 'Widget changed',
            description: 'Sent when a widget changes.',
            tags,
            parameters: [{name: 'X-Signature', in: 'header', required: true, schema: {type: 'string'}}],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {$ref: '#/components/schemas/Widget'},
                  examples: {Changed: {summary: 'A renamed widget', value: {name: 'Bob'}}},
                },
              },
            },
            responses: {200: {description: 'Accepted.'}, default: {description: 'Retried.'}},
          },
        },
      };
      return spec;
    });
  const files = buildReference(withWebhook());
  const page = files.get('widgets.tag.mdx');
  assert.match(page, /^import ApiSchema from '@site\/src\/components\/ApiSchema';$/m);
  assert.match(page, /## Webhooks \{#webhooks\}/);
  assert.match(page, /### Widget changed \{#webhook-widget-changed\}/);
  assert.match(page, /Tributary sends `POST` requests to your endpoint\./);
  assert.match(page, /"name":"X-Signature"/);
  assert.match(page, /<ApiSchema label=\{"Widget changed body"\}/);
  assert.match(page, /\*\*Example: A renamed widget\*\*/);
  assert.match(page, /- `200`: Accepted\.\n- Any other answer: Retried\./);
  // A webhook is not an operation page, and a tag without webhooks keeps its plain page.
  assert.ok(![...files.keys()].some((name) => name.includes('widget-changed')));
  assert.doesNotMatch(buildReference(miniSpec()).get('widgets.tag.mdx'), /Webhooks|ApiSchema/);
  assert.throws(
    () => buildReference(withWebhook(['Gadgets'])),
    /webhooks\.widgetChanged\.post: must have exactly one tag/,
  );
  // The real spec documents the alert notification on the Alert Channels page.
  const real = buildReference(loadSpec()).get('alert-channels.tag.mdx');
  assert.match(real, /### Alert notification \{#webhook-alert-notification\}/);
  assert.match(real, /"name":"X-Tributary-Signature"/);
});

test('shared error responses are one compact table row each; an operation-specific error keeps its section', () => {
  const problem = (type, status) => ({
    'application/problem+json': {
      schema: {type: 'object'},
      examples: {
        One: {summary: 'One', value: {type: `https://docs.example.test/docs/api/problem-types#${type}`, status}},
      },
    },
  });
  const spec = miniSpec((mini) => {
    mini.components.responses = {
      Locked: {description: 'The widget is | locked.', content: problem('widget-locked', 423)},
    };
    Object.assign(mini.paths['/widgets/{widget_id}/'].put.responses, {
      423: {$ref: '#/components/responses/Locked'},
      409: {description: 'Only this operation conflicts.', content: problem('widget-conflict', 409)},
    });
    return mini;
  });
  const page = operationPage(spec, listOperations(spec)[0]);
  assert.match(page, /### 409 Conflict \{#response-409\}\n\nOnly this operation conflicts\./);
  assert.match(page, /\*\*Example: One\*\*/, 'an error of this operation alone keeps its example beside it');
  assert.doesNotMatch(page, /### 423/);
  assert.match(page, /### Errors \{#errors\}/);
  assert.match(page, /\| 423 \| \[`widget-locked`\]\(\/docs\/api\/problem-types#widget-locked\) \|/);
});
