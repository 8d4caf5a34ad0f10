// Idempotency-Key replay (./idempotency.mts), in-process with a test clock.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {problemSlug, sandboxForFile} from './test-support.mts';

const {send, mint} = sandboxForFile();

test('Idempotency-Key: a replay answers the first response with Idempotent-Replayed, once created', () => {
  const token = mint();
  const headers = {'Idempotency-Key': 'create-www-1'};
  const first = send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}, headers});
  assert.equal(first.status, 201);
  assert.equal(first.headers['Idempotent-Replayed'], undefined, 'a first request is not a replay');
  const replay = send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}, headers});
  assert.equal(replay.status, 201);
  assert.equal(replay.headers['Idempotent-Replayed'], 'true');
  assert.equal(replay.json.id, first.json.id);
  assert.equal(send(token, 'GET', '/services/').json.results.length, 1);
  const otherBody = send(token, 'POST', '/services/', {body: {name: 'www-2', template: 'DEFAULT'}, headers});
  assert.equal(otherBody.status, 422);
  assert.equal(problemSlug(otherBody.json), 'idempotency-key-mismatch');
  const otherPath = send(token, 'POST', '/certificates/', {
    body: {type: 'managed', domains: ['www.example.com']},
    headers,
  });
  assert.equal(otherPath.status, 422);
  assert.equal(problemSlug(otherPath.json), 'idempotency-key-mismatch');
  assert.equal(send(token, 'GET', '/certificates/').json.results.length, 0, 'nothing stored');
});
