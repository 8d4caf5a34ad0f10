// Followed as a new user would: the <ApiRequest> calls of the tutorials and the credential pages,
// sent in page order to the API mock (Prism serving the OpenAPI bundle; `npm test` sets MOCK_URL),
// answer the status each page shows, and the response each page shows has the shape of the API's
// answer. Prism answers with the OpenAPI examples, so shapes are compared, not values.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createProcessor} from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import {visit} from 'unist-util-visit';
import {literalValue} from '../../plugins/api-request/remark.mts';
import {OpenApiIndex, type ApiCall} from '../../plugins/api-request/openapi-index.mts';

const MOCK_URL = process.env.MOCK_URL ?? 'http://127.0.0.1:4010';

/** The pages a new user follows step by step. Add a page here and its calls are followed too. */
export const FOLLOWED_PAGES = [
  'docs/Getting started/Step by Step Configuration.mdx',
  'docs/Guides/Tutorial Steps.mdx',
  'docs/Guides/CDN Providers/Creating CloudFront Credentials.mdx',
  'docs/Guides/CDN Providers/Creating Cloudflare Credentials.mdx',
  'docs/Guides/CDN Providers/Creating Fastly Credentials.mdx',
];

/** An `<ApiRequest>` of a page, with where it is for messages. */
interface Call extends ApiCall {
  where: string;
}

interface JsxElement {
  type: string;
  name?: string | null;
  position?: {start: {line: number}};
  attributes: Array<{type: string; name: string; value?: string | {data?: {estree?: unknown}} | null}>;
}

const processor = createProcessor({remarkPlugins: [remarkFrontmatter]});
const index = OpenApiIndex.load();

/** The page's <ApiRequest> calls, in page order, with their literal props (the build's parser). */
export function pageCalls(file: string, text = readFileSync(file, 'utf8')): Call[] {
  const calls: Call[] = [];
  visit(processor.parse({value: text, path: file}), ['mdxJsxFlowElement', 'mdxJsxTextElement'], (node) => {
    const element = node as unknown as JsxElement;
    if (element.name !== 'ApiRequest') return;
    const where = `${file}:${element.position?.start.line ?? '?'}`;
    const props: Record<string, unknown> = {};
    for (const attribute of element.attributes) {
      const {name, value} = attribute;
      if (typeof value === 'string') props[name] = value;
      else if (value?.data?.estree) props[name] = literalValue(value.data.estree, `${where} prop "${name}"`);
    }
    calls.push({where, ...(props as Omit<Call, 'where'>)});
  });
  return calls;
}

/**
 * Operations the mock cannot answer as the API does, with the reason. For these, a refused call is
 * compared with the example of the response the page shows, which is what the mock would answer.
 */
const MOCK_LIMITATIONS: Record<string, string> = {
  // Prism requires the readOnly required fields of the schemas in a request body's oneOf
  // (https://github.com/stoplightio/prism/issues/1941), so it refuses every create with 422.
  certificates_create: 'Prism validates readOnly fields inside oneOf request bodies (Prism issue 1941)',
};

/** The first example of a documented response, as Prism would answer it. */
function documentedExample(operationId: string, status: number): unknown {
  const {operation} = index.operations.get(operationId)!;
  const response = index.resolve(operation.responses[String(status)]) as
    {content?: Record<string, {example?: unknown; examples?: Record<string, {value?: unknown}>}>} | undefined;
  const media = response?.content?.['application/json'];
  if (media?.example !== undefined) return media.example;
  const first = Object.values(media?.examples ?? {})[0];
  return (index.resolve(first) as {value?: unknown} | undefined)?.value;
}

