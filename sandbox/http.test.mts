// The sandbox over HTTP: tokens, bodies that are too large or not JSON, parallel requests with one
// Idempotency-Key, the test helpers, and answers that never leak a stack trace or a local path.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {MAX_BODY_BYTES} from './http.mts';
import {SERVICE_ID, serveForFile, testSandbox} from './test-support.mts';

const sandbox = testSandbox({delayMs: 60_000});
const served = serveForFile(sandbox);

async function token(seed = 'example-world'): Promise<string> {
  const response = await fetch(`${served.base}/tokens?seed=${seed}`, {method: 'POST'});
  assert.equal(response.status, 201);
  const body = (await response.json()) as {token: string; api_base_url: string};
  assert.equal(body.api_base_url, `${served.base}/api/v1`);
  return body.token;
}

const call = (bearer: string, path: string, init: RequestInit = {}) =>
  fetch(`${served.base}/api/v1${path}`, {
    ...init,
    headers: {Authorization: `Bearer ${bearer}`, ...(init.headers ?? {})},
  });

test('a seeded token sees the example world; an unknown seed is refused', async () => {
  const seeded = await token();
  const services = (await (await call(seeded, '/services/')).json()) as {results: {id: string}[]};
  assert.ok(services.results.some((service) => service.id === SERVICE_ID));
  const refused = await fetch(`${served.base}/tokens?seed=nonsense`, {method: 'POST'});
  assert.equal(refused.status, 422);
  assert.equal(refused.headers.get('content-type'), 'application/problem+json');
});

test('parallel creates with one Idempotency-Key create one object', async () => {
  const bearer = await token('page:Getting started/Step by Step Configuration');
  const answers = await Promise.all(
    Array.from({length: 8}, () =>
      call(bearer, '/services/', {
        method: 'POST',
        headers: {'Content-Type': 'application/json', 'Idempotency-Key': 'parallel-1'},
        body: JSON.stringify({name: 'parallel', template: 'DEFAULT'}),
      }).then(async (response) => ({
        status: response.status,
        replayed: response.headers.get('idempotent-replayed'),
        id: ((await response.json()) as {id: string}).id,
      })),
    ),
  );
  assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([201]));
  assert.equal(new Set(answers.map((answer) => answer.id)).size, 1);
  assert.equal(answers.filter((answer) => answer.replayed === 'true').length, 7);
  const list = (await (await call(bearer, '/services/?page_size=100')).json()) as {results: {name: string}[]};
  assert.equal(list.results.filter((service) => service.name === 'parallel').length, 1);
});

test('a body over 1 MB gets 413 and one that is not JSON 400, as problem+json, and nothing is stored', async () => {
  const bearer = await token();
  const large = await call(bearer, '/services/', {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({name: 'x'.repeat(MAX_BODY_BYTES), template: 'DEFAULT'}),
  });
  assert.equal(large.status, 413);
  assert.equal(
    ((await large.json()) as {type: string}).type,
    'https://docs.tributary.example/docs/api/problem-types#payload-too-large',
  );
  const broken = await call(bearer, '/services/', {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: '{"name": ',
  });
  assert.equal(broken.status, 400);
  const problem = (await broken.json()) as {detail: string};
  assert.match(problem.detail, /not valid JSON/);
  const list = (await (await call(bearer, '/services/?page_size=100')).json()) as {results: unknown[]};
  assert.equal(
    list.results.length,
    ((await (await call(await token(), '/services/?page_size=100')).json()) as {results: unknown[]}).results.length,
  );
});

test('the test helpers make pending changes happen now', async () => {
  const bearer = await token('');
  const created = (await (
    await call(bearer, '/certificates/', {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({type: 'managed', domains: ['www.example.com']}),
    })
  ).json()) as {id: string; status: string};
  assert.equal(created.status, 'pending_validation');
  const helper = await fetch(`${served.base}/test-helpers/complete`, {
    method: 'POST',
    headers: {Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json'},
    body: JSON.stringify({object_id: created.id}),
  });
  assert.deepEqual(await helper.json(), {settled: 1});
  const issued = (await (await call(bearer, `/certificates/${created.id}/`)).json()) as {status: string};
  assert.equal(issued.status, 'issued');
  assert.equal((await fetch(`${served.base}/test-helpers/complete`, {method: 'POST'})).status, 401);
});

test('no answer carries a stack trace or a path of this machine', async () => {
  const bearer = await token();
  const answers = await Promise.all([
    fetch(`${served.base}/elsewhere`),
    fetch(`${served.base}/api/v9/services/`),
    call(bearer, '/services/%E0%A4%A/'),
    call(bearer, '/services/', {method: 'POST', headers: {'Content-Type': 'text/plain'}, body: 'name=x'}),
    call(bearer, `/services/${SERVICE_ID}/`, {
      method: 'PATCH',
      headers: {'Content-Type': 'application/merge-patch+json'},
      body: '[1,2',
    }),
  ]);
  for (const answer of answers) {
    const text = await answer.text();
    assert.ok(answer.status >= 400, `${answer.url}: ${answer.status}`);
    assert.doesNotMatch(text, /\/work\/|node_modules|\bat .+\.mts:\d+|Error:/, text);
    assert.equal(answer.headers.get('content-type'), 'application/problem+json');
  }
});
