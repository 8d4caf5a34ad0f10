// Config versions (./config-versions.mts), through the sandbox in-process with a test clock: saved
// on each change, rolled out after the delay, and a failed rollout leaving the previous version live.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {sandboxForFile, serviceWithProvider} from '../test-support.mts';
import {settle} from './lifecycle.mts';

const sandbox = sandboxForFile();
const {send, clock} = sandbox;

test('config versions: each change saves one, rolled out after the delay (current, target, active)', () => {
  const {token, service} = serviceWithProvider(sandbox);
  const origin = send(token, 'POST', `/services/${service.id}/origins/`, {
    body: {name: 'web', host: 'origin.example.com', protocol: 'https'},
  });
  const saved = Number(origin.headers['Tributary-Config-Version']);
  assert.ok(saved >= 3, `version ${saved}`);
  const target = send(token, 'GET', `/services/${service.id}/service-config/target/`).json;
  assert.equal(target.version, saved);
  assert.equal(target.state, 'deploying');
  assert.equal(send(token, 'GET', `/services/${service.id}/service-config/active/`).status, 404);
  clock.now += 10_001;
  const active = send(token, 'GET', `/services/${service.id}/service-config/active/`).json;
  assert.equal(active.version, saved);
  assert.equal(active.state, 'active');
  const current = send(token, 'GET', `/services/${service.id}/`).json;
  assert.deepEqual([current.status, current.current_version, current.active_version], ['deployed', saved, saved]);
});

test('a failed rollout, made with the test helper, leaves the previous version active', () => {
  const {token, service} = serviceWithProvider(sandbox);
  clock.now += 10_001;
  const before = send(token, 'GET', `/services/${service.id}/`).json.active_version;
  const change = send(token, 'POST', `/services/${service.id}/origins/`, {
    body: {name: 'web', host: 'origin.example.com', protocol: 'https'},
  });
  const sandboxId = sandbox.store.findToken(token)!.sandboxId;
  assert.ok(settle(sandbox.store, sandboxId, 'failure', undefined, clock.now) >= 1);
  const version = send(
    token,
    'GET',
    `/services/${service.id}/service-config/${change.headers['Tributary-Config-Version']}/`,
  ).json;
  assert.equal(version.state, 'failed');
  assert.equal(version.deployments[0].status, 'failed');
  const after = send(token, 'GET', `/services/${service.id}/`).json;
  assert.equal(after.active_version, before);
  assert.equal(after.status, 'deployment_failed');
});

test('a rollback restores the version and names each setting it changes', () => {
  const {token, service} = serviceWithProvider(sandbox);
  const origins = `/services/${service.id}/origins/`;
  const web = send(token, 'POST', origins, {body: {name: 'web', host: 'origin.example.com', protocol: 'https'}});
  const before = Number(web.headers['Tributary-Config-Version']);
  send(token, 'PATCH', `${origins}${web.json.id}/`, {body: {host: 'origin-2.example.com'}});
  const extra = send(token, 'POST', origins, {
    body: {name: 'extra', host: 'extra.example.com', protocol: 'https'},
  }).json;
  const rollback = send(token, 'POST', `/services/${service.id}/service-config/`, {body: {from_version: before}});
  assert.equal(rollback.status, 201);
  assert.equal(rollback.json.rolled_back_from, before);
  const changes = rollback.json.changes as {resource_type: string; resource_id: string; action: string}[];
  assert.deepEqual(
    changes.map((change) => [change.resource_type, change.resource_id, change.action]).sort(),
    [
      ['origins', extra.id, 'deleted'],
      ['origins', web.json.id, 'updated'],
    ].sort(),
  );
  const restored = send(token, 'GET', origins).json.results as {id: string; host: string}[];
  assert.deepEqual(
    restored.map((origin) => [origin.id, origin.host]),
    [[web.json.id, 'origin.example.com']],
  );
  const unknown = send(token, 'POST', `/services/${service.id}/service-config/`, {body: {from_version: 999}});
  assert.equal(unknown.status, 404);
});
