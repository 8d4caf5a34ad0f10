// The outside world (./lifecycle.mts), through the sandbox in-process: a managed certificate's DNS
// challenge, settled by the test helpers.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {sandboxForFile} from '../test-support.mts';
import {settle} from './lifecycle.mts';

const sandbox = sandboxForFile();
const {send, mint, clock} = sandbox;

test('a managed certificate waits for its DNS challenge; the test helpers issue or fail it at once', () => {
  const token = mint();
  const certificate = send(token, 'POST', '/certificates/', {
    body: {type: 'managed', domains: ['www.example.com', '*.example.com']},
  }).json;
  assert.equal(certificate.status, 'pending_validation');
  assert.deepEqual(
    certificate.challenge_records.map((record: {record_name: string}) => record.record_name),
    ['_acme-challenge.www.example.com', '_acme-challenge.example.com'],
  );
  const sandboxId = sandbox.store.findToken(token)!.sandboxId;
  assert.equal(settle(sandbox.store, sandboxId, 'success', certificate.id, clock.now), 1);
  const issued = send(token, 'GET', `/certificates/${certificate.id}/`).json;
  assert.equal(issued.status, 'issued');
  assert.ok(issued.not_after > issued.not_before);
  const other = send(token, 'POST', '/certificates/', {body: {type: 'managed', domains: ['shop.example.com']}}).json;
  settle(sandbox.store, sandboxId, 'failure', other.id, clock.now);
  assert.equal(send(token, 'GET', `/certificates/${other.id}/`).json.status, 'failed');
});

test('new hostnames of a managed certificate get challenge records, the others keep theirs', () => {
  const token = mint();
  const created = send(token, 'POST', '/certificates/', {
    body: {type: 'managed', domains: ['www.example.com', 'example.com']},
  }).json;
  const sandboxId = sandbox.store.findToken(token)!.sandboxId;
  settle(sandbox.store, sandboxId, 'success', created.id, clock.now);
  const updated = send(token, 'PUT', `/certificates/${created.id}/`, {
    body: {type: 'managed', name: created.name, domains: ['www.example.com', 'static.example.com']},
  }).json;
  assert.equal(updated.status, 'pending_validation');
  const records = updated.challenge_records as {record_name: string; record_value: string; validated: boolean}[];
  assert.deepEqual(
    records.map((record) => [record.record_name, record.validated]),
    [
      ['_acme-challenge.www.example.com', true],
      ['_acme-challenge.static.example.com', false],
    ],
  );
  assert.equal(records[0].record_value, (created.challenge_records as {record_value: string}[])[0].record_value);
});

test('updating a failed managed certificate with the same hostnames retries its validation', () => {
  const token = mint();
  const created = send(token, 'POST', '/certificates/', {body: {type: 'managed', domains: ['retry.example.com']}}).json;
  const sandboxId = sandbox.store.findToken(token)!.sandboxId;
  settle(sandbox.store, sandboxId, 'failure', created.id, clock.now);
  assert.equal(send(token, 'GET', `/certificates/${created.id}/`).json.status, 'failed');
  const retried = send(token, 'PUT', `/certificates/${created.id}/`, {
    body: {type: 'managed', name: created.name, domains: ['retry.example.com']},
  }).json;
  assert.equal(retried.status, 'pending_validation');
  assert.equal(settle(sandbox.store, sandboxId, 'success', created.id, clock.now), 1);
  assert.equal(send(token, 'GET', `/certificates/${created.id}/`).json.status, 'issued');
});
