// The generic resource operations (./resource-operations.mts), in-process with a test clock: state
// kept across calls, ETags and If-Match, write-only secrets, cursor pagination and the per-collection cap.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {LIMITS} from './store.mts';
import {CLOUDFLARE, problemSlug, sandboxForFile, SERVICE_ID} from './test-support.mts';

const sandbox = sandboxForFile();
const {send, mint} = sandbox;

test('create, list, retrieve, replace, merge-patch and delete keep state, with Location and ETag', () => {
  const token = mint();
  const created = send(token, 'POST', '/services/', {body: {name: 'shop', template: 'DEFAULT'}});
  assert.equal(created.status, 201);
  const id = created.json.id;
  assert.equal(created.headers.Location, `http://sandbox.test/docs/sandbox/api/v1/services/${id}/`);
  assert.match(created.headers.ETag, /^"[0-9a-f]{16}"$/);
  assert.match(created.json.cname, /^[a-z0-9]{8}\.edge\.tributary\.example$/);
  assert.equal(created.json.status, 'not_deployed');
  assert.deepEqual(
    send(token, 'GET', '/services/').json.results.map((service: {id: string}) => service.id),
    [id],
  );
  assert.equal(send(token, 'GET', `/services/${id}/`).json.name, 'shop');
  const patched = send(token, 'PATCH', `/services/${id}/`, {body: {name: 'shop-eu'}});
  assert.equal(patched.status, 200);
  assert.equal(patched.json.template, 'DEFAULT', 'a field the patch leaves out keeps its value');
  assert.notEqual(patched.headers.ETag, created.headers.ETag);
  assert.equal(
    send(token, 'PUT', `/services/${id}/`, {body: {name: 'shop-us', template: 'DEFAULT'}}).json.name,
    'shop-us',
  );
  assert.equal(send(token, 'DELETE', `/services/${id}/`).status, 204);
  assert.equal(send(token, 'GET', `/services/${id}/`).status, 404);
});

test('If-Match with a stale ETag gets 412 and changes nothing', () => {
  const token = mint('example-world');
  const current = send(token, 'GET', `/services/${SERVICE_ID}/`);
  const stale = send(token, 'PATCH', `/services/${SERVICE_ID}/`, {
    body: {name: 'a'},
    headers: {'If-Match': '"0000000000000000"'},
  });
  assert.equal(stale.status, 412);
  assert.equal(problemSlug(stale.json), 'precondition-failed');
  const fresh = send(token, 'PATCH', `/services/${SERVICE_ID}/`, {
    body: {name: 'b'},
    headers: {'If-Match': current.headers.ETag},
  });
  assert.equal(fresh.status, 200);
  assert.equal(fresh.json.name, 'b');
});

test('write-only secrets are never returned', () => {
  const token = mint();
  const account = send(token, 'POST', '/account-providers/', {body: CLOUDFLARE}).json;
  assert.equal(account.credentials, undefined);
  assert.equal(
    JSON.stringify(send(token, 'GET', `/account-providers/${account.id}/`).json).includes(
      CLOUDFLARE.credentials.api_token,
    ),
    false,
  );
});

test('cursor pagination follows `next` to the last page, which has next null', () => {
  const token = mint();
  for (let index = 0; index < 5; index += 1)
    send(token, 'POST', '/services/', {body: {name: `s${index}`, template: 'DEFAULT'}});
  const seen: string[] = [];
  let next: string | null = '/services/?page_size=2';
  while (next) {
    const answer: {results: {name: string}[]; next: string | null} = send(
      token,
      'GET',
      next.replace('http://sandbox.test/docs/sandbox/api/v1', ''),
    ).json as never;
    seen.push(...answer.results.map((service) => service.name));
    next = answer.next;
  }
  assert.deepEqual(seen, ['s0', 's1', 's2', 's3', 's4']);
});

test('a sandbox holds at most so many objects per collection (limit-exceeded)', () => {
  const token = mint();
  for (let index = 0; index < LIMITS.objectsPerCollection; index += 1)
    assert.equal(
      send(token, 'POST', '/certificates/', {body: {type: 'managed', domains: [`h${index}.example.com`]}}).status,
      201,
    );
  const over = send(token, 'POST', '/certificates/', {body: {type: 'managed', domains: ['over.example.com']}});
  assert.equal(over.status, 409);
  assert.equal(problemSlug(over.json), 'limit-exceeded');
});
