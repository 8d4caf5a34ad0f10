// The MCP server over Streamable HTTP, stateless: each POST to /docs/mcp gets a fresh server and
// transport over the build loaded once at start, answers in JSON and leaves nothing behind, so any
// number of copies can run behind nginx or a load balancer. nginx (nginx/nginx.conf) proxies
// /docs/mcp here and limits the request rate and body size first.
// Usage: node --import tsx mcp/http.ts [--listen <port | host:port | socket path>] [--build <dir>]
import {chmodSync, rmSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import {fileURLToPath} from 'node:url';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {createDocsServer, MCP_PATH} from './server.mjs';
import {DEFAULT_BUILD_DIR, DocsSite} from './site.mjs';

/** Requests handled at once per process; more are refused with 429 rather than queued without bound. */
export const MAX_IN_FLIGHT = 256;
/** The largest request body read (nginx refuses larger ones before they get here). */
export const MAX_BODY_BYTES = 256 * 1024;

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers = {}): void {
  res.writeHead(status, {'content-type': 'application/json', 'cache-control': 'no-store', ...headers});
  res.end(JSON.stringify({jsonrpc: '2.0', id: null, error: {code, message}}));
}

export function createHttpServer(site: DocsSite): Server {
  let inFlight = 0;
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const {pathname} = new URL(req.url ?? '/', 'http://localhost');
    if (pathname !== MCP_PATH && pathname !== `${MCP_PATH}/`) {
      jsonRpcError(res, 404, -32601, `Not found: the MCP endpoint is ${MCP_PATH}.`);
      return;
    }
    if (req.method !== 'POST') {
      // Stateless: no session to resume or delete and no server-initiated stream to open.
      jsonRpcError(res, 405, -32000, 'Method not allowed: this stateless MCP server only answers POST.', {
        allow: 'POST',
      });
      return;
    }
    if (inFlight >= MAX_IN_FLIGHT) {
      jsonRpcError(res, 429, -32000, 'Too many requests: the server is busy. Retry in a second.', {'retry-after': '1'});
      return;
    }
    inFlight += 1;
    const server = createDocsServer(site);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MAX_BODY_BYTES,
    });
    res.on('close', () => {
      inFlight -= 1;
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }

  const httpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`[mcp] ${req.method} ${req.url}: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) jsonRpcError(res, 500, -32603, 'Internal error.');
      else res.end();
    });
  });
  httpServer.requestTimeout = 30_000;
  httpServer.headersTimeout = 10_000;
  return httpServer;
}

/** Listens on a port (`8787`), an address (`127.0.0.1:8787`) or a Unix socket path. */
export async function listen(server: Server, spec: string): Promise<string> {
  const port = /^\d+$/.test(spec) ? Number(spec) : undefined;
  const hostPort = spec.match(/^(.+):(\d+)$/);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (port !== undefined) server.listen(port, '127.0.0.1', resolve);
    else if (hostPort) server.listen(Number(hostPort[2]), hostPort[1], resolve);
    else {
      rmSync(spec, {force: true}); // a socket left by a killed process
      server.listen(spec, resolve);
    }
  });
  if (port === undefined && !hostPort) {
    chmodSync(spec, 0o666); // nginx workers run as another user
    return `unix:${spec}`;
  }
  const address = server.address();
  return typeof address === 'object' && address ? `${address.address}:${address.port}` : spec;
}

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > -1 ? process.argv[index + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const site = new DocsSite(
      flag('--build') ?? process.env.MCP_BUILD_DIR ?? DEFAULT_BUILD_DIR,
      process.env.MCP_SITE_URL,
    );
    const server = createHttpServer(site);
    const where = await listen(server, flag('--listen') ?? process.env.MCP_LISTEN ?? '8787');
    // serve-nginx.mjs waits for this line before it starts nginx.
    console.log(`MCP server listening on ${where} (path ${MCP_PATH})`);
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(`tributary-docs MCP server: ${(error as Error).message}`);
    process.exit(1);
  }
}
