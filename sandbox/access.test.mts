// Who may send a request (./access.mts): sandbox tokens, a missing or unknown one, roles and
// service restrictions.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {problemSlug, sandboxForFile, SERVICE_ID} from './test-support.mts';

const sandbox = sandboxForFile();
const {send, mint} = sandbox;

test('tokens are long and random, and only their hash is stored', () => {
  const token = mint();
  assert.match(token, /^sbx_[A-Za-z0-9_-]{43}$/);
  const stored = sandbox.store.db.prepare('SELECT token_hash FROM tokens').all() as {token_hash: string}[];
  assert.ok(stored.every((row) => row.token_hash !== token && /^[0-9a-f]{64}$/.test(row.token_hash)));
});

test('an unknown or missing token gets 401 problem+json', () => {
  const answer = send('sbx_unknown', 'GET', '/services/');
  assert.equal(answer.status, 401);
  assert.equal(answer.headers['Content-Type'], 'application/problem+json');
  assert.equal(problemSlug(answer.json), 'unauthorized');
  assert.equal(answer.json.request_id, 'test-request');
});

test('roles: a Viewer token reads but gets 403 on writes; a restricted token sees only its services', () => {
  const admin = mint('example-world');
  const viewer = send(admin, 'POST', '/access-tokens/', {body: {name: 'read-only', role: 'viewer'}});
  assert.equal(viewer.status, 201);
  assert.match(viewer.json.token, /^trb_/);
  assert.equal(viewer.headers['Cache-Control'], 'no-store');
  assert.equal(
    send(admin, 'GET', `/access-tokens/${viewer.json.id}/`).json.token,
    undefined,
    'the secret is shown once',
  );
  assert.equal(send(viewer.json.token, 'GET', '/services/').status, 200);
  const refused = send(viewer.json.token, 'POST', '/services/', {body: {name: 'nope', template: 'DEFAULT'}});
  assert.equal(refused.status, 403);
  assert.equal(problemSlug(refused.json), 'forbidden');
  const other = send(admin, 'POST', '/services/', {body: {name: 'other', template: 'DEFAULT'}}).json;
  const restricted = send(admin, 'POST', '/access-tokens/', {
    body: {name: 'one-service', role: 'editor', service_ids: [SERVICE_ID]},
  }).json;
  assert.equal(send(restricted.token, 'GET', `/services/${SERVICE_ID}/`).status, 200);
  assert.equal(send(restricted.token, 'GET', `/services/${other.id}/`).status, 404);
  assert.equal(
    send(restricted.token, 'POST', '/certificates/', {body: {type: 'managed', domains: ['a.example.com']}}).status,
    403,
  );
  const whoami = send(restricted.token, 'GET', '/access-tokens/current/');
  assert.equal(whoami.json.role, 'editor');
  assert.deepEqual(whoami.json.service_ids, [SERVICE_ID]);
  send(admin, 'DELETE', `/access-tokens/${restricted.id}/`);
  assert.equal(send(restricted.token, 'GET', `/services/${SERVICE_ID}/`).status, 401, 'a revoked token stops working');
});
