import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  ApiProblemError,
  MERGE_PATCH,
  addOrigin,
  createOrigin,
  listAllOrigins,
  listAllServices,
  patchOrigin,
  tributaryClient,
  type Origin,
} from './tributary-client';

// `npm test` serves the sandbox behind nginx and sets SANDBOX_URL; each test gets its own sandbox,
// seeded with the guides' example objects, so that the typed client meets real behaviour.
const SANDBOX_URL = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4010/docs/sandbox';
const API = `${SANDBOX_URL}/api/v1`;
const SERVICE_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const ORIGIN_ID = '3b9e7c14-52d8-4f6a-9e21-7c0d4a8b6f35';

async function sandboxToken(seed: string | null = 'example-world'): Promise<string> {
  const response = await fetch(`${SANDBOX_URL}/tokens${seed ? `?seed=${seed}` : ''}`, {method: 'POST'});
  assert.equal(response.status, 201);
  return ((await response.json()) as {token: string}).token;
}

/** A client of a new sandbox whose requests are recorded. */
async function recordingClient() {
  const token = await sandboxToken();
  const requests: Request[] = [];
  const recording = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return fetch(request);
  };
  return {client: tributaryClient(API, token, {fetch: recording as typeof fetch}), requests, token};
}

test('lists services through the typed client', async () => {
  const client = tributaryClient(API, await sandboxToken());
  const services = await listAllServices(client);
  assert.ok(services.some((service) => service.id === SERVICE_ID));
  for (const service of services) {
    assert.match(service.id, /^[0-9a-f-]{36}$/);
    assert.match(service.cname, /\.edge\.tributary\.example$/);
  }
});

test('the paginated loop follows each next link, which points back at the sandbox, to the last page', async () => {
  const {client, requests} = await recordingClient();
  for (let index = 0; index < 4; index += 1)
    await addOrigin(client, SERVICE_ID, `paged-${index}`, `paged-${index}.example.com`);
  const all = await listAllOrigins(client, SERVICE_ID, 2);
  const lists = requests.filter((request) => request.method === 'GET');
  assert.ok(lists.length >= 3, `${lists.length} pages read`);
  for (const request of lists.slice(1)) {
    assert.ok(request.url.startsWith(`${API}/services/${SERVICE_ID}/origins/?`), request.url);
    assert.ok(new URL(request.url).searchParams.get('cursor'));
    assert.equal(new URL(request.url).searchParams.get('page_size'), '2');
  }
  assert.equal(new Set(all.map((origin) => origin.id)).size, all.length, 'no origin twice');
  for (let index = 0; index < 4; index += 1) assert.ok(all.some((origin) => origin.name === `paged-${index}`));
});

test('creates an origin and gets the created resource back', async () => {
  const client = tributaryClient(API, await sandboxToken());
  const origin = await addOrigin(client, SERVICE_ID, 'web-secondary', 'origin-2.example.com');
  assert.match(origin.id, /^[0-9a-f-]{36}$/);
  assert.equal(origin.host, 'origin-2.example.com');
});

test('a create retried with the same idempotency key creates one origin and says the second answer is a replay', async () => {
  const {client, requests} = await recordingClient();
  const key = '5f0c6a2e-8d1b-4f7e-9a3c-2b6d4e8f0a1c';
  const body = {name: 'web-retried', host: 'origin.example.com', protocol: 'https'} as const;
  const first = await createOrigin(client, SERVICE_ID, body, key);
  const retry = await createOrigin(client, SERVICE_ID, body, key);
  assert.deepEqual(
    requests.map((request) => request.headers.get('Idempotency-Key')),
    [key, key],
  );
  assert.equal(first.replayed, false);
  assert.equal(retry.replayed, true);
  assert.equal(retry.origin.id, first.origin.id);
  const origins = await listAllOrigins(client, SERVICE_ID);
  assert.equal(origins.filter((origin) => origin.name === 'web-retried').length, 1);
});

test('a PATCH sends a JSON Merge Patch with If-Match and returns the typed origin', async () => {
  const {client, requests, token} = await recordingClient();
  const current = await fetch(`${API}/services/${SERVICE_ID}/origins/${ORIGIN_ID}/`, {
    headers: {Authorization: `Bearer ${token}`},
  });
  const etag = current.headers.get('etag')!;
  const {origin} = await patchOrigin(client, SERVICE_ID, ORIGIN_ID, {read_timeout_seconds: 60}, etag);
  const [request] = requests;
  assert.equal(request.method, 'PATCH');
  assert.equal(request.headers.get('Content-Type'), MERGE_PATCH);
  assert.equal(request.headers.get('If-Match'), etag);
  assert.deepEqual(await request.json(), {read_timeout_seconds: 60});
  const typed: Origin = origin;
  assert.equal(typed.id, ORIGIN_ID);
  assert.equal(typed.read_timeout_seconds, 60);
  assert.equal(typed.read_timeout, 60, 'the deprecated name answers the same value');
});

test('a stale If-Match is a 412 ApiProblemError with the precondition-failed problem, and nothing changes', async () => {
  const {client, token} = await recordingClient();
  const error = await patchOrigin(client, SERVICE_ID, ORIGIN_ID, {read_timeout_seconds: 61}, '"0000stale"').then(
    () => assert.fail('expected a 412'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof ApiProblemError);
  assert.equal(error.status, 412);
  assert.ok(error.preconditionFailed);
  assert.equal(error.problem.type, 'https://docs.tributary.example/docs/api/problem-types#precondition-failed');
  assert.deepEqual(error.fieldErrors, []);
  const origin = (await (
    await fetch(`${API}/services/${SERVICE_ID}/origins/${ORIGIN_ID}/`, {headers: {Authorization: `Bearer ${token}`}})
  ).json()) as Origin;
  assert.notEqual(origin.read_timeout_seconds, 61);
});

test('an invalid PATCH is a 422 ApiProblemError that lists the invalid fields', async () => {
  const {client} = await recordingClient();
  const error = await patchOrigin(client, SERVICE_ID, ORIGIN_ID, {read_timeout_seconds: -5}).then(
    () => assert.fail('expected a 422'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof ApiProblemError);
  assert.equal(error.status, 422);
  assert.equal(error.preconditionFailed, false);
  assert.equal(error.problem.title, 'Validation failed');
  assert.ok(
    error.fieldErrors.some(({field}) => field === 'read_timeout_seconds'),
    JSON.stringify(error.fieldErrors),
  );
});

test('an invalid body is answered with a problem+json validation error', async () => {
  const client = tributaryClient(API, await sandboxToken());
  const {data, error, response} = await client.POST('/services/', {body: {name: '', template: 'DEFAULT'}});
  assert.equal(data, undefined);
  assert.equal(response.status, 422);
  assert.match(response.headers.get('content-type') ?? '', /application\/problem\+json/);
  assert.equal(error?.title, 'Validation failed');
});

test('a request without a token is refused with 401', async () => {
  const response = await fetch(`${API}/services/`);
  assert.equal(response.status, 401);
});
