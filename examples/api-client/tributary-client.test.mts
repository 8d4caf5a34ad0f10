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

// `npm test` starts the mock server (Prism on the bundled OpenAPI file) and sets MOCK_URL.
const MOCK_URL = process.env.MOCK_URL ?? 'http://127.0.0.1:4010';
const client = tributaryClient(MOCK_URL, 'test-token');
const SERVICE_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const ORIGIN_ID = '3b9e7c14-52d8-4f6a-9e21-7c0d4a8b6f35';

/**
 * A client whose requests are recorded, and that asks Prism for one documented status with
 * `Prefer: code=…` (Prism answers with that response's example).
 */
function recordingClient(prefer?: string) {
  const requests: Request[] = [];
  const recording = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    if (prefer) headers.set('Prefer', prefer);
    const sent = new Request(request, {headers});
    requests.push(sent.clone());
    return fetch(sent);
  };
  return {client: tributaryClient(MOCK_URL, 'test-token', {fetch: recording as typeof fetch}), requests};
}

test('lists services through the typed client', async () => {
  const services = await listAllServices(client);
  assert.ok(services.length > 0);
  for (const service of services) {
    assert.match(service.id, /^[0-9a-f-]{36}$/);
    assert.match(service.cname, /\.edge\.tributary\.example$/);
  }
});

test('the paginated loop sends the cursor of each next link and stops when a link repeats', async () => {
  // The mock answers every page with the same example, whose `next` carries one cursor: the loop
  // must follow it once, then refuse to read the same page forever.
  const {client: recorded, requests} = recordingClient();
  await assert.rejects(listAllOrigins(recorded, SERVICE_ID, 2), /repeats cursor cD0yMDI2LTAyLTExVDExOjAyOjQ3Wg/);
  assert.equal(requests.length, 2);
  assert.equal(new URL(requests[0].url).searchParams.get('cursor'), null);
  for (const request of requests.slice(1)) {
    assert.equal(new URL(request.url).searchParams.get('cursor'), 'cD0yMDI2LTAyLTExVDExOjAyOjQ3Wg');
    assert.equal(new URL(request.url).searchParams.get('page_size'), '2');
  }
});

test('creates an origin and gets the created resource back', async () => {
  const origin = await addOrigin(client, SERVICE_ID, 'web-primary', 'origin.example.com');
  assert.match(origin.id, /^[0-9a-f-]{36}$/);
  assert.equal(typeof origin.host, 'string');
});

test('a create retried with the same idempotency key sends the key and gets a typed origin each time', async () => {
  const {client: recorded, requests} = recordingClient();
  const key = '5f0c6a2e-8d1b-4f7e-9a3c-2b6d4e8f0a1c';
  const body = {name: 'web-primary', host: 'origin.example.com', protocol: 'https'} as const;
  const first = await createOrigin(recorded, SERVICE_ID, body, key);
  const retry = await createOrigin(recorded, SERVICE_ID, body, key);
  assert.deepEqual(
    requests.map((request) => request.headers.get('Idempotency-Key')),
    [key, key],
  );
  // Prism answers from the examples and does not store keys, so it cannot replay: what can be
  // checked is that both answers are typed origins and that `replayed` reads the documented header.
  for (const {origin, replayed} of [first, retry]) {
    assert.match(origin.id ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(typeof replayed, 'boolean');
  }
  assert.equal(retry.origin.id, first.origin.id);
});

test('a PATCH sends a JSON Merge Patch with If-Match and returns the typed origin', async () => {
  const {client: recorded, requests} = recordingClient();
  const {origin} = await patchOrigin(recorded, SERVICE_ID, ORIGIN_ID, {read_timeout: 60}, '"c3f1a9e27b04"');
  const [request] = requests;
  assert.equal(request.method, 'PATCH');
  assert.equal(request.headers.get('Content-Type'), MERGE_PATCH);
  assert.equal(request.headers.get('If-Match'), '"c3f1a9e27b04"');
  assert.deepEqual(await request.json(), {read_timeout: 60});
  const typed: Origin = origin;
  assert.equal(typed.id, ORIGIN_ID);
  assert.equal(typeof typed.read_timeout, 'number');
});

test('a stale If-Match is a 412 ApiProblemError with the precondition-failed problem', async () => {
  const {client: stale} = recordingClient('code=412');
  const error = await patchOrigin(stale, SERVICE_ID, ORIGIN_ID, {read_timeout: 60}, '"0000stale"').then(
    () => assert.fail('expected a 412'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof ApiProblemError);
  assert.equal(error.status, 412);
  assert.ok(error.preconditionFailed);
  assert.equal(error.problem.type, 'https://docs.tributary.example/docs/api/problem-types#precondition-failed');
  assert.deepEqual(error.fieldErrors, []);
});

test('an invalid PATCH is a 422 ApiProblemError that lists the invalid fields', async () => {
  const {client: invalid} = recordingClient('code=422');
  const error = await patchOrigin(invalid, SERVICE_ID, ORIGIN_ID, {read_timeout: 60}).then(
    () => assert.fail('expected a 422'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof ApiProblemError);
  assert.equal(error.status, 422);
  assert.equal(error.preconditionFailed, false);
  assert.equal(error.problem.title, 'Validation failed');
  assert.ok(error.fieldErrors.length > 0);
  for (const {field, message} of error.fieldErrors) assert.ok(field && message);
});

test('an invalid body is answered with a problem+json validation error', async () => {
  const {data, error, response} = await client.POST('/services/', {body: {name: '', template: 'DEFAULT'}});
  assert.equal(data, undefined);
  assert.equal(response.status, 422);
  assert.match(response.headers.get('content-type') ?? '', /application\/problem\+json/);
  assert.equal(error?.title, 'Validation failed');
});

test('a request without a token is refused with 401', async () => {
  const response = await fetch(`${MOCK_URL}/services/`);
  assert.equal(response.status, 401);
});
