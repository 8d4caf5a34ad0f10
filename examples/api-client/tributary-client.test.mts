import {test} from 'node:test';
import assert from 'node:assert/strict';
import {addOrigin, listAllServices, tributaryClient} from './tributary-client';

// `npm test` starts the mock server (Prism on the bundled OpenAPI file) and sets MOCK_URL.
const MOCK_URL = process.env.MOCK_URL ?? 'http://127.0.0.1:4010';
const client = tributaryClient(MOCK_URL, 'test-token');
const SERVICE_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';

test('lists services through the typed client', async () => {
  const services = await listAllServices(client);
  assert.ok(services.length > 0);
  for (const service of services) {
    assert.match(service.id, /^[0-9a-f-]{36}$/);
    assert.match(service.cname, /\.edge\.tributary\.example$/);
  }
});

test('creates an origin and gets the created resource back', async () => {
  const origin = await addOrigin(client, SERVICE_ID, 'web-primary', 'origin.example.com');
  assert.match(origin.id, /^[0-9a-f-]{36}$/);
  assert.equal(typeof origin.host, 'string');
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
