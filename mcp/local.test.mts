// The MCP server without nginx: `npm run mcp:http` on a loopback port (its Host and Origin
// allow-list) and `npm run mcp` over stdio (the answers both transports must give alike).
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Server} from 'node:http';
import {createHttpServer, listen, loopbackHosts} from './http.mts';
import {DocsSite} from './site.mts';
import {BUILD_DIR, SITE, connectStdio, commonSuite, rawPost} from './test-support.mts';

describe('npm run mcp:http on a loopback port: Host and Origin allow-list', () => {
  const list = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'});
  const options: {allowedHosts?: string[]} = {};
  let server: Server;
  let url: URL;
  let port: number;
  before(async () => {
    server = createHttpServer(new DocsSite(BUILD_DIR, SITE), options);
    const where = await listen(server, '127.0.0.1:0');
    port = Number(where.split(':').pop());
    options.allowedHosts = loopbackHosts(port);
    url = new URL(`http://127.0.0.1:${port}/docs/mcp`);
  });
  after(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  test('a loopback Host without an Origin, or with its own or the site’s origin, is answered', async () => {
    const allowed: Record<string, string>[] = [
      {},
      {host: `localhost:${port}`},
      {origin: `http://127.0.0.1:${port}`},
      {host: `localhost:${port}`, origin: `http://localhost:${port}`},
      {origin: SITE},
    ];
    for (const headers of allowed) {
      assert.equal((await rawPost(url, headers, list)).status, 200, JSON.stringify(headers));
    }
  });

  test('another Host (DNS rebinding) and another browser origin are refused with 403', async () => {
    const rebound = await rawPost(
      url,
      {host: `attacker.example:${port}`, origin: `http://attacker.example:${port}`},
      list,
    );
    assert.equal(rebound.status, 403);
    assert.match(rebound.message ?? '', /^Forbidden: this server only answers requests to 127\.0\.0\.1:/);
    const crossSite = await rawPost(url, {origin: 'https://attacker.example'}, list);
    assert.equal(crossSite.status, 403);
    assert.equal(crossSite.message, 'Forbidden: requests from another web origin are refused.');
    const opaque = await rawPost(url, {origin: 'null'}, list);
    assert.equal(opaque.status, 403);
  });
});

describe('MCP server over stdio', () => {
  commonSuite(connectStdio);
});
