// The sandbox_request tool against real sandbox processes (sandbox/main.mts on a temporary database),
// one on a Unix socket as serve-nginx starts it and one on a loopback port as `npm run mock` does,
// with the SDK's client over an in-memory transport. Needs no build: the tool is registered on a
// server of its own (createDocsServer registers the same function; the build's tool list is checked
// in test-support.mts's commonSuite).
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {once} from 'node:events';
import {createServer, type AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {startSandbox, type RunningSandbox} from '../sandbox/process.mts';
import {registerSandboxTool} from './sandbox.mts';
import {sandboxBody, sandboxPath} from './sandbox-arguments.mts';
import {parseSandboxTarget, SandboxClient, SANDBOX_PREFIX} from './sandbox-client.mts';
import {root, textOf} from './test-support.mts';

interface Answer {
  status: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
  token: string;
  newSandbox: boolean;
}

/** A client connected to a server with the sandbox tool only, calling `sandbox` (or none). */
async function connect(sandbox: SandboxClient | undefined) {
  const server = new McpServer({name: 'sandbox-test', version: '1.0.0'});
  registerSandboxTool(server, sandbox);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({name: 'sandbox-test-client', version: '1.0.0'});
  await client.connect(clientSide);
  const call = async (args: Record<string, unknown>) =>
    (await client.callTool({name: 'sandbox_request', arguments: args})) as CallToolResult;
  /** A call that must succeed: its structured answer. */
  const ok = async (args: Record<string, unknown>) => {
    const result = await call(args);
    assert.equal(result.isError, undefined, textOf(result));
    return result.structuredContent as unknown as Answer;
  };
  /** A call that must be a tool error: its message. */
  const refused = async (args: Record<string, unknown>) => {
    const result = await call(args);
    assert.equal(result.isError, true, `${JSON.stringify(args)}: ${textOf(result)}`);
    return textOf(result);
  };
  return {client, call, ok, refused, close: () => client.close()};
}

/** A loopback port no server listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const {port} = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('sandbox_request against running sandboxes', () => {
  let dir: string;
  let socket: string;
  let port: number;
  const running: RunningSandbox[] = [];
  let overSocket: Awaited<ReturnType<typeof connect>>;
  let overPort: Awaited<ReturnType<typeof connect>>;

  before(async () => {
    assert.ok(
      existsSync(path.join(root, 'generated/sandbox/worlds.json')),
      'generated/sandbox/worlds.json is missing: run npm run api:gen first',
    );
    dir = mkdtempSync(path.join(tmpdir(), 'mcp-sandbox-test-'));
    socket = path.join(dir, 'sandbox.sock');
    port = await freePort();
    // Two processes on one database, as serve-nginx runs them: a token works on either.
    const dataDir = path.join(dir, 'data');
    running.push(await startSandbox({listen: socket, dataDir, delayMs: 0}));
    running.push(await startSandbox({listen: String(port), dataDir, delayMs: 0}));
    overSocket = await connect(new SandboxClient(socket, {publicUrl: `https://docs.tributary.example/docs/sandbox`}));
    overPort = await connect(new SandboxClient(`http://127.0.0.1:${port}${SANDBOX_PREFIX}`));
  });

  after(async () => {
    await overSocket?.close();
    await overPort?.close();
    for (const sandbox of running) sandbox.stop();
    await Promise.all(
      running.map(({child}) =>
        child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null,
      ),
    );
    if (dir) rmSync(dir, {recursive: true, force: true});
  });

  test('without a token it makes a sandbox, creates a service, and the token lists it', async () => {
    const created = await overSocket.ok({
      method: 'POST',
      path: '/services/',
      body: {name: 'mcp-sandbox-test', template: 'DEFAULT'},
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.newSandbox, true);
    assert.match(created.token, /^sbx_/);
    assert.equal(created.method, 'POST');
    assert.equal(created.url, 'https://docs.tributary.example/docs/sandbox/api/v1/services/');
    const id = created.body!.id as string;
    // The sandbox names its public address in Location (the Host the tool sent over the socket).
    assert.equal(created.headers.Location, `https://docs.tributary.example/docs/sandbox/api/v1/services/${id}/`);
    assert.ok(created.headers.ETag);
    assert.ok(created.headers['X-Request-Id']);
    assert.ok(created.headers['RateLimit-Remaining']);

    const listed = await overSocket.ok({method: 'GET', path: '/api/v1/services/', token: created.token});
    assert.equal(listed.status, 200);
    assert.equal(listed.newSandbox, false);
    assert.equal(listed.token, created.token);
    const names = (listed.body!.results as {id: string; name: string}[]).map((service) => service.name);
    assert.ok(names.includes('mcp-sandbox-test'), names.join(', '));
    // Seeded with the example world: the guides' services are there too.
    assert.ok(names.length > 1, names.join(', '));

    // The same sandbox through the other process, on a port: the token and the service are there.
    const retrieved = await overPort.ok({
      method: 'get',
      path: `/docs/sandbox/api/v1/services/${id}`,
      token: created.token,
    });
    assert.equal(retrieved.method, 'GET');
    assert.equal(retrieved.status, 200);
    assert.equal(retrieved.body!.name, 'mcp-sandbox-test');
    assert.equal(retrieved.url, `http://127.0.0.1:${port}/docs/sandbox/api/v1/services/${id}`);

    // PATCH goes as a merge patch, with If-Match; a stale ETag is the API's 412.
    const patched = await overPort.ok({
      method: 'PATCH',
      path: `/services/${id}/`,
      body: JSON.stringify({name: 'mcp-sandbox-renamed'}),
      headers: {'if-match': retrieved.headers.ETag},
      token: created.token,
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal(patched.body!.name, 'mcp-sandbox-renamed');
    const stale = await overPort.ok({
      method: 'PATCH',
      path: `/services/${id}/`,
      body: {name: 'again'},
      headers: {'If-Match': retrieved.headers.ETag},
      token: created.token,
    });
    assert.equal(stale.status, 412);
    assert.equal(stale.headers['Content-Type'], 'application/problem+json');
    assert.match(String(stale.body!.type), /#precondition-failed$/);

    // Query parameters, from `query` and from the path (a `next` link's path and query).
    const page = await overSocket.ok({method: 'GET', path: '/services/', query: {page_size: 1}, token: created.token});
    assert.equal((page.body!.results as unknown[]).length, 1);
    assert.ok(page.body!.next);
    const next = new URL(String(page.body!.next));
    const second = await overSocket.ok({method: 'GET', path: `${next.pathname}${next.search}`, token: created.token});
    assert.equal(second.status, 200);
    assert.notDeepEqual(second.body!.results, page.body!.results);
  });

  test('an API error is an answer (status, problem+json), not a tool error', async () => {
    const invalid = await overPort.ok({method: 'POST', path: '/services/', body: {name: ''}, seed: 'none'});
    assert.equal(invalid.status, 422);
    assert.equal(invalid.newSandbox, true);
    assert.match(String(invalid.body!.type), /#validation-failed$/);
    const empty = await overPort.ok({method: 'GET', path: '/services/', token: invalid.token});
    assert.deepEqual(empty.body!.results, []);
    const unknown = await overPort.call({method: 'GET', path: '/services/', token: 'sbx_not-a-token'});
    assert.equal(unknown.isError, undefined);
    assert.equal((unknown.structuredContent as unknown as Answer).status, 401);
    assert.match(textOf(unknown), /leave out "token" to start a new sandbox/);
  });

  test('bad arguments are tool errors that say what to send instead', async () => {
    const {refused} = overSocket;
    assert.match(
      await refused({method: 'GET', path: 'https://api.tributary.example/api/v1/services/'}),
      /not a URL: this tool only calls the sandbox/,
    );
    assert.match(await refused({method: 'GET', path: '//evil.example/api/v1/services/'}), /not a URL/);
    assert.match(
      await refused({method: 'TRACE', path: '/services/'}),
      /Invalid arguments for tool sandbox_request: Invalid option: expected one of "GET"\|"POST"\|"PUT"\|"PATCH"\|"DELETE" at method/,
    );
    assert.match(await refused({method: 'GET', path: '/services/', body: 'hello'}), /A GET request takes no body/);
    assert.match(await refused({method: 'GET', path: '/services/', body: {name: 'x'}}), /takes no body/);
    assert.match(await refused({method: 'POST', path: '/services/', body: 42}), /must be a JSON object/);
    assert.match(await refused({method: 'POST', path: '/services/', body: '{name: x'}), /The body is not JSON/);
    assert.match(await refused({method: 'GET', path: '/services/../../etc/passwd'}), /"\." or "\.\." segments/);
    assert.match(await refused({method: 'GET', path: '/services/%2e%2e/tokens'}), /"\." or "\.\." segments/);
    assert.match(await refused({method: 'GET', path: '/services/{service_id}/origins/'}), /Replace the placeholder/);
    assert.match(await refused({method: 'GET', path: '/api/v3/services/'}), /under \/api\/v1/);
    assert.match(
      await refused({method: 'GET', path: '/services/', headers: {Authorization: 'Bearer x'}}),
      /only Idempotency-Key and If-Match/,
    );
    assert.match(await refused({method: 'GET', path: '/services/', seed: 'other'}), /Invalid arguments/);
    assert.match(await refused({method: 'GET', path: '/services/', token: 'two words'}), /no spaces/);
    assert.match(await refused({path: '/services/'}), /Invalid arguments/);
  });
});

describe('sandbox_request without a sandbox', () => {
  test('no sandbox configured, and a sandbox that does not answer, are tool errors', async () => {
    const none = await connect(undefined);
    assert.match(await none.refused({method: 'GET', path: '/services/'}), /No sandbox is configured.*--sandbox/);
    await none.close();
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-sandbox-none-'));
    try {
      const missing = await connect(new SandboxClient(path.join(dir, 'nothing.sock')));
      const message = await missing.refused({method: 'GET', path: '/services/'});
      assert.match(message, /The sandbox is unreachable \(the sandbox of this server: ENOENT\)/);
      assert.ok(!message.includes(dir), 'the socket path stays on the server');
      await missing.close();
      const closed = await connect(new SandboxClient(`http://127.0.0.1:${await freePort()}/docs/sandbox`));
      assert.match(
        await closed.refused({method: 'GET', path: '/services/', token: 'sbx_x'}),
        /The sandbox is unreachable \(http:\/\/127\.0\.0\.1:\d+\/docs\/sandbox: ECONNREFUSED\)\. Start it with "npm run mock"/,
      );
      await closed.close();
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});

describe('sandbox_request: paths, bodies and --sandbox', () => {
  test('paths go under /api/v1 unless they name /api/v2 or a test helper', () => {
    const cases: {given: string; query?: Parameters<typeof sandboxPath>[1]; sent: string}[] = [
      {given: '/services/', sent: '/api/v1/services/'},
      {given: 'services', sent: '/api/v1/services'},
      {given: '/api/v1/services/', sent: '/api/v1/services/'},
      {given: '/api/v2/stats/traffic-overtime/', sent: '/api/v2/stats/traffic-overtime/'},
      {given: '/docs/sandbox/api/v1/services/?page_size=2', sent: '/api/v1/services/?page_size=2'},
      {
        given: '/services/',
        query: {page_size: '5', metrics: ['requests', 'bytes']},
        sent: '/api/v1/services/?page_size=5&metrics=requests&metrics=bytes',
      },
      {given: '/services/?page_size=2', query: {page_size: 3}, sent: '/api/v1/services/?page_size=3'},
      {given: '/test-helpers/complete', sent: '/test-helpers/complete'},
      {given: '/tokens', sent: '/api/v1/tokens'},
    ];
    for (const {given, query, sent} of cases) assert.equal(sandboxPath(given, query), sent, given);
  });

  test('bodies: JSON text is parsed, none on GET and DELETE', () => {
    assert.equal(sandboxBody('POST', '{"a": 1}'), '{"a":1}');
    assert.equal(sandboxBody('PUT', [{a: 1}]), '[{"a":1}]');
    assert.equal(sandboxBody('GET', undefined), undefined);
    assert.throws(() => sandboxBody('DELETE', {a: 1}), /A DELETE request takes no body/);
  });

  test('--sandbox takes a URL (default path /docs/sandbox) or a socket path', () => {
    assert.deepEqual(parseSandboxTarget('/run/sandbox.sock'), {kind: 'socket', socketPath: '/run/sandbox.sock'});
    assert.deepEqual(parseSandboxTarget('unix:/run/sandbox.sock'), {kind: 'socket', socketPath: '/run/sandbox.sock'});
    const local = parseSandboxTarget('http://127.0.0.1:4010');
    assert.equal(local.kind === 'url' && local.url.href, 'http://127.0.0.1:4010/docs/sandbox');
    const public_ = parseSandboxTarget('https://docs.tributary.example/docs/sandbox/');
    assert.equal(public_.kind === 'url' && public_.url.href, 'https://docs.tributary.example/docs/sandbox');
    assert.throws(() => parseSandboxTarget('sandbox.example'), /takes an http\(s\) URL or a Unix socket path/);
    assert.throws(() => parseSandboxTarget('http://user:pw@127.0.0.1:4010/'), /without credentials/);
  });
});
