// Purges (./purges.mts), through the sandbox in-process with a test clock.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {problemSlug, sandboxForFile, serviceWithProvider} from '../test-support.mts';

const sandbox = sandboxForFile();
const {send, clock} = sandbox;

test('purges: 409 before anything is live, then 202 with Location, queued until the delay has passed', () => {
  const {token, service} = serviceWithProvider(sandbox);
  const early = send(token, 'POST', `/services/${service.id}/purge-all/`);
  assert.equal(early.status, 409);
  assert.equal(problemSlug(early.json), 'service-not-deployed');
  clock.now += 10_001;
  const purge = send(token, 'POST', `/services/${service.id}/purge-tags/`, {body: {tags: ['product-1234']}});
  assert.equal(purge.status, 202);
  assert.equal(
    purge.headers.Location,
    `http://sandbox.test/docs/sandbox/api/v1/services/${service.id}/purges/${purge.json.id}/`,
  );
  assert.equal(purge.json.status, 'queued');
  assert.equal(purge.json.providers[0].scope, 'requested', 'Cloudflare purges tags as asked');
  clock.now += 10_001;
  assert.equal(send(token, 'GET', `/services/${service.id}/purges/${purge.json.id}/`).json.status, 'completed');
});
