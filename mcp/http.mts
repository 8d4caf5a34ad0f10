// The MCP server over Streamable HTTP, stateless: each POST to /docs/mcp gets a fresh server and
// transport over the build loaded once at start, answers in JSON and leaves nothing behind, so any
// number of copies can run behind nginx or a load balancer. nginx (nginx/nginx.conf) proxies
// /docs/mcp here and limits the request rate and body size first.
// Usage: node --import tsx mcp/http.ts [--listen <port | host:port | socket path>] [--build <dir>]
//   [--sandbox <sandbox URL | Unix socket path>] (the API sandbox sandbox_request calls; none by default)
import {chmodSync, rmSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import {fileURLToPath} from 'node:url';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {SandboxClient} from './sandbox-client.mts';
import {createDocsServer, MCP_PATH} from './server.mts';
import {DEFAULT_BUILD_DIR, DocsSite} from './site.mts';

/** Requests handled at once per process; more are refused with 429 rather than queued without bound. */
export const MAX_IN_FLIGHT = 256;
/** The largest request body read (nginx refuses larger ones before they get here). */
export const MAX_BODY_BYTES = 256 * 1024;
/**
 * JSON-RPC messages at most in one POST. The SDK accepts batches of 100, and a tool call such as a
 * search runs synchronously: one batch of 100 would hold the process for every other client.
 */
export const MAX_BATCH_MESSAGES = 8;

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers = {}): void {
  res.writeHead(status, {'content-type': 'application/json', 'cache-control': 'no-store', ...headers});
  res.end(JSON.stringify({jsonrpc: '2.0', id: null, error: {code, message}}));
}

/** A JSON media type, as the SDK takes it: application/json with any parameters. */
function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0].trim().toLowerCase() === 'application/json';
}

/** The request body as text, or undefined once it is larger than MAX_BODY_BYTES (the rest is not read). */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

export interface HttpServerOptions {
  /**
   * The Host header values accepted (`host:port`), against DNS rebinding when the server listens on
   * a loopback address (see loopbackHosts). Undefined accepts any Host: behind nginx, which passes
   * the public host.
   */
  allowedHosts?: readonly string[];
  /** The API sandbox sandbox_request calls (--sandbox); without it, the tool says none is configured. */
  sandbox?: SandboxClient;
}

/** The Host values of a server on a loopback port: 127.0.0.1, localhost and [::1]. */
export function loopbackHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/**
 * A browser's Origin is accepted when it is the site's own origin or names the host the request was
 * sent to (nginx passes the host without its port); a request without an Origin (any client that is
 * not a browser) is too. A page on another site is refused, so a browser cannot be made to call.
 */
function originAllowed(origin: string | undefined, host: string | undefined, siteOrigin: string): boolean {
  if (origin === undefined || origin === siteOrigin) return true;
  try {
    return host !== undefined && new URL(origin).hostname === new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
}

export function createHttpServer(site: DocsSite, options: HttpServerOptions = {}): Server {
  const siteOrigin = new URL(site.siteUrl).origin;
  let inFlight = 0;
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const {pathname} = new URL(req.url ?? '/', 'http://localhost');
    if (pathname !== MCP_PATH && pathname !== `${MCP_PATH}/`) {
      jsonRpcError(res, 404, -32601, `Not found: the MCP endpoint is ${MCP_PATH}.`);
      return;
    }
    // Read at each request, so that a server listening on an ephemeral port can be given its own.
    const {allowedHosts} = options;
    if (allowedHosts && !allowedHosts.includes((req.headers.host ?? '').toLowerCase())) {
      jsonRpcError(res, 403, -32000, `Forbidden: this server only answers requests to ${allowedHosts.join(', ')}.`);
      return;
    }
    if (!originAllowed(req.headers.origin, req.headers.host, siteOrigin)) {
      jsonRpcError(res, 403, -32000, 'Forbidden: requests from another web origin are refused.');
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
    res.on('close', () => {
      inFlight -= 1;
    });
    // The body is read and checked here, so that a batch is refused before the SDK runs any of it.
    const body = await readBody(req);
    if (body === undefined) {
      jsonRpcError(res, 413, -32000, `Request too large: at most ${MAX_BODY_BYTES / 1024} kB.`, {connection: 'close'});
      return;
    }
    let parsed: unknown;
    if (isJson(req.headers['content-type'])) {
      try {
        parsed = JSON.parse(body);
      } catch {
        jsonRpcError(res, 400, -32700, 'Parse error: Invalid JSON');
        return;
      }
      if (Array.isArray(parsed) && parsed.length > MAX_BATCH_MESSAGES) {
        jsonRpcError(
          res,
          400,
          -32600,
          `Invalid Request: a batch holds at most ${MAX_BATCH_MESSAGES} messages (this one has ${parsed.length}). ` +
            'Send the calls in several requests.',
        );
        return;
      }
    }
    // Any other content type is left to the SDK, which refuses it (415) before it reads a body.
    const server = createDocsServer(site, {sandbox: options.sandbox});
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MAX_BODY_BYTES,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed);
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
    const spec = flag('--listen') ?? process.env.MCP_LISTEN ?? '8787';
    // On a loopback port (npm run mcp:http) only the loopback names are accepted as Host.
    const loopback = spec.match(/^(?:(?:127\.0\.0\.1|localhost|\[::1\]):)?(\d+)$/);
    const options: HttpServerOptions = loopback ? {allowedHosts: loopbackHosts(Number(loopback[1]))} : {};
    const sandbox = flag('--sandbox') ?? process.env.MCP_SANDBOX;
    // On a socket (behind nginx), the sandbox's links name its public address under the site's.
    if (sandbox) options.sandbox = new SandboxClient(sandbox, {publicUrl: `${site.siteUrl}${site.baseUrl}sandbox`});
    const server = createHttpServer(site, options);
    const where = await listen(server, spec);
    const address = server.address();
    // Port 0 (any free port): the port is known once listening.
    if (loopback && typeof address === 'object' && address) options.allowedHosts = loopbackHosts(address.port);
    // serve-nginx.mts waits for this line before it starts nginx.
    console.log(`MCP server listening on ${where} (path ${MCP_PATH})`);
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(`tributary-docs MCP server: ${(error as Error).message}`);
    process.exit(1);
  }
}
