import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {ApiMarkdown} from './openapi-markdown.mts';
import {summarize} from './markdown-text.mts';
import {DEFAULT_BUNDLE} from '../api-request/openapi-index.mts';
import {PROBLEM_TYPES_ID, problemCatalogue} from '../../src/lib/openapi/problem-types.ts';
import {operationPagePath, type OpenApiNode} from '../../src/lib/openapi/index.ts';

const SITE = {siteUrl: 'https://docs.tributary.example', baseUrl: '/docs/'};

/** A small API with the shapes the real one uses: refs, allOf, oneOf, read/write-only fields, a cycle. */
const spec = {
  openapi: '3.1.0',
  info: {
    title: 'Pets API',
    version: '2.0.0',
    description: 'Manage pets. See [Guide](/docs/Guides/Pets). Download [JSON](pathname:///docs/openapi.json).',
  },
  servers: [{url: 'https://api.example.com/v1', description: 'Production'}],
  security: [{bearerAuth: []}],
  tags: [{name: 'Pet Owners', description: 'People who own pets. They feed them.'}],
  paths: {
    '/owners/{owner_id}/pets/': {
      parameters: [{$ref: '#/components/parameters/OwnerId'}],
      post: {
        tags: ['Pet Owners'],
        operationId: 'owners_pets_create',
        summary: 'Create a pet',
        description: 'Adds a pet to an [owner](/docs/api/owners-list). Names are unique.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {$ref: '#/components/schemas/Pet'},
              examples: {Cat: {summary: 'A cat', value: {name: 'Tom', kind: {sound: 'meow'}}}},
            },
          },
        },
        responses: {
          '201': {
            description: 'The pet was created.',
            headers: {'X-Request-Id': {description: 'Request id.', schema: {type: 'string'}}},
            content: {
              'application/json': {
                schema: {$ref: '#/components/schemas/Pet'},
                examples: {Cat: {summary: 'The new cat', value: {id: 'p1', name: 'Tom'}}},
              },
            },
          },
          '404': {$ref: '#/components/responses/NotFound'},
          '409': {$ref: '#/components/responses/NotFound'},
        },
      },
    },
    '/status': {
      get: {
        operationId: 'status_retrieve',
        summary: 'Get the status',
        security: [],
        responses: {'204': {description: 'Up.'}},
      },
    },
  },
  components: {
    securitySchemes: {bearerAuth: {type: 'http', scheme: 'bearer', description: 'A personal token.'}},
    parameters: {
      OwnerId: {
        name: 'owner_id',
        in: 'path',
        required: true,
        description: 'Owner | identifier.',
        schema: {type: 'string', format: 'uuid', examples: ['o-42']},
      },
    },
    responses: {
      NotFound: {
        description: 'Not found.',
        content: {'application/problem+json': {schema: {$ref: '#/components/schemas/Problem'}, example: {status: 404}}},
      },
    },
    schemas: {
      Problem: {type: 'object', required: ['status'], properties: {status: {type: 'integer', minimum: 400}}},
      Named: {type: 'object', required: ['name'], properties: {name: {type: 'string', minLength: 1, maxLength: 30}}},
      Pet: {
        allOf: [
          {$ref: '#/components/schemas/Named'},
          {
            type: 'object',
            properties: {
              id: {type: 'string', readOnly: true, description: 'Assigned by the API.'},
              secret: {type: 'string', writeOnly: true, description: 'Microchip code.'},
              tags: {type: 'array', items: {type: 'string', enum: ['small', 'large']}, uniqueItems: true},
              kind: {
                description: 'What the pet is.',
                oneOf: [
                  {title: 'Cat', type: 'object', properties: {sound: {type: 'string', const: 'meow'}}},
                  {title: 'Dog', type: 'object', properties: {sound: {type: ['string', 'null'], default: 'woof'}}},
                ],
              },
              parent: {$ref: '#/components/schemas/Pet'},
            },
          },
        ],
      },
    },
  },
};

const api = new ApiMarkdown(spec, SITE);
const pages = api.pages();
const page = (id: string) => {
  const found = pages.find((p) => p.path === `/docs/api/${id}`);
  assert.ok(found, `no page ${id}`);
  return found;
};

