import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createProcessor} from '@mdx-js/mdx';
import {checkApiRequests} from './remark.mjs';
import {OpenApiIndex} from './openapi-index.mjs';

const index = OpenApiIndex.load();
const processor = createProcessor();
const SERVICE = {service_id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f'};

function check(mdx: string) {
  const tree = processor.parse({value: mdx, path: 'page.mdx'});
  const problems = checkApiRequests(tree, {path: 'page.mdx'}, index);
  return {tree, problems};
}

test('a valid request gets its method and URL from the OpenAPI file', () => {
  const {tree, problems} = check(
    `<ApiRequest operation="services_origins_list" path={${JSON.stringify(SERVICE)}} query={{page_size: 10}} />`,
  );
  assert.deepEqual(problems, []);
  const element = (tree as unknown as {children: {attributes: {name: string; value: unknown}[]}[]}).children[0];
  const attr = (name: string) => element.attributes.find((a) => a.name === name)?.value;
  assert.equal(attr('method'), 'GET');
  assert.equal(
    attr('url'),
    `https://api.tributary.example/api/v1/services/${SERVICE.service_id}/origins/?page_size=10`,
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

test('a response that does not match the schema of its status is reported', () => {
  const {problems} = check(
    `<ApiRequest operation="services_list" status={200} response={{results: [{id: 'not-a-uuid'}], next: null}} />`,
  );
  assert.ok(
    problems.some((p) => /response \/results\/0/.test(p)),
    problems.join('\n'),
  );
});
