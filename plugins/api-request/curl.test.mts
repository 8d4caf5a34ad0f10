import {test} from 'node:test';
import assert from 'node:assert/strict';
import {curlCommand, statusLine} from './curl.mjs';

test('a GET has the token header and no body', () => {
  assert.equal(
    curlCommand({method: 'GET', url: 'https://api.tributary.example/api/v1/services/'}),
    `curl --request GET 'https://api.tributary.example/api/v1/services/' \\\n  --header "Authorization: Bearer $TRIBUTARY_TOKEN"`,
  );
});

test('a body is sent as JSON, with single quotes escaped for the shell', () => {
  const command = curlCommand({method: 'POST', url: 'https://x.example/', body: {name: "it's"}});
  assert.match(command, /--header 'Content-Type: application\/json'/);
  assert.ok(command.endsWith(`--data '{\n  "name": "it'\\''s"\n}'`), command);
});

test('a merge patch is sent with its own content type', () => {
  const command = curlCommand({
    method: 'PATCH',
    url: 'https://x.example/',
    body: {read_timeout: 60},
    contentType: 'application/merge-patch+json',
  });
  assert.match(command, /--header 'Content-Type: application\/merge-patch\+json'/);
});

test('a status line has its reason phrase when it is known', () => {
  assert.equal(statusLine(201), '201 Created');
  assert.equal(statusLine(418), '418');
});
