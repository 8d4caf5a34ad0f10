// The engine as a whole, in-process (no HTTP): sandboxes kept apart, state kept across a restart,
// idle sandboxes deleted, and no network connection of its own.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {IDLE_EXPIRY_MS, Store} from './store.mts';
import {SandboxEngine} from './engine.mts';
import {sandboxForFile, sharedSpec} from './test-support.mts';

const sandbox = sandboxForFile();
const {send, mint, clock} = sandbox;

test("two sandboxes never see each other's objects", () => {
  const first = mint();
  const second = mint();
  const service = send(first, 'POST', '/services/', {body: {name: 'mine', template: 'DEFAULT'}}).json;
  assert.deepEqual(send(second, 'GET', '/services/').json.results, []);
  assert.equal(send(second, 'GET', `/services/${service.id}/`).status, 404);
  assert.equal(send(second, 'DELETE', `/services/${service.id}/`).status, 404);
  assert.equal(send(first, 'GET', `/services/${service.id}/`).status, 200);
});

test('state survives a restart, and a sandbox idle for 30 days is deleted', () => {
  const file = path.join(sandbox.dir, 'restart.db');
  const first = new Store(file);
  const engine = new SandboxEngine(first, sharedSpec());
  const {token} = first.createSandbox(null, clock.now);
  const request = (method: string, body?: unknown) =>
    engine.handle(
      {
        method,
        version: 'v1',
        path: '/services/',
        query: new URLSearchParams(),
        headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json'},
        body,
        apiBase: 'http://x/docs/sandbox/api',
      },
      'r',
      clock.now,
    );
  request('POST', {name: 'kept', template: 'DEFAULT'});
  first.close();
  const second = new Store(file);
  const reopened = new SandboxEngine(second, sharedSpec());
  const answer = reopened.handle(
    {
      method: 'GET',
      version: 'v1',
      path: '/services/',
      query: new URLSearchParams(),
      headers: {authorization: `Bearer ${token}`},
      apiBase: 'http://x/docs/sandbox/api',
    },
    'r',
    clock.now,
  );
  assert.deepEqual(
    (answer.body as {results: {name: string}[]}).results.map((service) => service.name),
    ['kept'],
  );
  assert.equal(second.expireIdle(clock.now + IDLE_EXPIRY_MS - 1), 0);
  assert.equal(second.expireIdle(clock.now + IDLE_EXPIRY_MS + 1), 1);
  assert.equal(second.findToken(token), undefined);
  second.close();
});

test('the sandbox code opens no network connection of its own', () => {
  const files = [
    'engine.mts',
    'access.mts',
    'rate-limit.mts',
    'request-checks.mts',
    'idempotency.mts',
    'resource-operations.mts',
    'http.mts',
    'store.mts',
    'world.mts',
    'main.mts',
    'rules/account.mts',
    'rules/lifecycle.mts',
    'rules/purges.mts',
  ];
  for (const file of files) {
    const source = readFileSync(path.join(import.meta.dirname, file), 'utf8');
    assert.doesNotMatch(
      source,
      /\bfetch\(|http\.request|https\.request|node:net|node:dgram|node:tls|new WebSocket/,
      file,
    );
  }
});
