import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createProcessor} from '@mdx-js/mdx';
import {checkApiRequests, expandSchemaValues, formatSchemaValue} from './remark.mts';
import {OpenApiIndex} from './openapi-index.mts';

const index = OpenApiIndex.load();
const processor = createProcessor();
const SERVICE = {service_id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f'};

function check(mdx: string) {
  const tree = processor.parse({value: mdx, path: 'page.mdx'});
  const problems = checkApiRequests(tree, {path: 'page.mdx'}, index);
  return {tree, problems};
}

interface Element {
  attributes: {name: string; value: unknown}[];
  children: {type: string; lang: string; meta: string; value: string}[];
}

test('a valid request becomes a curl block with its method and URL from the OpenAPI file', () => {
  const {tree, problems} = check(
    `<ApiRequest operation="services_origins_list" path={${JSON.stringify(SERVICE)}} query={{page_size: 10}} />`,
  );
  assert.deepEqual(problems, []);
  const element = (tree as unknown as {children: Element[]}).children[0];
  assert.deepEqual(
    element.attributes.map((a) => a.name),
    ['operation', 'page'],
  );
  assert.equal(element.attributes[1].value, '/api/services-origins-list');
  assert.equal(element.children.length, 1);
  const [request] = element.children;
  assert.deepEqual([request.type, request.lang, request.meta], ['code', 'bash', 'title="GET request"']);
  assert.ok(
    request.value.startsWith(
      `curl --request GET 'https://api.tributary.example/api/v1/services/${SERVICE.service_id}/origins/?page_size=10'`,
    ),
    request.value,
  );
});

test('a response becomes a JSON block titled with its status; an empty one is said in words', () => {
  const {tree, problems} = check(
    [
      `<ApiRequest operation="services_origins_retrieve" path={{service_id: "${SERVICE.service_id}", origin_id: "3b9e7c14-52d8-4f6a-9e21-7c0d4a8b6f35"}} status={200} response={{id: "3b9e7c14-52d8-4f6a-9e21-7c0d4a8b6f35", name: "web", host: "origin.example.com", created_at: "2026-03-02T10:00:00Z", updated_at: "2026-03-02T10:00:00Z"}} />`,
      '',
      `<ApiRequest operation="services_behaviors_destroy" path={{service_id: "${SERVICE.service_id}", behavior_id: "5a90c3e7-14b2-4d8f-a6e1-c7b4d2f08e39"}} status={204} />`,
    ].join('\n'),
  );
  const [withBody, empty] = (tree as unknown as {children: Element[]}).children;
  assert.equal(withBody.children[1]?.meta, 'title="Response: 200 OK"', problems.join('\n'));
  assert.equal(JSON.parse(withBody.children[1].value).name, 'web');
  assert.equal(empty.attributes.find((a) => a.name === 'emptyStatus')?.value, '204 No Content');
  assert.deepEqual(
    empty.children.map((block) => block.meta),
    ['title="DELETE request"'],
  );
});

test('an unknown operation, a missing path parameter and an invalid body are reported with the line', () => {
  const {problems} = check(
    [
      '<ApiRequest operation="services_origin_create" />',
      '',
      '<ApiRequest operation="services_origins_create" body={{name: "web", host: "origin.example.com", colour: "blue"}} />',
    ].join('\n'),
  );
  assert.equal(problems.length, 3, problems.join('\n'));
  assert.match(problems[0], /page\.mdx:1: .*unknown operation "services_origin_create"/);
  assert.match(problems[1], /page\.mdx:3: .*missing path parameter "service_id"/);
  assert.match(problems[2], /page\.mdx:3: .*unknown property "colour"/);
});

test('headers are checked against the operation and sent by the curl command', () => {
  const body = '{{name: "web-primary", type: "custom", host: "origin.example.com", protocol: "https"}}';
  const {tree, problems} = check(
    `<ApiRequest operation="services_origins_create" path={${JSON.stringify(SERVICE)}} headers={{'Idempotency-Key': '$IDEMPOTENCY_KEY'}} body=${body} />`,
  );
  assert.deepEqual(problems, []);
  const [request] = (tree as unknown as {children: Element[]}).children[0].children;
  assert.match(request.value, /--header "Idempotency-Key: \$IDEMPOTENCY_KEY"/);
  assert.doesNotMatch(
    JSON.stringify((tree as unknown as {children: Element[]}).children[0].attributes),
    /headers/,
    'the headers prop is not passed to the component',
  );
  const wrong = check(
    [
      `<ApiRequest operation="services_origins_create" path={${JSON.stringify(SERVICE)}} headers={{'X-Debug': 'on'}} body=${body} />`,
      '',
      `<ApiRequest operation="services_origins_create" path={${JSON.stringify(SERVICE)}} headers={{'idempotency-key': 'has space'}} body=${body} />`,
    ].join('\n'),
  ).problems;
  assert.equal(wrong.length, 3, wrong.join('\n'));
  assert.match(wrong[0], /page\.mdx:1: .*header "X-Debug" is not defined for services_origins_create/);
  assert.match(wrong[1], /page\.mdx:3: .*header "idempotency-key" is spelled "Idempotency-Key"/);
  assert.match(wrong[2], /page\.mdx:3: .*header "idempotency-key" must match pattern/);
});

test('a response that does not match the schema of its status is reported', () => {
  const {problems} = check(
    `<ApiRequest operation="services_list" status={200} response={{results: [{id: 'not-a-uuid'}], next: null}} />`,
  );
  assert.ok(
    problems.some((p) => /response \/results\/0/.test(p)),
    problems.join('\n'),
  );
});

test('<SchemaValue> reads a limit or default from the OpenAPI schema into the sentence', () => {
  const tree = processor.parse({
    value: 'A set has at most <SchemaValue of="OriginSet.members" fact="maxItems" /> members.',
    path: 'page.mdx',
  });
  assert.deepEqual(expandSchemaValues(tree, {path: 'page.mdx'}, index), []);
  const paragraph = (tree as unknown as {children: {children: {type: string; value: string}[]}[]}).children[0];
  assert.deepEqual(
    paragraph.children.map((node) => node.value).join(''),
    `A set has at most ${index.schemaFact('OriginSet.members', 'maxItems')} members.`,
  );
  assert.equal(index.schemaFact('OriginSet.members', 'maxItems'), 20, 'the value comes from OriginSet.yaml');
  assert.equal(formatSchemaValue(10000), '10,000');
  assert.equal(index.schemaFact('PurgeUrlRequest.urls.items', 'maxLength'), 2048, 'items names the item schema');
});

test('<SchemaValue> of a field or fact the schema lacks is an error that names what exists', () => {
  const tree = processor.parse({
    value:
      '<SchemaValue of="OriginSet.member" fact="maxItems" /> and <SchemaValue of="OriginSet.members" fact="maximum" />',
    path: 'page.mdx',
  });
  const problems = expandSchemaValues(tree, {path: 'page.mdx'}, index);
  assert.equal(problems.length, 2);
  assert.match(problems[0], /^page\.mdx:1: .*OriginSet has no property "member" \(properties: .*members/);
  assert.match(problems[1], /OriginSet\.members has no "maximum" \(it has: .*maxItems/);
});
