// Secret name-value pairs (./secret-values.mts): one of value and secret_value, `secret` says which.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {problemSlug, sandboxForFile} from '../test-support.mts';

const sandbox = sandboxForFile();

test('a request log endpoint header is secret when sent as secret_value, and never answers it', () => {
  const token = sandbox.mint();
  const service = sandbox.send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}}).json;
  const endpoints = `/services/${service.id}/request-log-endpoints/`;
  const created = sandbox.send(token, 'POST', endpoints, {
    body: {
      name: 'SIEM',
      url: 'https://logs.example.com/ingest',
      headers: [
        {name: 'Authorization', secret_value: 'Bearer abc'},
        {name: 'X-Source', value: 'www'},
      ],
    },
  });
  assert.equal(created.status, 201);
  assert.deepEqual(created.json.headers, [
    {name: 'Authorization', value: null, secret: true},
    {name: 'X-Source', value: 'www', secret: false},
  ]);
  assert.ok(!JSON.stringify(created.json).includes('Bearer abc'));
  const renamed = sandbox.send(token, 'PATCH', `${endpoints}${created.json.id}/`, {body: {name: 'SIEM collector'}});
  assert.equal(renamed.status, 200);
  assert.equal((renamed.json.headers as {secret: boolean}[])[0].secret, true);
  const both = sandbox.send(token, 'POST', endpoints, {
    body: {name: 'Both', url: 'https://logs.example.com/b', headers: [{name: 'A', value: 'x', secret_value: 'y'}]},
  });
  assert.equal(both.status, 422);
  assert.equal(problemSlug(both.json), 'validation-failed');
  assert.equal((both.json.errors as {field: string}[])[0].field, 'headers.0');
  const listed = sandbox.send(token, 'GET', endpoints).json.results as {name: string}[];
  assert.deepEqual(
    listed.map((endpoint) => endpoint.name),
    ['SIEM collector'],
  );
});
