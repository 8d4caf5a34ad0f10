// What a request must pass before anything runs (./request-checks.mts, and the engine's 404 and
// 405): each bad input gets its problem type, and a refused request stores nothing.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {problemSlug, sandboxForFile, SERVICE_ID} from './test-support.mts';

const {send, mint} = sandboxForFile();

test('a PATCH sent as application/json gets 415 and changes nothing', () => {
  const token = mint('example-world');
  const answer = send(token, 'PATCH', `/services/${SERVICE_ID}/`, {
    body: {name: 'renamed'},
    headers: {'Content-Type': 'application/json'},
  });
  assert.equal(answer.status, 415);
  assert.equal(problemSlug(answer.json), 'unsupported-media-type');
  assert.equal(answer.headers['Accept-Patch'], 'application/merge-patch+json');
  assert.equal(send(token, 'GET', `/services/${SERVICE_ID}/`).json.name, 'www-production');
});

test('bad input gets its problem type and stores nothing', () => {
  const token = mint();
  const invalid = send(token, 'POST', '/services/', {body: {name: '', template: 'NOPE', extra: 1}});
  assert.equal(invalid.status, 422);
  assert.ok(invalid.json.errors.some((error: {field: string}) => error.field === 'extra'));
  let deep: unknown = {};
  for (let level = 0; level < 40; level += 1) deep = {nested: deep};
  assert.equal(problemSlug(send(token, 'POST', '/services/', {body: deep}).json), 'bad-request');
  assert.equal(send(token, 'GET', '/nothing-here/').status, 404);
  assert.equal(problemSlug(send(token, 'PATCH', '/services/').json), 'method-not-allowed');
  assert.equal(
    problemSlug(
      send(token, 'POST', '/services/', {
        body: {name: 'x', template: 'DEFAULT'},
        headers: {'Idempotency-Key': 'has space'},
      }).json,
    ),
    'validation-failed',
  );
  assert.equal(send(token, 'GET', '/services/?page_size=1000').status, 400);
  assert.equal(send(token, 'GET', '/services/?cursor=%%%').status, 400);
  assert.deepEqual(send(token, 'GET', '/services/').json.results, []);
});