test('one page for the overview, each tag, each resource object and each operation, at the generator addresses', () => {
  assert.deepEqual(
    pages.map((p) => [p.kind, p.path, p.title]),
    [
      ['overview', '/docs/api/pets-api', 'Pets API'],
      ['tag', '/docs/api/pet-owners', 'Pet Owners'],
      ['object', '/docs/api/pet-object', 'The Pet object'],
      ['operation', '/docs/api/owners-pets-create', 'Create a pet'],
      ['operation', '/docs/api/status-retrieve', 'Get the status'],
    ],
  );
  assert.equal(page('owners-pets-create').description, 'Adds a pet to an owner.');
});

test('an operation page has its title, method, path, server, auth and parameters', () => {
  const markdown = page('owners-pets-create').markdown;
  assert.match(
    markdown,
    /^# Create a pet\n\n`POST \/owners\/\{owner_id\}\/pets\/`\n\nFull URL: `https:\/\/api\.example\.com\/v1\/owners\/\{owner_id\}\/pets\/`/,
  );
  assert.match(markdown, /\[owner\]\(https:\/\/docs\.tributary\.example\/docs\/api\/owners-list\)/);
  assert.match(markdown, /- Tag: \[Pet Owners\]\(https:\/\/docs\.tributary\.example\/docs\/api\/pet-owners\)/);
  assert.match(
    markdown,
    /`bearerAuth`: HTTP bearer token, sent as `Authorization: Bearer <token>`\. A personal token\./,
  );
  assert.match(markdown, /\| `owner_id` \| path \| string \(uuid\) \| yes \| Owner \\\| identifier\. \|/);
});

