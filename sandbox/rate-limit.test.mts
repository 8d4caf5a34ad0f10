// The per-token rate limit (./rate-limit.mts): its headers, its `429` and a new window a minute later.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {problemSlug, sandboxForFile} from './test-support.mts';

const {send, mint, clock} = sandboxForFile();

test('rate limit: RateLimit headers count down, and the 601st request of a minute gets 429', () => {
  const token = mint();
  const first = send(token, 'GET', '/services/');
  assert.equal(first.headers['RateLimit-Limit'], '600');
  assert.equal(first.headers['RateLimit-Remaining'], '599');
  for (let index = 0; index < 599; index += 1) send(token, 'GET', '/services/');
  const limited = send(token, 'GET', '/services/');
  assert.equal(limited.status, 429);
  assert.equal(problemSlug(limited.json), 'rate-limited');
  assert.ok(Number(limited.headers['Retry-After']) > 0);
  clock.now += 60_000;
  assert.equal(send(token, 'GET', '/services/').status, 200);
});
