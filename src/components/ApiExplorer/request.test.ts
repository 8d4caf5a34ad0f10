import {test} from 'node:test';
import assert from 'node:assert/strict';
import {buildRequest, prettyBody} from './request';
import type {ExplorerOperation} from './types';

const operation: ExplorerOperation = {
  method: 'post',
  path: '/services/{service_id}/origins/',
  servers: [{url: 'http://127.0.0.1:4010', description: 'Mock'}],
  parameters: [
    {name: 'service_id', in: 'path', required: true, example: 'abc'},
    {name: 'page_size', in: 'query', required: false, example: '25'},
  ],
  body: '{"name": "web"}',
};

test('the explorer builds the URL, headers and body of the request', () => {
  const request = buildRequest(operation, {
    server: 'http://127.0.0.1:4010/',
    token: ' t0ken ',
    values: {'path:service_id': 'a b', 'query:page_size': '10'},
    body: '{"name": "web"}',
  });
  assert.ok('url' in request);
  assert.equal(request.url, 'http://127.0.0.1:4010/services/a%20b/origins/?page_size=10');
  assert.equal(request.init.method, 'POST');
  assert.deepEqual(request.init.headers, {
    Accept: 'application/json',
    Authorization: 'Bearer t0ken',
    'Content-Type': 'application/json',
  });
  assert.equal(request.init.body, '{"name": "web"}');
});

test('a PATCH is sent with its merge-patch content type', () => {
  const request = buildRequest(
    {...operation, method: 'patch', contentType: 'application/merge-patch+json'},
    {server: 'http://127.0.0.1:4010', token: '', values: {'path:service_id': 'abc'}, body: '{"name": "web"}'},
  );
  assert.ok('url' in request);
  assert.equal((request.init.headers as Record<string, string>)['Content-Type'], 'application/merge-patch+json');
});

test('the explorer says what is wrong with the reader input instead of sending', () => {
  const base = {server: 'http://127.0.0.1:4010', token: '', values: {'path:service_id': 'abc'}};
  const invalid = buildRequest(operation, {...base, body: '{"name": }'});
  assert.ok('problem' in invalid);
  assert.match(invalid.problem, /^The request body is not valid JSON \(.+\)\. Correct it and send again\.$/);
  const missing = buildRequest(operation, {...base, values: {'path:service_id': ' '}, body: ''});
  assert.deepEqual(missing, {problem: 'Fill in the required parameter "service_id".'});
});

test('the explorer pretty-prints JSON answers and keeps other text as is', () => {
  assert.equal(prettyBody('{"a":1}'), '{\n  "a": 1\n}');
  assert.equal(prettyBody('plain'), 'plain');
  assert.equal(prettyBody(''), '(empty body)');
});