/** The schema of one documented response of an operation, or undefined for an empty body. */
function responseSchema(operationId: string, status: number): unknown {
  const {operation} = index.operations.get(operationId)!;
  const response = index.resolve(operation.responses[String(status)]) as
    {content?: Record<string, {schema?: unknown}>} | undefined;
  const content = response?.content ?? {};
  return (content['application/json'] ?? content['application/problem+json'])?.schema;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Where the page's value differs in shape from the API's answer: keys the page shows that the answer
 * lacks, and values of different JSON types. Keys the answer has and the page leaves out are not
 * differences: the schema validation of the page's response already requires every required key, and
 * some keys depend on the request (the metrics asked for). `null` matches anything (a state the
 * example and the page may differ in); arrays are compared by their first items.
 */
export function shapeDifferences(page: unknown, api: unknown, at = ''): string[] {
  if (page === null || api === null || page === undefined || api === undefined) return [];
  if (Array.isArray(page) || Array.isArray(api)) {
    if (!Array.isArray(page) || !Array.isArray(api)) return [`${at || '(root)'}: an array on one side only`];
    return page.length && api.length ? shapeDifferences(page[0], api[0], `${at}/0`) : [];
  }
  if (isObject(page) || isObject(api)) {
    if (!isObject(page) || !isObject(api)) return [`${at || '(root)'}: an object on one side only`];
    const differences: string[] = [];
    for (const key of Object.keys(page))
      if (!(key in api)) differences.push(`${at}/${key}: the page shows it, the API's answer lacks it`);
    for (const key of Object.keys(page))
      if (key in api) differences.push(...shapeDifferences(page[key], api[key], `${at}/${key}`));
    return differences;
  }
  return typeof page === typeof api
    ? []
    : [`${at || '(root)'}: ${typeof page} on the page, ${typeof api} from the API`];
}

/** Sends one call to the mock the way the page's curl command does. */
async function send(call: Call): Promise<{status: number; body: unknown}> {
  const {method, url, contentType} = index.describe(call);
  const server = index.serverFor(call.operation);
  const headers: Record<string, string> = {Authorization: 'Bearer test', Accept: 'application/json'};
  if (method === 'POST') headers['Idempotency-Key'] = crypto.randomUUID();
  if (call.body !== undefined) headers['Content-Type'] = contentType ?? 'application/json';
  const response = await fetch(`${MOCK_URL}${url.slice(server.length)}`, {
    method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return {status: response.status, body};
}

test('shape differences name keys the API lacks and type changes, and accept null for any value', () => {
  assert.deepEqual(shapeDifferences({id: 'a', name: 'x', items: [{n: 1}]}, {id: 'b', name: null, items: [{n: 2}]}), []);
  assert.deepEqual(shapeDifferences({id: 'a', port: '443', hots: 'h'}, {id: 'b', port: 443, host: 'h'}), [
    "/hots: the page shows it, the API's answer lacks it",
    '/port: string on the page, number from the API',
  ]);
});

/** What a reader following the calls in order would meet that the page does not promise. */
export async function followProblems(calls: Call[]): Promise<string[]> {
  const problems: string[] = [];
  for (const call of calls) {
    // The page's own example is valid against the OpenAPI source (as the build checks).
    problems.push(...index.check(call).map((problem: string) => `${call.where}: ${problem}`));
    const expected = call.status ?? 200;
    const answer = await send(call);
    const limitation = MOCK_LIMITATIONS[call.operation];
    if (answer.status !== expected && limitation && answer.status >= 400) {
      // The mock refuses a request the API accepts: compare with the documented example instead.
      const example = documentedExample(call.operation, expected);
      if (example === undefined) problems.push(`${call.where}: ${call.operation} documents no ${expected} example`);
      answer.status = expected;
      answer.body = example;
    }
    if (answer.status !== expected) {
      problems.push(
        `${call.where}: ${call.operation} answered ${answer.status}, the page shows ${expected}: ${JSON.stringify(answer.body).slice(0, 300)}`,
      );
      continue;
    }
    const schema = responseSchema(call.operation, expected);
    if (!schema) {
      if (call.response !== undefined)
        problems.push(`${call.where}: the page shows a body for an empty ${expected} response`);
      continue;
    }
    // The mock's answer is the API's contract; the page's response must have its shape.
    for (const problem of index.validate(schema, answer.body, 'response'))
      problems.push(`${call.where}: the mock's ${call.operation} answer does not match its schema: ${problem}`);
    if (call.response === undefined) {
      problems.push(`${call.where}: ${call.operation} answers a ${expected} body, the page shows none`);
      continue;
    }
    problems.push(
      ...shapeDifferences(call.response, answer.body).map(
        (difference) => `${call.where}: ${call.operation} response ${difference}`,
      ),
    );
  }
  return problems;
}

test('a step whose status or response the API does not give is reported', async () => {
  const page = [
    '<ApiRequest',
    '  operation="services_origins_create"',
    "  path={{service_id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f'}}",
    "  body={{name: 'web-origin', host: 'origin.example.com', protocol: 'https'}}",
    '  status={200}',
    "  response={{id: '3b9e7c14-52d8-4f6a-9e21-7c0d4a8b6f35'}}",
    '/>',
  ].join('\n');
  const problems = await followProblems(pageCalls('page.mdx', page));
  assert.ok(
    problems.some((problem) => /^page\.mdx:1: services_origins_create answered 201, the page shows 200/.test(problem)),
    problems.join('\n'),
  );
});

for (const file of FOLLOWED_PAGES) {
  test(`${file}: every API step answers what the page shows`, async () => {
    const calls = pageCalls(file);
    assert.ok(calls.length > 0, `${file} shows its API steps with <ApiRequest>`);
    assert.deepEqual(await followProblems(calls), []);
  });
}
