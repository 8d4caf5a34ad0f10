// Every keyword of a schema that limits or describes a value (deprecated, lengths, pattern, bounds,
// enum, default, item counts, uniqueness, format, read-only, write-only, const) is shown, at any
// depth and on array items, on every operation page and object page and in its Markdown twin: each
// keyword the walk finds (./keyword-expectations.mts) is looked for, in its rendered form, in the row
// of its property, in the HTML the build's components render from the generated page and in the
// Markdown twin that plugins/llms-txt writes from the bundle (./rendered-rows.mts).
import {before, test} from 'node:test';
import assert from 'node:assert/strict';
import type {OpenApiNode} from '../../src/lib/openapi/index.ts';
import {loadSpec} from '../../src/lib/openapi/load.ts';
import {ApiMarkdown} from '../../plugins/llms-txt/openapi-markdown.mts';
import {Expectations, type Expectation} from './keyword-expectations.mts';
import {listObjects} from './objects.mts';
import {listOperations} from './operations.mts';
import {buildReference} from './reference.mts';
import {pageRows, twinPart, twinRows, type Rows} from './rendered-rows.mts';
import {loadApiComponents, type ApiComponents} from './static-render.mts';

const SITE = {siteUrl: 'https://docs.tributary.example', baseUrl: '/docs/'};

/** What `rows` lacks of `expectations`, as readable lines. */
function missing(
  page: string,
  where: 'page' | 'twin',
  expectations: Expectation[],
  rowsOf: (section: string) => Rows | undefined,
): string[] {
  return expectations.flatMap((expectation) => {
    const candidates = rowsOf(expectation.section)?.get(expectation.path) ?? [];
    const check = where === 'page' ? expectation.html : expectation.twin;
    if (candidates.some(check)) return [];
    const field = expectation.path || '(the schema itself)';
    const problem = candidates.length ? `no ${expectation.what}` : `no row at all (looked for ${expectation.what})`;
    return [`${page} ${where}, ${expectation.section} › ${field}: ${problem}`];
  });
}

let spec: OpenApiNode;
let files: Map<string, string>;
let twins: Map<string, string>;
let components: ApiComponents;

before(async () => {
  spec = loadSpec();
  files = buildReference(spec);
  twins = new Map(
    new ApiMarkdown(spec, SITE).pages().map((page) => [page.path.replace(`${SITE.baseUrl}api/`, ''), page.markdown]),
  );
  components = await loadApiComponents();
});

function check(page: string, file: string, expectations: Expectation[]): string[] {
  assert.ok(files.has(file), `${file} is generated`);
  assert.ok(twins.has(page), `${page} has a Markdown twin`);
  const html = pageRows(files, file, components);
  const twin = twinRows(twins.get(page)!);
  return [
    ...missing(page, 'page', expectations, (section) => html.get(section)),
    ...missing(page, 'twin', expectations, (section) => twin.get(twinPart(section))),
  ];
}

test('every operation page and its twin show every keyword of its parameters, body and response schemas', () => {
  const problems: string[] = [];
  let checked = 0;
  for (const entry of listOperations(spec)) {
    const expectations = new Expectations(spec);
    expectations.operation(entry);
    checked += expectations.list.length;
    problems.push(...check(entry.id, `${entry.id}.api.mdx`, expectations.list));
  }
  assert.ok(checked > 1000, `only ${checked} keywords found: is the walk broken?`);
  assert.deepEqual(problems, [], 'keywords missing from operation pages or their Markdown twins');
});

test('every object page and its twin show every keyword of its fields', () => {
  const problems: string[] = [];
  for (const object of listObjects(spec)) {
    const expectations = new Expectations(spec);
    expectations.schema(
      `Fields of the ${object.name} object`,
      {$ref: `#/components/schemas/${object.name}`},
      'response',
      {
        prune: true,
      },
    );
    problems.push(...check(object.id, `${object.id}.object.mdx`, expectations.list));
  }
  assert.deepEqual(problems, [], 'keywords missing from object pages or their Markdown twins');
});

test('the walk finds keywords beside a $ref and in array items', () => {
  const found = (expectations: Expectations, path: string, what: string) =>
    expectations.list.some((expectation) => expectation.path === path && expectation.what === what);
  const operation = (id: string) => {
    const entry = listOperations(spec).find((candidate) => candidate.id === id);
    assert.ok(entry, id);
    const expectations = new Expectations(spec);
    expectations.operation(entry);
    return expectations;
  };
  const purgeObject = new Expectations(spec);
  purgeObject.schema('Fields of the Purge object', {$ref: '#/components/schemas/Purge'}, 'response', {prune: true});
  assert.ok(found(operation('account-providers-create'), 'type', 'deprecated'), 'deprecated beside a $ref');
  assert.ok(found(purgeObject, 'providers[].provider', 'deprecated'), 'deprecated beside a $ref, in array items');
  assert.ok(
    found(operation('purge'), 'urls', 'maxLength 2048'),
    'a constraint of array items, in the row of the array',
  );
  assert.ok(found(operation('purge-tags'), 'tags', 'pattern ^[^\\s,]+$'), 'a pattern of array items');
});