test('the request body lists nested fields without read-only ones, and its examples', () => {
  const markdown = page('owners-pets-create').markdown;
  const request = markdown.slice(markdown.indexOf('## Request body'), markdown.indexOf('## Example request'));
  assert.match(request, /\| `name` \| string \| yes \| Length: 1 to 30 characters\. \|/);
  assert.match(request, /\| `secret` \| string \| no \| Microchip code\. Write-only: never returned\. \|/);
  assert.match(
    request,
    /\| `tags` \| array of string \| no \| Allowed values: `small`, `large`\. Items are unique\. \|/,
  );
  assert.match(request, /\| `kind` \| one of: Cat, Dog \| no \| What the pet is\. \|/);
  assert.match(request, /\| `kind.sound` \| string \| no \| Cat variant only\. Always `meow`\. \|/);
  assert.match(request, /\| `kind.sound` \| string or null \| no \| Dog variant only\. Default: `"woof"`\. \|/);
  assert.match(request, /\| `parent` \| object \| no \|/);
  assert.doesNotMatch(request, /`id`|`parent\.name`/, 'read-only fields and the recursive schema stay out');
  assert.match(request, /### Example: A cat\n\n```json\n\{\n {2}"name": "Tom",/);
});

test('an example request uses the example values; responses show headers, schemas once, examples', () => {
  const markdown = page('owners-pets-create').markdown;
  assert.match(
    markdown,
    /curl --request POST 'https:\/\/api\.example\.com\/v1\/owners\/o-42\/pets\/' \\\n {2}--header "Authorization: Bearer \$TRIBUTARY_TOKEN"/,
  );
  const responses = markdown.slice(markdown.indexOf('## Responses'));
  assert.match(responses, /### 201 Created\n\nThe pet was created\./);
  assert.match(responses, /\| `X-Request-Id` \| string \| Request id\. \|/);
  assert.match(responses, /\| `id` \| string \| no \| Assigned by the API\. Read-only: never sent in requests\. \|/);
  assert.doesNotMatch(responses, /`secret`/, 'write-only fields stay out of responses');
  assert.match(responses, /#### Example: The new cat/);
  assert.match(responses, /### 409 Conflict[\s\S]*Schema: `Problem`, the same as the 404 response\./);
  assert.match(responses, /#### Example: Example\n\n```json\n\{\n {2}"status": 404\n\}\n```/);
});

test('field rows show the keywords beside a $ref, the limits of array items, and each fact once', () => {
  const withFields: OpenApiNode = structuredClone(spec);
  withFields.components.schemas.Sound = {type: 'string', enum: ['meow', 'woof'], description: 'A sound.'};
  withFields.components.schemas.Pet.allOf[1].properties = {
    noise: {$ref: '#/components/schemas/Sound', deprecated: true, description: 'Use `sound`.'},
    old_noise: {$ref: '#/components/schemas/Sound', deprecated: true, description: 'Deprecated: use `sound`.'},
    urls: {type: 'array', maxItems: 5, items: {type: 'string', minLength: 8, maxLength: 2048, pattern: '^https?://'}},
    pem: {type: 'string', minLength: 0, maxLength: 20000, pattern: '^-----BEGIN'},
    kind: {type: 'string', const: 'cat', description: 'Always `cat`.'},
    owner: {
      oneOf: [
        {title: 'Person', type: 'object', properties: {name: {type: 'string'}}},
        {
          title: 'Shelter',
          oneOf: [{title: 'Shelter, public', type: 'object', properties: {city: {type: 'string'}}}],
        },
      ],
    },
  };
  const request = new ApiMarkdown(withFields, SITE)
    .pages()
    .find((p) => p.path === '/docs/api/owners-pets-create')!
    .markdown.split('## Example request')[0];
  const row = (field: string) => request.split('\n').filter((line) => line.startsWith(`| \`${field}\` |`));
  assert.deepEqual(row('noise'), [
    '| `noise` | string | no | Deprecated. Use `sound`. Allowed values: `meow`, `woof`. |',
  ]);
  assert.deepEqual(row('old_noise'), [
    '| `old_noise` | string | no | Deprecated: use `sound`. Allowed values: `meow`, `woof`. |',
  ]);
  assert.deepEqual(row('urls'), [
    '| `urls` | array of string | no | Up to 5 items. Each item: Length: 8 to 2048 characters. Pattern: `^https?://`. |',
  ]);
  assert.deepEqual(row('pem'), ['| `pem` | string | no | Up to 20000 characters. Pattern: `^-----BEGIN`. |']);
  assert.deepEqual(row('kind'), ['| `kind` | string | no | Always `cat`. |']);
  assert.deepEqual(row('owner.city'), [
    '| `owner.city` | string | no | Shelter variant only. Shelter, public variant only. |',
  ]);
});

test('an operation without credentials or body says so', () => {
  const markdown = page('status-retrieve').markdown;
  assert.match(markdown, /## Authentication\n\nNone: this operation needs no credentials\./);
  assert.match(markdown, /### 204 No Content\n\nUp\.\n\nNo response body\./);
  assert.doesNotMatch(markdown, /Authorization: Bearer/);
});

test('the overview and tag pages list servers, resources and operations', () => {
  assert.match(page('pets-api').markdown, /- `https:\/\/api\.example\.com\/v1`: Production/);
  assert.match(page('pets-api').markdown, /\[Guide\]\(https:\/\/docs\.tributary\.example\/docs\/Guides\/Pets\)/);
  assert.match(page('pets-api').markdown, /\[JSON\]\(https:\/\/docs\.tributary\.example\/docs\/openapi\.json\)/);
  assert.match(page('pets-api').markdown, /\[JSON\]\(https:\/\/docs\.tributary\.example\/docs\/openapi\.json\)/);
  assert.match(
    page('pet-owners').markdown,
    /- \[Create a pet\]\(https:\/\/docs\.tributary\.example\/docs\/api\/owners-pets-create\): `POST \/owners\/\{owner_id\}\/pets\/`\. Adds a pet to an owner\./,
  );
});

test('summarize keeps the first sentence and drops link targets', () => {
  assert.equal(summarize('See [the guide](/docs/x). More text.'), 'See the guide.');
  assert.equal(summarize('No full stop'), 'No full stop');
});

test('every operation of the real OpenAPI bundle gets a page with its method, path and an example', () => {
  const real = JSON.parse(readFileSync(DEFAULT_BUNDLE, 'utf8'));
  const realPages = new ApiMarkdown(real, SITE).pages().filter((p) => p.kind === 'operation');
  const operationIds = Object.values(real.paths as Record<string, Record<string, {operationId?: string}>>).flatMap(
    (item) => Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])),
  );
  const pagePaths = new Set(realPages.map((realPage) => realPage.path));
  assert.deepEqual(
    operationIds.filter((id) => !pagePaths.has(operationPagePath(id))),
    [],
    'operations without a Markdown page',
  );
  assert.equal(pagePaths.size, realPages.length, 'one page per operation');
  for (const realPage of realPages) {
    assert.match(realPage.markdown, /^# .+\n\n`(GET|POST|PUT|PATCH|DELETE) \/\S*`/, realPage.path);
    assert.match(realPage.markdown, /```json\n/, `${realPage.path} has no JSON example`);
  }
});

test('the Problem types page of the real bundle has its Markdown twin, one section per type', () => {
  const real = JSON.parse(readFileSync(DEFAULT_BUNDLE, 'utf8'));
  const catalogue = problemCatalogue(real)!;
  const twin = new ApiMarkdown(real, SITE).pages().find((p) => p.kind === 'problem-types');
  assert.ok(twin, 'a problem-types page');
  assert.equal(twin.path, `/docs/api/${PROBLEM_TYPES_ID}`);
  const sections = twin.markdown.split('\n## ').slice(1);
  assert.deepEqual(
    sections.map((section) => section.split('\n')[0]),
    catalogue.types.map((type) => `${type.title} {#${type.slug}}`),
    'one section per problem type, in catalogue order, with the id of its section on the page',
  );
  const rows = [...twin.markdown.matchAll(/^\| (\d{3}) \| `([\w-]+)` \|/gm)].map(
    ([, status, slug]) => `${status} ${slug}`,
  );
  assert.equal(rows.length, catalogue.types.length, 'one table row per type');
  assert.deepEqual(rows, [...rows].sort(), 'the table lists the types by status, then by type');
  for (const [i, type] of catalogue.types.entries()) {
    assert.ok(sections[i].includes(`- Type: \`${type.uri}\``), `${type.slug}: its URI`);
    assert.ok(sections[i].includes(`- Status: ${type.status} `), `${type.slug}: its status`);
  }
});

test('a webhook is described on its tag page: headers, body fields, examples and expected answers', () => {
  const real = JSON.parse(readFileSync(DEFAULT_BUNDLE, 'utf8'));
  const pages = new ApiMarkdown(real, SITE).pages();
  const channels = pages.find((p) => p.path === '/docs/api/alert-channels')!.markdown;
  assert.match(channels, /## Webhooks\n\n### Alert notification\n\nTributary sends `POST` requests to your endpoint\./);
  assert.match(channels, /\| `X-Tributary-Signature` \| string \| yes \| `t=<unix time>,v1=<signature>`/);
  assert.match(channels, /\| `notification_id` \| string \(uuid\) \| yes \|/);
  assert.match(channels, /#### Example: A provider-down alert triggers\n\n```json\n/);
  assert.match(channels, /- `200`: Your endpoint accepted the notification\./);
  // Not an operation page, and tags without webhooks have no such section.
  assert.ok(!pages.some((p) => p.path.includes('alert-notification')));
  assert.doesNotMatch(pages.find((p) => p.path === '/docs/api/alerts')!.markdown, /## Webhooks/);
});

test('an object page lists its fields as returned, and the operations that take or return it link it', () => {
  const markdown = page('pet-object').markdown;
  assert.match(markdown, /^# The Pet object\n/);
  assert.match(
    markdown,
    /## Fields\n\nSchema: `Pet`, as the API returns it\.\n\n\| Field \| Type \| Required \| Description \|/,
  );
  assert.match(
    markdown,
    /## Operations\n\n- \[Create a pet\]\(https:\/\/docs\.tributary\.example\/docs\/api\/owners-pets-create\)/,
  );
  assert.match(
    page('owners-pets-create').markdown,
    /Returns: \[Pet object\]\(https:\/\/docs\.tributary\.example\/docs\/api\/pet-object\)\./,
  );
  assert.match(page('pet-owners').markdown, /## Objects\n\n- \[The Pet object\]\(/);
});

test('a partial update links the object its merge patch changes', () => {
  const real = JSON.parse(readFileSync(DEFAULT_BUNDLE, 'utf8'));
  const pages = new ApiMarkdown(real, SITE).pages();
  const update = pages.find((p) => p.path === '/docs/api/services-origins-partial-update')!.markdown;
  assert.match(
    update,
    /## Request body\n\n[^#]*Takes: changes to the \[Origin object\]\(https:\/\/docs\.tributary\.example\/docs\/api\/origin-object\)\./,
  );
});
