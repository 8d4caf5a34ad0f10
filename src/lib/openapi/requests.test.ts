import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  codeSamples,
  curlCommand,
  fillPath,
  goRequest,
  isShellExpansion,
  nodeRequest,
  pythonLiteral,
  pythonRequest,
  requestUrl,
} from './requests';

const url = 'https://api.example.test/v1/widgets/w%201/';
const put = {method: 'put', url, body: {name: "Bob's", enabled: true, note: null}};
const patch = {method: 'patch', url, body: {name: 'Bob'}, contentType: 'application/merge-patch+json'};

test('the URL fills and encodes path parameters and adds the query', () => {
  assert.equal(
    requestUrl({server: 'https://api.example.test/v1', path: '/widgets/{id}/', pathParams: {id: 'w 1'}, query: {q: 'a&b'}}),
    'https://api.example.test/v1/widgets/w%201/?q=a%26b',
  );
  assert.throws(() => fillPath('/a/{id}/', {}), /no example value for path parameter "id" of \/a\/\{id\}\//);
  assert.equal(fillPath('/a/{id}/{b}', {b: 'x/y'}, {missing: 'keep'}), '/a/{id}/x%2Fy');
});

test('curl: a GET has the token header and no body', () => {
  assert.equal(
    curlCommand({method: 'GET', url: 'https://api.tributary.example/api/v1/services/'}),
    `curl --request GET 'https://api.tributary.example/api/v1/services/' \\\n  --header "Authorization: Bearer $TRIBUTARY_TOKEN"`,
  );
  assert.equal(
    curlCommand({method: 'get', url: 'https://x.example/'}, {auth: false, accept: true}),
    `curl --request GET 'https://x.example/' \\\n  --header 'Accept: application/json'`,
  );
});

test('curl: a body is sent as JSON with its content type, single quotes escaped for the shell', () => {
  const command = curlCommand(put);
  assert.match(command, /^curl --request PUT 'https:\/\/api\.example\.test\/v1\/widgets\/w%201\/'/);
  assert.match(command, /--header 'Content-Type: application\/json'/);
  assert.ok(command.includes(`"name": "Bob'\\''s"`), 'the shell quoting survives an apostrophe');
  assert.match(curlCommand(patch), /--header 'Content-Type: application\/merge-patch\+json'/);
});

test('curl: extra headers follow the token; a shell expansion is double-quoted so that it expands', () => {
  const command = curlCommand({
    method: 'POST',
    url: 'https://x.example/',
    body: {a: 1},
    headers: {'Idempotency-Key': '$(uuidgen)', 'If-Match': '"c3f1a9e27b04"', 'X-Note': "it's"},
  });
  const lines = command.split(' \\\n  ');
  assert.deepEqual(lines.slice(1, 5), [
    '--header "Authorization: Bearer $TRIBUTARY_TOKEN"',
    '--header "Idempotency-Key: $(uuidgen)"',
    `--header 'If-Match: "c3f1a9e27b04"'`,
    `--header 'X-Note: it'\\''s'`,
  ]);
  assert.match(lines[5], /^--header 'Content-Type: application\/json'$/);
  assert.equal(isShellExpansion('$IDEMPOTENCY_KEY'), true);
  assert.equal(isShellExpansion('${IDEMPOTENCY_KEY}'), true);
  assert.equal(isShellExpansion('$(rm -rf /; echo)'), false);
  assert.equal(isShellExpansion('5f0c6a2e-8d1b-4f7e-9a3c-2b6d4e8f0a1c'), false);
});

test('Python: requests with the token from the environment and the body as a Python literal', () => {
  const code = pythonRequest(put);
  assert.ok(code.includes(`requests.put(\n    "${url}"`));
  assert.match(code, /"enabled": True,\n\s+"note": None/);
  assert.match(code, /os\.environ\['TRIBUTARY_TOKEN'\]/);
  assert.doesNotMatch(code, /Content-Type/, 'requests sets application/json itself');
  assert.match(pythonRequest(patch), /"Content-Type": "application\/merge-patch\+json"/);
  assert.equal(pythonLiteral({a: [1, false], b: {}}), '{\n    "a": [\n        1,\n        False,\n    ],\n    "b": {},\n}');
});

test('Node.js: fetch with the method, the headers and the JSON body', () => {
  const code = nodeRequest(put);
  assert.ok(code.includes(`fetch("${url}"`));
  assert.match(code, /method: 'PUT'[\s\S]*body: JSON\.stringify\(\{/);
  assert.match(code, /process\.env\.TRIBUTARY_TOKEN/);
  assert.match(nodeRequest(patch), /'Content-Type': 'application\/merge-patch\+json'/);
  assert.doesNotMatch(nodeRequest({method: 'get', url}), /body:|Content-Type/);
});

test('Go: net/http with a raw string body, or an interpreted one when the JSON holds a backtick', () => {
  const code = goRequest(put);
  assert.match(code, /http\.NewRequest\("PUT", "https:\/\/api\.example\.test\/v1\/widgets\/w%201\/", body\)/);
  assert.match(code, /strings\.NewReader\(`\{/);
  assert.match(code, /os\.Getenv\("TRIBUTARY_TOKEN"\)/);
  assert.match(goRequest(patch), /req\.Header\.Set\("Content-Type", "application\/merge-patch\+json"\)/);
  assert.match(goRequest({method: 'post', url, body: {a: '`'}}), /strings\.NewReader\("\{\\n/);
  const get = goRequest({method: 'get', url});
  assert.match(get, /http\.NewRequest\("GET", "[^"]+", nil\)/);
  assert.doesNotMatch(get, /"strings"/);
});

test('code samples: one per language, curl with the Accept header', () => {
  const samples = codeSamples({
    method: 'put',
    server: 'https://api.example.test/v1',
    path: '/widgets/{widget_id}/',
    pathParams: {widget_id: 'w 1'},
    body: put.body,
  });
  assert.deepEqual(samples, [
    {value: 'curl', label: 'curl', highlight: 'bash', code: curlCommand(put, {accept: true})},
    {value: 'python', label: 'Python', highlight: 'python', code: pythonRequest(put)},
    {value: 'nodejs', label: 'Node.js', highlight: 'javascript', code: nodeRequest(put)},
    {value: 'go', label: 'Go', highlight: 'go', code: goRequest(put)},
  ]);
  assert.throws(
    () => codeSamples({method: 'get', server: 'https://x', path: '/a/{id}/', pathParams: {}}),
    /no example value for path parameter "id"/,
  );
});
