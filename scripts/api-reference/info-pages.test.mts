import {test} from 'node:test';
import assert from 'node:assert/strict';
import {loadSpec} from '../../src/lib/openapi/load.ts';
import type {OpenApiNode} from '../../src/lib/openapi/index.ts';
import {miniSpec, sidebarItems} from './mini-spec.mts';
import {PROBLEM_TYPES_ID, problemCatalogue} from '../../src/lib/openapi/problem-types.ts';
import {buildReference} from './reference.mts';

test('the Problem types page has one section per type of the catalogue, after the overview in the sidebar', () => {
  const spec = loadSpec();
  const catalogue = problemCatalogue(spec)!;
  assert.ok(catalogue.types.length > 0, 'the bundle includes x-problem-types');
  const files = buildReference(spec);
  const page = files.get(`${PROBLEM_TYPES_ID}.info.mdx`)!;
  const sections = [...page.matchAll(/^## .+ \{#([\w-]+)\}$/gm)].map((match) => match[1]);
  assert.deepEqual(
    sections,
    catalogue.types.map((type) => type.slug),
  );
  const rows = [...page.matchAll(/^\| (\d{3}) \| \[`([\w-]+)`\]\(#\2\) \|/gm)].map(
    ([, status, slug]) => `${status} ${slug}`,
  );
  assert.equal(rows.length, catalogue.types.length, 'one table row per type, linking its section');
  assert.deepEqual(rows, [...rows].sort(), 'the table lists the types by status, then by type');
  for (const type of catalogue.types) {
    assert.ok(page.includes(`**Type:** \`${type.uri}\``), `${type.slug}: its URI`);
    assert.match(
      page,
      new RegExp(`\\{#${type.slug}\\}\\n\\n\\*\\*Status:\\*\\* \`${type.status} `),
      `${type.slug}: its status`,
    );
  }
  const items = sidebarItems(files);
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
  const withTypes = (spec: OpenApiNode): OpenApiNode => ({
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
  const page = buildReference(spec).get(`${PROBLEM_TYPES_ID}.info.mdx`)!;
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
