import {test} from 'node:test';
import assert from 'node:assert/strict';
import {codeSamples} from '../../src/lib/openapi/index.ts';
import {miniSpec} from './mini-spec.mts';
import {operationPage} from './operation-page.mts';
import {listOperations} from './operations.mts';

const SERVER = 'https://api.example.test/v1';
/** The code samples of a request, by language. */
const samplesByLanguage = (request: Parameters<typeof codeSamples>[0]) =>
  Object.fromEntries(codeSamples(request).map((sample) => [sample.value, sample.code]));

test('code samples fill the path parameters, send the first example and mask the token', () => {
  const samples = samplesByLanguage({
    method: 'put',
    server: SERVER,
    path: '/widgets/{widget_id}/',
    pathParams: {widget_id: 'w 1'},
    body: {name: "Bob's", enabled: true, note: null},
  });
  const url = 'https://api.example.test/v1/widgets/w%201/';
  assert.match(samples.curl, /^curl --request PUT 'https:\/\/api\.example\.test\/v1\/widgets\/w%201\/'/);
  assert.match(samples.curl, /--header "Authorization: Bearer \$TRIBUTARY_TOKEN"/);
  assert.ok(samples.curl.includes(`"name": "Bob'\\''s"`), 'the shell quoting survives an apostrophe');
  assert.ok(samples.python.includes(`requests.put(\n    "${url}"`));
  assert.match(samples.python, /"enabled": True,\n\s+"note": None/);
  assert.match(samples.python, /os\.environ\['TRIBUTARY_TOKEN'\]/);
  assert.ok(samples.nodejs.includes(`fetch("${url}"`));
  assert.match(samples.nodejs, /method: 'PUT'[\s\S]*body: JSON\.stringify\(\{/);
  assert.match(samples.go, /http\.NewRequest\("PUT", "https:\/\/api\.example\.test\/v1\/widgets\/w%201\/", body\)/);
  assert.match(samples.go, /strings\.NewReader\(`\{/);
  assert.match(samples.go, /os\.Getenv\("TRIBUTARY_TOKEN"\)/);
  const patch = samplesByLanguage({
    method: 'patch',
    server: SERVER,
    path: '/widgets/',
    body: {name: 'Bob'},
    contentType: 'application/merge-patch+json',
  });
  assert.match(patch.curl, /--header 'Content-Type: application\/merge-patch\+json'/);
  assert.match(patch.python, /"Content-Type": "application\/merge-patch\+json"/);
  assert.match(patch.nodejs, /'Content-Type': 'application\/merge-patch\+json'/);
  assert.match(patch.go, /req\.Header\.Set\("Content-Type", "application\/merge-patch\+json"\)/);
  assert.doesNotMatch(samples.python, /Content-Type/, 'requests sets application/json itself');
  assert.throws(
    () => codeSamples({method: 'get', server: 'https://x', path: '/a/{id}/', pathParams: {}}),
    /no example value for path parameter "id" of \/a\/\{id\}\//,
  );
});

test('an operation page carries method, path, parameters, schema fields, examples and samples', () => {
  const spec = miniSpec();
  const [entry] = listOperations(spec);
  const page = operationPage(spec, entry);
  assert.match(page, /^---\nid: widgets-update-s3\ntitle: "Update a widget"/);
  assert.match(
    page,
    /<ApiEndpoint method="put" path=\{"\/widgets\/\{widget_id\}\/"\} server=\{"https:\/\/api\.example\.test\/v1"\} operationId=\{"widgets_update_s3"\} \/>/,
  );
  assert.match(page, /Role: an access token or user with the \*\*Admin\*\* or \*\*Editor\*\* role/);
  assert.match(page, /## Path parameters \{#path-parameters\}/);
  assert.match(page, /## Request body \{#request-body\}/);
  assert.match(page, /### 200 OK \{#response-200\}/);
  // The panel: the named request examples for its picker, each with its samples, and Try it's data.
  assert.match(
    page,
    /<ApiPanel requestExamples=\{\[\{"name":"Blue","summary":"A blue widget","body":"\{\\n {2}\\"name\\": \\"Bob's\\"/,
  );
  assert.match(page, /<ApiPanelRequest example=\{"Blue"\}>\n\n<Tabs groupId="api-code-sample" lazy>/);
  assert.match(page, /https:\/\/api\.example\.test\/v1\/widgets\/w%201\//);
  assert.match(page, /<ApiPanelResponse example="200-/);
  assert.doesNotMatch(page, /Request example:/, 'request examples live in the panel only');
});

test('shared error responses are one compact table row each; an operation-specific error keeps its section', () => {
  const problem = (type: string, status: number) => ({
    'application/problem+json': {
      schema: {type: 'object'},
      examples: {
        One: {summary: 'One', value: {type: `https://docs.example.test/docs/api/problem-types#${type}`, status}},
      },
    },
  });
  const spec = miniSpec((mini) => {
    mini.components.responses = {
      Locked: {description: 'The widget is | locked.', content: problem('widget-locked', 423)},
    };
    Object.assign(mini.paths['/widgets/{widget_id}/'].put.responses, {
      423: {$ref: '#/components/responses/Locked'},
      409: {description: 'Only this operation conflicts.', content: problem('widget-conflict', 409)},
    });
    return mini;
  });
  const page = operationPage(spec, listOperations(spec)[0]);
  assert.match(page, /### 409 Conflict \{#response-409\}\n\nOnly this operation conflicts\./);
  assert.match(page, /\*\*Example: One\*\*/, 'an error of this operation alone keeps its example beside it');
  assert.doesNotMatch(page, /### 423/);
  assert.match(page, /### Errors \{#errors\}/);
  assert.match(page, /\| 423 \| \[`widget-locked`\]\(\/docs\/api\/problem-types#widget-locked\) \|/);
});
