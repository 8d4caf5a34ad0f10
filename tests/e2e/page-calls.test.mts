// Every <ApiRequest> of every guide page, sent in page order to a new sandbox seeded as the page
// starts (`seed=page:<page>`: the objects the page shows, without those it creates), through nginx
// as a reader's script would send it. Each answer must have the status the page shows, validate
// against the operation's response schema, and match the page's response example in shape and in
// every value the API does not generate (sandbox/page-replay.mts).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {OpenApiIndex} from '../../plugins/api-request/openapi-index.mts';
import {pageCalls, type PageCall} from '../../sandbox/page-calls.mts';
import {replayProblems, requestOf, type Answer} from '../../sandbox/page-replay.mts';
import {pageSeed} from '../../sandbox/world.mts';
import {guidePageFiles} from '../content/pages.mts';
import {isKnown, KNOWN_DIFFERENCES} from '../../sandbox/known-differences.mts';

const SANDBOX_URL = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4010/docs/sandbox';
const index = OpenApiIndex.load();

/** The schema of one documented response of an operation, or undefined for an empty body. */
function responseSchema(operationId: string, status: number): unknown {
  const {operation} = index.operations.get(operationId)!;
  const response = index.resolve(operation.responses[String(status)]) as
    {content?: Record<string, {schema?: unknown}>} | undefined;
  const content = response?.content ?? {};
  return (content['application/json'] ?? content['application/problem+json'])?.schema;
}

async function sandboxFor(file: string): Promise<string> {
  const response = await fetch(`${SANDBOX_URL}/tokens?seed=${encodeURIComponent(pageSeed(file))}`, {method: 'POST'});
  assert.equal(response.status, 201, await response.clone().text());
  return ((await response.json()) as {token: string}).token;
}

async function send(token: string, call: PageCall, problems: string[]): Promise<Answer> {
  const request = requestOf(index, call);
  const url = `${SANDBOX_URL}/api/${request.version}${request.path}${request.query.size ? `?${request.query}` : ''}`;
  const response = await fetch(url, {
    method: request.method,
    headers: {...request.headers, Authorization: `Bearer ${token}`},
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  const schema = response.ok ? responseSchema(call.operation, response.status) : undefined;
  if (schema)
    for (const problem of index.validate(schema, body, 'response'))
      problems.push(`${call.where}: the sandbox's ${call.operation} answer does not match its schema: ${problem}`);
  return {
    status: response.status,
    body,
    documentedExample: response.headers.get('tributary-sandbox-answer') === 'documented-example',
  };
}

const pages = guidePageFiles()
  .map((file) => ({file, calls: pageCalls(file)}))
  .filter((page) => page.calls.length);

test('the guides show API calls', () => {
  assert.ok(pages.length >= 50, `${pages.length} pages with <ApiRequest>`);
  assert.ok(pages.reduce((sum, page) => sum + page.calls.length, 0) >= 200);
});

for (const {file, calls} of pages) {
  test(`${file}: every API call answers what the page shows`, async () => {
    const token = await sandboxFor(file);
    const schemaProblems: string[] = [];
    const problems = await replayProblems(calls, (call) => send(token, call, schemaProblems));
    const found = [...problems, ...schemaProblems];
    const known = KNOWN_DIFFERENCES[file] ?? [];
    assert.deepEqual(
      found.filter((problem) => !known.some((entry) => isKnown(problem, entry))),
      [],
      'differences between the page and the sandbox',
    );
    // A known difference that no longer occurs must leave the list, so that the list only shrinks.
    assert.deepEqual(
      known.filter((entry) => !found.some((problem) => isKnown(problem, entry))),
      [],
      'known differences that no longer occur: remove them from sandbox/known-differences.mts',
    );
  });
}
