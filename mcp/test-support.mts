// Shared by the MCP server's end-to-end tests (mcp.test.mts through nginx, local.test.mts on a
// loopback port and over stdio): where the build and the server are, clients for both transports,
// the answers both must give alike, and a raw POST that can set any Host and Origin.
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {request} from 'node:http';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8080/docs/';
export const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? path.join(root, 'build'));
export const MCP_URL = new URL('mcp', BASE_URL);
export const SITE = 'https://docs.tributary.example';

export const TOOLS = ['get_api_operation', 'read_page', 'sandbox_request', 'search_docs', 'validate_api_request'];
/** The tools that change nothing; sandbox_request changes a throwaway sandbox (mcp/sandbox.test.mts). */
export const READ_ONLY_TOOLS = TOOLS.filter((name) => name !== 'sandbox_request');
export const SERVICE_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
export const GOOD_ORIGIN = {name: 'web-origin', host: 'origin.example.com', protocol: 'https'};
/** Wrong on purpose: an enum value, an unknown property and a missing required field. */
export const BAD_ORIGIN = {name: 'web-origin', protocol: 'ftp', colour: 'blue'};

export const built = (file: string) => readFileSync(path.join(BUILD_DIR, file), 'utf8');

export async function call(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({name, arguments: args})) as CallToolResult;
}
export const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

/** Site path (without /docs) of a result address, as topPages gives it. */
export const pageOfUrl = (url: string) => decodeURI(new URL(url).pathname.replace(/^\/docs/, ''));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * fetch as a well-behaved client calls: on nginx's 429 it waits as Retry-After says and tries again.
 * The suite makes far more calls a second than an agent (nginx allows 20 a second after a burst of
 * 40); only the rate-limit test, which uses fetch itself, is meant to see a 429.
 */
export async function paced(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(input, init);
    if (response.status !== 429 || attempt === 10) return response;
    await response.body?.cancel();
    await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
  }
}

export async function connectHttp(): Promise<Client> {
  const client = new Client({name: 'tributary-docs-test', version: '1.0.0'});
  await client.connect(new StreamableHTTPClientTransport(MCP_URL, {fetch: paced}));
  return client;
}

export async function connectStdio(): Promise<Client> {
  const client = new Client({name: 'tributary-docs-test', version: '1.0.0'});
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', path.join(root, 'mcp/stdio.mts'), '--build', BUILD_DIR],
      cwd: root,
      stderr: 'inherit',
    }),
  );
  return client;
}

/** What both transports must answer alike. */
export function commonSuite(connect: () => Promise<Client>) {
  let client: Client;
  before(async () => {
    client = await connect();
  });
  after(async () => client?.close());

  test('lists the five tools, each but sandbox_request annotated read-only, and the three resources', async () => {
    const {tools} = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), TOOLS);
    for (const tool of tools) {
      assert.equal(tool.annotations?.readOnlyHint, READ_ONLY_TOOLS.includes(tool.name), tool.name);
      assert.equal(tool.annotations?.destructiveHint, false, tool.name);
      assert.equal(tool.annotations?.openWorldHint, false, tool.name);
      assert.ok((tool.description ?? '').length > 80, `${tool.name} explains itself`);
    }
    const {resources} = await client.listResources();
    const uris = resources.map((resource) => resource.uri);
    assert.deepEqual(
      uris.sort(),
      ['llms.txt', 'openapi.json', 'openapi.yaml'].map((file) => `${SITE}/docs/${file}`),
    );
  });

  test('resources: llms.txt and the OpenAPI bundle as published', async () => {
    const llms = await client.readResource({uri: `${SITE}/docs/llms.txt`});
    assert.equal((llms.contents[0] as {text: string}).text, built('llms.txt'));
    const spec = await client.readResource({uri: `${SITE}/docs/openapi.json`});
    assert.equal(JSON.parse((spec.contents[0] as {text: string}).text).info.title, 'Tributary API');
  });

  test('search finds a page by a misspelled query and the reader can open the result', async () => {
    const result = await call(client, 'search_docs', {query: 'orig shield', limit: 3});
    assert.equal(result.isError, undefined);
    const {results} = result.structuredContent as {results: {url: string; title: string; snippet: string}[]};
    assert.equal(results.length, 3);
    assert.equal(pageOfUrl(results[0].url), '/Guides/Origins/Origin Shield');
    assert.match(results[0].snippet, /\*\*Origin\*\*/);
    const page = await call(client, 'read_page', {address: results[1].url});
    assert.equal(textOf(page), built('Guides/Origins/Origin Shield.md'));
  });

  test('validate: a known-bad body yields each problem at its path', async () => {
    const result = await call(client, 'validate_api_request', {
      operationId: 'services_origins_create',
      path: {service_id: SERVICE_ID},
      body: BAD_ORIGIN,
    });
    const {valid, problems} = result.structuredContent as {valid: boolean; problems: {location: string}[]};
    assert.equal(valid, false);
    const locations = problems.map((problem) => problem.location).sort();
    assert.deepEqual(locations, ['body/colour', 'body/host', 'body/protocol']);
  });

  test('an unknown page is a tool error that says so', async () => {
    const result = await call(client, 'read_page', {address: '/docs/Guides/No Such Page'});
    assert.equal(result.isError, true);
    assert.match(textOf(result), /No page at "\/docs\/Guides\/No Such Page"/);
  });
}

/**
 * A POST with any Host and Origin (fetch would set Host itself): status and JSON-RPC error message.
 * Paced like `paced` on nginx's 429.
 */
export async function rawPost(url: URL, headers: Record<string, string>, body: string) {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await rawPostOnce(url, headers, body);
    if (answer.status !== 429 || attempt === 10) return answer;
    await sleep(1000);
  }
}

export function rawPostOnce(url: URL, headers: Record<string, string>, body: string) {
  return new Promise<{status: number; message?: string}>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const parsed = JSON.parse(text) as {error?: {message: string}};
          resolve({status: res.statusCode ?? 0, message: parsed.error?.message});
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
