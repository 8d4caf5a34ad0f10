import {afterEach, test} from 'node:test';
import assert from 'node:assert/strict';
import {isLazySchema, pageSchemas} from './lazy.ts';

const address = new URL('http://site.example/docs/assets/data/gardens-create.api.0a1b2c3d.json');
const views = [{type: 'object'}, {type: 'string'}];
let fetches: string[] = [];

function withFetch(answer: () => Promise<Response>) {
  fetches = [];
  globalThis.fetch = (async (input: URL) => {
    fetches.push(String(input));
    return answer();
  }) as typeof fetch;
}

/** The document as Docusaurus leaves it: `data-has-hydrated` "false" in the HTML, "true" once hydrated. */
function withDocument(hydrated: 'true' | 'false') {
  Object.assign(globalThis, {document: {documentElement: {getAttribute: () => hydrated}}});
}

afterEach(() => {
  delete (globalThis as {document?: unknown}).document;
});

test('on a first load nothing is fetched until a schema is asked for, then the page’s JSON once', async () => {
  withFetch(async () => Response.json(views));
  withDocument('false');
  const schemas = pageSchemas(address, 2);
  assert.equal(schemas.length, 2);
  assert.ok(schemas.every(isLazySchema));
  assert.deepEqual(fetches, []);
  assert.equal(schemas[1].load(), schemas[1].load(), 'one promise per schema, as React’s use() needs');
  assert.deepEqual(await schemas[1].load(), {type: 'string'});
  assert.deepEqual(await schemas[0].load(), {type: 'object'});
  assert.deepEqual(schemas[0].view, {type: 'object'});
  assert.deepEqual(fetches, [address.href]);
});

test('a page opened in the app fetches its schemas at once', async () => {
  withFetch(async () => Response.json(views));
  withDocument('true');
  const schemas = pageSchemas(address, 2);
  assert.deepEqual(fetches, [address.href]);
  await schemas[0].load();
  assert.deepEqual(schemas[1].view, {type: 'string'});
});

test('a fetch that fails gives null, which the section reports, and no rejection', async (t) => {
  const logged = t.mock.method(console, 'error', () => undefined);
  withFetch(async () => new Response('gone', {status: 404}));
  withDocument('true');
  const schemas = pageSchemas(address, 1);
  assert.equal(await schemas[0].load(), null);
  assert.equal(schemas[0].view, null);
  assert.match(String(logged.mock.calls[0].arguments[1]), /answered 404/);
  assert.equal(isLazySchema({type: 'object'}), false);
});
