import {test} from 'node:test';
import assert from 'node:assert/strict';
import {schemasApart, withSchemasApart} from './page-schemas.mts';

const page = [
  '---',
  'id: gardens-create',
  '---',
  '',
  "import ApiEndpoint from '@site/src/components/ApiEndpoint';",
  "import ApiSchema from '@site/src/components/ApiSchema';",
  '',
  'Creates a garden.',
  '',
  '<ApiSchema label="Request body" schema={{"type":"object","description":"\\u003cp>A garden.\\u003c/p>"}} />',
  '',
  '<ApiSchema label={"201 response body"} schema={{"type":"string"}} />',
  '',
].join('\n');

test('each schema of a page moves to its data, in order, and the page imports them', () => {
  const {mdx, schemas} = schemasApart('gardens-create.api.mdx', page);
  assert.deepEqual(schemas, [{type: 'object', description: '<p>A garden.</p>'}, {type: 'string'}]);
  assert.match(mdx, /^import ApiSchema from .*;\nimport pageSchemas from '@api-page-schemas\/gardens-create\.api';$/m);
  assert.match(mdx, /^<ApiSchema label="Request body" schema=\{pageSchemas\[0\]\} \/>$/m);
  assert.match(mdx, /^<ApiSchema label=\{"201 response body"\} schema=\{pageSchemas\[1\]\} \/>$/m);
  assert.doesNotMatch(mdx, /"type"/);
});

test('a page without schemas is left as it is, and a schema that is not JSON names its page', () => {
  assert.deepEqual(schemasApart('overview.info.mdx', 'No fields.\n'), {mdx: 'No fields.\n', schemas: []});
  assert.throws(
    () => schemasApart('broken.api.mdx', page.replace('{"type":"string"}', '{type: string}')),
    /broken\.api\.mdx: an <ApiSchema> schema is not JSON/,
  );
});

test('the reference gets the data and the browser module of each page with schemas', () => {
  const files = withSchemasApart(
    new Map([
      ['gardens-create.api.mdx', page],
      ['overview.info.mdx', 'No fields.\n'],
      ['sidebar.ts', 'export default [];\n'],
    ]),
  );
  assert.deepEqual(
    [...files.keys()],
    [
      'gardens-create.api.mdx',
      'schemas/data/gardens-create.api.json',
      'schemas/load/gardens-create.api.ts',
      'overview.info.mdx',
      'sidebar.ts',
    ],
  );
  assert.equal(JSON.parse(files.get('schemas/data/gardens-create.api.json')!).length, 2);
  assert.match(
    files.get('schemas/load/gardens-create.api.ts')!,
    /pageSchemas\(new URL\('\.\.\/data\/gardens-create\.api\.json', import\.meta\.url\), 2\)/,
  );
});
