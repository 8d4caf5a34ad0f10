// Every guide page's <ApiRequest> calls against an in-process sandbox seeded as the page starts: the
// quick form of tests/e2e/page-calls.test.mts (which goes through nginx), with the same known list.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {OpenApiIndex} from '../plugins/api-request/openapi-index.mts';
import {guidePageFiles} from '../tests/content/pages.mts';
import {isKnown, KNOWN_DIFFERENCES} from './known-differences.mts';
import {answerDifferences} from './page-replay.mts';
import {pageCalls} from './page-calls.mts';
import {replayProblems, requestOf} from './page-replay.mts';
import {pageSeed} from './world.mts';
import {testSandbox} from './test-support.mts';

const index = OpenApiIndex.load();

test('a difference names the field and both values; generated values and null timestamps may differ', () => {
  assert.deepEqual(
    answerDifferences(
      {id: 'a', port: 443, created_at: '2026-01-01T00:00:00Z'},
      {id: 'a', port: 80, created_at: '2026-11-29T10:00:00Z'},
    ),
    ['/port: 443 on the page, 80 in the answer'],
  );
  assert.deepEqual(answerDifferences({results: [{id: 'x'}]}, {results: [{id: 'y'}]}), [
    '/results/0: the page lists "x", the answer does not',
  ]);
  assert.deepEqual(
    answerDifferences({token: 'trb_a', completed_at: null}, {token: 'trb_b', completed_at: '2026-11-29T10:00:00Z'}),
    [],
  );
});

for (const file of guidePageFiles()) {
  const calls = pageCalls(file);
  if (!calls.length) continue;
  test(`${file}: the page's calls answer what it shows (in-process)`, async () => {
    const sandbox = testSandbox({delayMs: 0});
    try {
      const token = sandbox.mint(pageSeed(file));
      const found = await replayProblems(calls, async (call) => {
        const request = requestOf(index, call);
        const answer = sandbox.send(
          token,
          request.method,
          `${request.path}${request.query.size ? `?${request.query}` : ''}`,
          {
            body: request.body,
            headers: request.headers,
            version: request.version,
          },
        );
        return {
          status: answer.status,
          body: answer.body,
          documentedExample: answer.headers['Tributary-Sandbox-Answer'] === 'documented-example',
        };
      });
      const known = KNOWN_DIFFERENCES[file] ?? [];
      assert.deepEqual(
        found.filter((problem) => !known.some((entry) => isKnown(problem, entry))),
        [],
      );
      assert.deepEqual(
        known.filter((entry) => !found.some((problem) => isKnown(problem, entry))),
        [],
        'known differences that no longer occur',
      );
    } finally {
      sandbox.close();
    }
  });
}
