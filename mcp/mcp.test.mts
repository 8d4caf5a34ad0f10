// The MCP server end to end through nginx, as `npm test` serves the build (BASE_URL), with the
// official SDK's client over Streamable HTTP: each tool with good and bad input, search against the
// site's relevance fixture, HTTP's edge cases, and nginx's limits last. The server on a loopback
// port and over stdio: local.test.mts. Both files run the answers of test-support.mts's commonSuite.
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {RELEVANCE_QUERIES, loadBuiltEngine, topPages} from '../plugins/search/stats.mts';
import {OpenApiIndex} from '../plugins/api-request/openapi-index.mts';
import {
  BASE_URL,
  BUILD_DIR,
  MCP_URL,
  SITE,
  SERVICE_ID,
  TOOLS,
  GOOD_ORIGIN,
  BAD_ORIGIN,
  built,
  call,
  textOf,
  pageOfUrl,
  sleep,
  paced,
  connectHttp,
  commonSuite,
  rawPost,
} from './test-support.mts';

describe('MCP server over Streamable HTTP through nginx', () => {
  describe('common answers', () => commonSuite(connectHttp));

  describe('tools, good and bad input', () => {
    let client: Client;
    const {engine} = loadBuiltEngine(BUILD_DIR);
    const api = OpenApiIndex.load(path.join(BUILD_DIR, 'openapi.json'));
    before(async () => {
      client = await connectHttp();
    });
    after(async () => client?.close());

    test('search: the same top 3 pages as the site search for every relevance query', async () => {
      const wrong: string[] = [];
      for (const {query, expect} of RELEVANCE_QUERIES) {
        const result = await call(client, 'search_docs', {query, limit: 10});
        const pages: string[] = [];
        for (const {url} of (result.structuredContent as {results: {url: string}[]}).results) {
          if (!pages.includes(pageOfUrl(url))) pages.push(pageOfUrl(url));
        }
        const top = pages.slice(0, 3);
        const site = topPages(engine, query);
        if (JSON.stringify(top) !== JSON.stringify(site) || !top.includes(expect)) {
          wrong.push(`“${query}”: MCP ${top.join(' | ')}; site ${site.join(' | ')}; expected ${expect}`);
        }
      }
      assert.deepEqual(wrong, []);
    });

    test('search: the section filter, the limit, and an unknown section', async () => {
      const inApi = await call(client, 'search_docs', {query: 'origin', section: 'api', limit: 5});
      const apiResults = (inApi.structuredContent as {results: {section: string; url: string}[]}).results;
      assert.equal(apiResults.length, 5);
      for (const result of apiResults) assert.equal(result.section, 'api', result.url);
      const inGuides = await call(client, 'search_docs', {query: 'origin', section: 'guides/origins', limit: 20});
      const guideResults = (inGuides.structuredContent as {results: {section: string}[]}).results;
      assert.ok(guideResults.length > 0);
      for (const result of guideResults) assert.equal(result.section, 'Guides/Origins');
      const unknown = await call(client, 'search_docs', {query: 'origin', section: 'Recipes'});
      assert.equal(unknown.isError, true);
      assert.match(textOf(unknown), /Unknown section "Recipes"\. Sections: .*Guides\/Origins/);
    });

    test('search: a long query, too many words and a limit out of range are refused with a clear message', async () => {
      const huge = await call(client, 'search_docs', {query: 'origin '.repeat(15_000)});
      assert.equal(huge.isError, true);
      assert.match(textOf(huge), /query is longer than 200 characters/);
      const longest = await call(client, 'search_docs', {query: `${'o'.repeat(199)} `});
      assert.equal(longest.isError, undefined, textOf(longest));
      const tooLong = await call(client, 'search_docs', {query: 'o'.repeat(201)});
      assert.equal(tooLong.isError, true);
      assert.match(textOf(tooLong), /the query is longer than 200 characters; use a few words/);
      const twelve = await call(client, 'search_docs', {query: Array.from({length: 12}, () => 'origin').join(' ')});
      assert.equal(twelve.isError, undefined, textOf(twelve));
      const thirteen = await call(client, 'search_docs', {query: Array.from({length: 13}, () => 'ab').join(' ')});
      assert.equal(thirteen.isError, true);
      assert.match(textOf(thirteen), /the query has more than 12 words; use a few words/);
      const limit = await call(client, 'search_docs', {query: 'origin', limit: 1000});
      assert.equal(limit.isError, true);
      assert.match(textOf(limit), /limit/);
      const nothing = await call(client, 'search_docs', {query: 'zzqxw vvkjh'});
      assert.equal(nothing.isError, undefined);
      assert.match(textOf(nothing), /Nothing found/);
    });

    test('read_page: any form of an address gives the Markdown twin the build wrote', async () => {
      const twin = built('Guides/Origins/Origin Shield.md');
      for (const address of [
        `${SITE}/docs/Guides/Origins/Origin%20Shield`,
        'http://127.0.0.1:1/docs/Guides/Origins/Origin Shield/#verify',
        '/docs/Guides/Origins/Origin%20Shield.md',
        'Guides/Origins/Origin Shield',
      ]) {
        const result = await call(client, 'read_page', {address});
        assert.equal(result.isError, undefined, address);
        assert.equal(textOf(result), twin, address);
      }
      assert.equal(textOf(await call(client, 'read_page', {address: `${SITE}/docs/`})), built('index.md'));
      assert.equal(
        textOf(await call(client, 'read_page', {address: '/docs/api/services-list'})),
        built('api/services-list.md'),
      );
    });

    test('read_page: no way out of the build, and the not-found text is not a page', async () => {
      for (const address of [
        '/docs/../../../etc/passwd',
        '/docs/../package.json',
        '/docs/%2e%2e/%2e%2e/etc/hosts',
        '/docs/404',
      ]) {
        const result = await call(client, 'read_page', {address});
        assert.equal(result.isError, true, address);
        assert.match(textOf(result), /No page at/);
      }
    });

    test('get_api_operation: by operationId or by method and path in any parameter style', async () => {
      const expected = built('api/services-origins-create.md');
      for (const args of [
        {operationId: 'services_origins_create'},
        {operationId: 'services-origins-create'},
        {method: 'POST', path: '/services/{service_id}/origins'},
        {method: 'post', path: '/services/{serviceId}/origins/'},
        {method: 'POST', path: 'https://api.tributary.example/api/v1/services/:service_id/origins'},
        {path: 'POST /services/{serviceId}/origins'},
        {path: 'post  /services/{service_id}/origins/'},
        {method: 'POST', path: 'POST /services/{serviceId}/origins'},
      ]) {
        const result = await call(client, 'get_api_operation', args);
        assert.ok(textOf(result) === expected, `${JSON.stringify(args)}: ${textOf(result).slice(0, 200)}`);
      }
      assert.match(expected, /^# Create an origin/);
    });

    test('get_api_operation: unknown operations and wrong methods say what exists', async () => {
      const unknown = await call(client, 'get_api_operation', {operationId: 'services_origin_creat'});
      assert.equal(unknown.isError, true);
      assert.match(
        textOf(unknown),
        /Unknown API operation "services_origin_creat"\. Did you mean .*services_origins_create/,
      );
      const wrongMethod = await call(client, 'get_api_operation', {method: 'PATCH', path: '/services/{id}/origins'});
      assert.equal(wrongMethod.isError, true);
      assert.match(textOf(wrongMethod), /Operations at this path: .*POST \/services\/\{service_id\}\/origins\//);
      const conflicting = await call(client, 'get_api_operation', {
        method: 'GET',
        path: 'POST /services/{serviceId}/origins',
      });
      assert.equal(conflicting.isError, true);
      assert.match(textOf(conflicting), /The method GET and the method in the path \(POST\) differ/);
      const nothing = await call(client, 'get_api_operation', {});
      assert.equal(nothing.isError, true);
      assert.match(textOf(nothing), /Give an operationId, or a method and a path/);
    });

    test('validate: a good request is valid, with its method and URL', async () => {
      const result = await call(client, 'validate_api_request', {
        operationId: 'services_origins_create',
        path: {service_id: SERVICE_ID},
        body: GOOD_ORIGIN,
      });
      assert.deepEqual(result.structuredContent, {
        valid: true,
        operationId: 'services_origins_create',
        method: 'POST',
        url: `https://api.tributary.example/api/v1/services/${SERVICE_ID}/origins/`,
        problems: [],
      });
      const asText = await call(client, 'validate_api_request', {
        operationId: 'services_origins_create',
        path: {service_id: SERVICE_ID},
        body: JSON.stringify(GOOD_ORIGIN),
      });
      assert.equal((asText.structuredContent as {valid: boolean}).valid, true);
    });

    test('validate: the same problems as the check of the guides’ <ApiRequest> examples', async () => {
      const request = {
        operationId: 'services_origins_create',
        path: {service_id: 'not-a-uuid', extra: 1},
        query: {page: 'x'},
        body: BAD_ORIGIN,
      };
      const result = await call(client, 'validate_api_request', request);
      const {problems} = result.structuredContent as {problems: {location: string; message: string}[]};
      const guideCheck = api.check({
        operation: request.operationId,
        path: request.path,
        query: request.query,
        body: request.body,
      });
      // The tool's problems are the guides' check's, each with its location instead of a text line.
      const detailed = api.checkDetailed({
        operation: request.operationId,
        path: request.path,
        query: request.query,
        body: request.body,
      });
      assert.deepEqual(
        detailed.map((problem) => problem.text),
        guideCheck,
      );
      assert.deepEqual(
        problems.map((problem) => `${problem.location}: ${problem.message}`),
        detailed.map((problem) => `${problem.location}: ${problem.message}`),
      );
      const byLocation = Object.fromEntries(problems.map((problem) => [problem.location, problem.message]));
      assert.equal(byLocation['path/service_id'], 'must match format "uuid"');
      assert.equal(byLocation['path/extra'], 'is not a parameter of this operation');
      assert.equal(byLocation['query/page'], 'is not a parameter of this operation');
      assert.equal(byLocation['body/colour'], 'unknown property "colour"');
      assert.match(byLocation['body/protocol'], /^must be one of /);
      assert.ok(textOf(result).startsWith(`${guideCheck.length} problem(s) in POST `), textOf(result));
    });

    test('validate: a body that is not JSON, an unknown operation and a missing body are told apart', async () => {
      const notJson = await call(client, 'validate_api_request', {
        operationId: 'services_origins_create',
        path: {service_id: SERVICE_ID},
        body: '{name: web-origin',
      });
      assert.equal(notJson.isError, true);
      assert.match(textOf(notJson), /The body is not JSON/);
      const unknown = await call(client, 'validate_api_request', {operationId: 'delete_everything'});
      assert.equal(unknown.isError, true);
      assert.match(textOf(unknown), /Unknown API operation "delete_everything"/);
      const missing = await call(client, 'validate_api_request', {
        operationId: 'services_origins_create',
        path: {service_id: SERVICE_ID},
      });
      assert.deepEqual((missing.structuredContent as {problems: unknown[]}).problems, [
        {location: 'body', message: 'a request body is required'},
      ]);
    });

    test('sandbox_request: the server calls the sandbox nginx serves, whose API then knows its token', async () => {
      const created = await call(client, 'sandbox_request', {
        method: 'POST',
        path: '/services/',
        body: {name: 'mcp-e2e-service', template: 'DEFAULT'},
      });
      assert.equal(created.isError, undefined, textOf(created));
      const {status, token, newSandbox} = created.structuredContent as {
        status: number;
        token: string;
        newSandbox: boolean;
      };
      assert.equal(status, 201, textOf(created));
      assert.equal(newSandbox, true);
      const listed = await paced(new URL('sandbox/api/v1/services/', BASE_URL), {
        headers: {authorization: `Bearer ${token}`},
      });
      assert.equal(listed.status, 200);
      const {results} = (await listed.json()) as {results: {name: string}[]};
      assert.ok(results.some((service) => service.name === 'mcp-e2e-service'));
      const again = await call(client, 'sandbox_request', {method: 'GET', path: '/api/v1/services/', token});
      assert.equal((again.structuredContent as {status: number}).status, 200, textOf(again));
      const url = await call(client, 'sandbox_request', {method: 'GET', path: `${BASE_URL}sandbox/api/v1/services/`});
      assert.equal(url.isError, true);
      assert.match(textOf(url), /not a URL/);
    });

    test('an unknown tool is an error result, and the server carries on', async () => {
      const result = await call(client, 'write_page', {});
      assert.equal(result.isError, true);
      assert.match(textOf(result), /Tool write_page not found/);
      const {tools} = await client.listTools();
      assert.equal(tools.length, TOOLS.length);
    });
  });

  describe('HTTP: stateless, and bad requests answered as JSON-RPC errors', () => {
    const headers = {'content-type': 'application/json', accept: 'application/json, text/event-stream'};
    const post = (body: string) => paced(MCP_URL, {method: 'POST', headers, body});
    const list = (id: number) => JSON.stringify({jsonrpc: '2.0', id, method: 'tools/list'});

    test('no session: any request stands alone, without initialize, and gets no session id', async () => {
      const response = await post(list(1));
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('mcp-session-id'), null);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      const body = (await response.json()) as {result: {tools: unknown[]}};
      assert.equal(body.result.tools.length, TOOLS.length);
    });

    test('a body that is not JSON, and GET', async () => {
      const notJson = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
      assert.equal(notJson.status, 400);
      assert.equal(((await notJson.json()) as {error: {code: number}}).error.code, -32700);
      const get = await paced(MCP_URL, {headers: {accept: 'text/event-stream'}});
      assert.equal(get.status, 405);
      assert.equal(get.headers.get('allow'), 'POST');
    });

    test('a batch of at most 8 messages is answered; one of 9 is refused before any call runs', async () => {
      const eight = await post(`[${Array.from({length: 8}, (_, id) => list(id)).join(',')}]`);
      assert.equal(eight.status, 200);
      assert.equal(((await eight.json()) as unknown[]).length, 8);
      const search = (id: number) =>
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: {name: 'search_docs', arguments: {query: 'origin shield'}},
        });
      const nine = await post(`[${Array.from({length: 9}, (_, id) => search(id)).join(',')}]`);
      assert.equal(nine.status, 400);
      const body = (await nine.json()) as {id: null; error: {code: number; message: string}};
      assert.equal(body.error.code, -32600);
      assert.equal(body.id, null);
      assert.match(body.error.message, /^Invalid Request: a batch holds at most 8 messages \(this one has 9\)\./);
    });

    test('a browser request from another web origin is refused, one from the site itself answered', async () => {
      const refused = await rawPost(MCP_URL, {origin: 'https://attacker.example'}, list(1));
      assert.equal(refused.status, 403);
      assert.equal(refused.message, 'Forbidden: requests from another web origin are refused.');
      assert.equal((await rawPost(MCP_URL, {origin: MCP_URL.origin}, list(1))).status, 200);
      assert.equal((await rawPost(MCP_URL, {origin: SITE}, list(1))).status, 200);
    });

    test('the endpoint with a trailing slash is the same endpoint', async () => {
      const response = await paced(new URL('mcp/', BASE_URL), {method: 'POST', headers, body: list(1)});
      assert.equal(response.status, 200);
      assert.equal(((await response.json()) as {result: {tools: unknown[]}}).result.tools.length, TOOLS.length);
    });

    test('nginx refuses a body over 256 kB with a JSON-RPC error', async () => {
      const big = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {name: 'search_docs', arguments: {query: 'x'.repeat(300_000)}},
      });
      const response = await post(big);
      assert.equal(response.status, 413);
      const body = (await response.json()) as {error: {code: number; message: string}};
      assert.equal(body.error.code, -32000);
      assert.match(body.error.message, /Request too large/);
    });

    test('nginx limits the request rate per client with a JSON-RPC error, and the server keeps answering', async () => {
      // 400 at once against a burst of 40: the rest must be refused by nginx (its own message).
      await sleep(2000); // the bucket of the calls before empties: 40 at once are then allowed
      const responses = await Promise.all(
        Array.from({length: 400}, (_, id) => fetch(MCP_URL, {method: 'POST', headers, body: list(id)})),
      );
      const statuses = responses.map((response) => response.status);
      assert.deepEqual([...new Set(statuses)].sort(), [200, 429]);
      const limited = responses.filter((response) => response.status === 429);
      assert.ok(limited.length >= 300, `${limited.length} of 400 refused`);
      const body = (await limited[0].json()) as {error: {code: number; message: string}};
      assert.equal(body.error.code, -32000);
      assert.match(body.error.message, /^Too many requests: at most 20 a second per client/);
      assert.equal(limited[0].headers.get('retry-after'), '1');
      await Promise.all(responses.map((response) => (response.bodyUsed ? undefined : response.body?.cancel())));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal((await post(list(1))).status, 200);
    });
  });
});
