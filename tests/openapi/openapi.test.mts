import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {OpenApiIndex} from '../../plugins/api-request/openapi-index.mts';
import {bundleOpenApi} from '../../scripts/bundle-openapi.mts';
import {catalogue} from '../support/site.mts';
import {pageId} from '../../src/lib/openapi';
import {brand} from '../../src/brand';
import {problemCatalogue, problemExamples} from '../../src/lib/openapi/problem-types.ts';

const index = OpenApiIndex.load();
const spec = index.spec;

test('every catalogue API operation exists under its exact page name, with one tag and a summary', () => {
  // The catalogue (shared/spec/CATALOGUE.md) is the contract; the module's page-address rule must meet it.
  const pages = [...index.operations.keys()].map(pageId).sort();
  const expected = catalogue.apiPages.filter((page) => page !== 'tributary-api').sort();
  assert.deepEqual(pages, expected);
  const tagNames = new Set(spec.tags.map((tag: {name: string}) => tag.name));
  for (const [id, {operation}] of index.operations) {
    assert.equal(operation.tags?.length, 1, `${id} has one tag`);
    assert.ok(tagNames.has(operation.tags[0]), `${id}: tag ${operation.tags[0]} is declared`);
    assert.ok(operation.summary && operation.description, `${id} has a summary and a description`);
  }
});

test('every tag has a description that links to its guide', () => {
  for (const tag of spec.tags) assert.match(tag.description, /\]\(\/docs\/Guides\//, tag.name);
});

test('every example in the bundle validates against its schema', () => {
  let checked = 0;
  const problems: string[] = [];
  const visitContent = (where: string, direction: 'request' | 'response', content: Record<string, {schema?: object; examples?: Record<string, {value?: unknown}>}>) => {
    for (const [type, media] of Object.entries(content ?? {})) {
      for (const [name, example] of Object.entries(media.examples ?? {})) {
        const resolved = index.resolve(example) as {value?: unknown};
        if (!media.schema || resolved.value === undefined) continue;
        checked += 1;
        for (const message of index.validate(media.schema, resolved.value, direction)) problems.push(`${where} ${type} ${name}: ${message}`);
      }
    }
  };
  for (const [id, {operation}] of index.operations) {
    const body = index.resolve(operation.requestBody);
    if (body) visitContent(`${id} request`, 'request', body.content);
    for (const [status, response] of Object.entries(operation.responses)) {
      visitContent(`${id} ${status}`, 'response', index.resolve(response).content);
    }
  }
  // Webhooks: the body Tributary sends is read by the customer, like a response.
  for (const [name, item] of Object.entries(spec.webhooks ?? {})) {
    for (const [method, operation] of Object.entries(index.resolve(item) as Record<string, {requestBody?: unknown}>)) {
      const body = index.resolve(operation.requestBody);
      if (body) visitContent(`webhook ${name} ${method}`, 'response', body.content);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked > 300, `only ${checked} examples checked`);
});

test('every operation documents its errors as problem+json and its success with an example', () => {
  for (const [id, {operation, method}] of index.operations) {
    const codes = Object.keys(operation.responses);
    assert.ok(codes.some((code) => code.startsWith('2')), `${id} has a success response`);
    for (const required of ['401', '403', '429']) assert.ok(codes.includes(required), `${id} documents ${required}`);
    if (['post', 'put'].includes(method)) assert.ok(codes.includes('422') || !operation.requestBody, `${id} documents 422`);
    for (const code of codes.filter((c) => /^[45]/.test(c))) {
      assert.ok(index.resolve(operation.responses[code]).content['application/problem+json'], `${id} ${code} is problem+json`);
    }
  }
});

test('every problem+json example names a catalogued problem type, a page of this site, with its title and status', () => {
  const problemTypes = problemCatalogue(spec)!;
  assert.equal(problemTypes.base, `${brand.siteUrl}${brand.baseUrl}api/problem-types`);
  const byUri = new Map(problemTypes.types.map((type) => [type.uri, type]));
  const problems: string[] = [];
  let checked = 0;
  for (const [id, {operation}] of index.operations) {
    for (const [status, response] of Object.entries(operation.responses)) {
      for (const {name, value} of problemExamples(spec, response)) {
        checked += 1;
        const type = byUri.get(value?.type ?? '');
        if (!type) problems.push(`${id} ${status} ${name}: unknown type ${value?.type}`);
        else if (type.title !== value.title || type.status !== value.status) {
          problems.push(`${id} ${status} ${name}: "${value.title}" ${value.status}, catalogue "${type.title}" ${type.status}`);
        } else if (/^\d{3}$/.test(status) && Number(status) !== value.status) {
          problems.push(`${id} ${status} ${name}: status ${value.status}`);
        }
      }
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(checked > 1000, `only ${checked} problem examples checked`);
});

test('the alert webhook payload and its signature header are documented in webhooks', () => {
  const webhook = index.resolve(spec.webhooks.alertNotification).post;
  assert.deepEqual(webhook.tags, ['Alert Channels']);
  assert.ok(webhook.parameters.some((p: {name: string; required: boolean}) => p.name === 'X-Tributary-Signature' && p.required));
  const payload = index.resolve(index.resolve(webhook.requestBody).content['application/json'].schema);
  assert.deepEqual(payload.properties.event.enum, ['alert.triggered', 'alert.resolved', 'alert.test']);
  // The body shown in the Alerts guide is a valid payload.
  const guide = readFileSync('docs/Guides/Account Settings/Alerts.mdx', 'utf8');
  const body = guide.match(/```json title="Webhook notification body"\n([\s\S]*?)\n```/)?.[1];
  assert.ok(body, 'the Alerts guide shows the webhook notification body');
  assert.deepEqual(index.validate(payload, JSON.parse(body!), 'response'), []);
  // The channel schema describes the same signature.
  assert.match(index.flatten(spec.components.schemas.AlertChannelWebhook).description, /X-Tributary-Signature: t=<unix time>,v1=<signature>/);
});

test('security is a bearer token and the servers are production, the sandbox and the local sandbox', () => {
  assert.equal(spec.components.securitySchemes.bearerAuth.scheme, 'bearer');
  assert.deepEqual(
    spec.servers.map((server: {url: string}) => server.url),
    [
      'https://api.tributary.example/api/v1',
      'https://docs.tributary.example/docs/sandbox/api/v1',
      'http://127.0.0.1:4010/docs/sandbox/api/v1',
    ],
  );
});

test('a malformed OpenAPI file fails the bundle with the file and the line of the problem', async () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'openapi-'));
  cpSync('openapi', copy, {recursive: true});
  writeFileSync(path.join(copy, 'paths/origins/item.yaml'), 'get:\n  summary: [unclosed\n  operationId: x\n');
  await assert.rejects(bundleOpenApi(path.join(copy, 'openapi.yaml')), (error: Error) => {
    assert.match(error.message, /paths\/origins\/item\.yaml:\d+:\d+/);
    return true;
  });
  const wrongType = mkdtempSync(path.join(tmpdir(), 'openapi-'));
  cpSync('openapi', wrongType, {recursive: true});
  const item = path.join(wrongType, 'paths/origins/item.yaml');
  writeFileSync(item, readFileSync(item, 'utf8').replace('operationId: services_origins_retrieve', 'operationId: [services_origins_retrieve]'));
  await assert.rejects(bundleOpenApi(path.join(wrongType, 'openapi.yaml')), (error: Error) => {
    assert.match(error.message, /paths\/origins\/item\.yaml:\d+:\d+.*type `string`/);
    return true;
  });
});
