// The sandbox_request tool: sends one API call to the API sandbox (sandbox/) and answers with its
// status, headers and JSON body, so that an agent can try a call before it writes the code. The
// only place it sends to is the sandbox the server was started with (--sandbox <URL | Unix socket>):
// the path argument is a path under the sandbox's API, never a URL, and the address is built here.
import {request as httpRequest, STATUS_CODES, type IncomingHttpHeaders, type RequestOptions} from 'node:http';
import {request as httpsRequest} from 'node:https';
import path from 'node:path';
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {UserError} from './site.mts';

/** Where the sandbox answers, on its own server and behind nginx (sandbox/http.mts). */
export const SANDBOX_PREFIX = '/docs/sandbox';
/** `npm run mock`: the default of the stdio server. */
export const DEFAULT_SANDBOX_URL = `http://127.0.0.1:4010${SANDBOX_PREFIX}`;
export const SANDBOX_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const SANDBOX_SEEDS = ['example-world', 'none'] as const;
/** The request headers an agent may set; the tool sets Authorization and Content-Type itself. */
const ALLOWED_HEADERS: Record<string, string> = {'idempotency-key': 'Idempotency-Key', 'if-match': 'If-Match'};
/** The response headers the tool reports, in this order. */
export const REPORTED_HEADERS = [
  'Location',
  'ETag',
  'Idempotent-Replayed',
  'Tributary-Config-Version',
  'RateLimit-Remaining',
  'X-Request-Id',
  'Content-Type',
  'Accept-Patch',
  'Retry-After',
];

export const SANDBOX_LIMITS = {
  pathChars: 2000,
  queryChars: 4000,
  /** The sandbox refuses bodies over 1 MB; the MCP request itself is at most 256 kB. */
  bodyBytes: 1024 * 1024,
  responseBytes: 4 * 1024 * 1024,
  /** JSON of the body quoted in the text answer, at most. */
  textChars: 20_000,
  timeoutMs: 15_000,
};

/**
 * New sandboxes per process: nginx limits new tokens per client address (5 a second), which the
 * MCP server's own calls do not go through; this keeps a loop of calls without `token` from filling
 * the database. A bucket of `burst`, refilled at `perSecond`.
 */
export const MINT_RATE = {perSecond: 5, burst: 30};

type Target = {kind: 'url'; url: URL} | {kind: 'socket'; socketPath: string};

/**
 * The sandbox given to --sandbox: an http(s) URL (its path defaults to /docs/sandbox) or a Unix
 * socket path (absolute, relative with ./, or unix:<path>).
 */
export function parseSandboxTarget(spec: string): Target {
  const value = spec.trim();
  if (/^https?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`--sandbox: "${spec}" is not a valid URL.`);
    }
    if (url.username || url.password || url.search || url.hash) {
      throw new Error(`--sandbox: give the sandbox's base URL without credentials, query or fragment, not "${spec}".`);
    }
    const base = url.pathname.replace(/\/+$/, '');
    url.pathname = base || SANDBOX_PREFIX;
    return {kind: 'url', url};
  }
  const socket = value.replace(/^unix:/, '');
  if (socket.startsWith('/') || socket.startsWith('./') || socket.startsWith('../')) {
    return {kind: 'socket', socketPath: path.resolve(socket)};
  }
  throw new Error(`--sandbox takes an http(s) URL or a Unix socket path, not "${spec}".`);
}

export interface SandboxClientOptions {
  /**
   * The public address of a sandbox reached on a Unix socket (such as
   * https://docs.tributary.example/docs/sandbox): its host goes in the Host header, so that the
   * sandbox's `Location` and `next` links lead to where the agent can reach it.
   */
  publicUrl?: string;
  timeoutMs?: number;
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** HTTP to one sandbox, over TCP or a Unix socket. */
export class SandboxClient {
  readonly target: Target;
  /** The sandbox's base address as the agent can reach it: answers quote URLs under it. */
  readonly publicBase: URL;
  private readonly timeoutMs: number;
  private mintBucket = {tokens: MINT_RATE.burst, at: Date.now()};

  constructor(spec: string, {publicUrl, timeoutMs = SANDBOX_LIMITS.timeoutMs}: SandboxClientOptions = {}) {
    this.target = parseSandboxTarget(spec);
    this.timeoutMs = timeoutMs;
    if (this.target.kind === 'url') this.publicBase = this.target.url;
    else {
      this.publicBase = new URL(publicUrl ?? `http://localhost${SANDBOX_PREFIX}`);
      this.publicBase.pathname = this.publicBase.pathname.replace(/\/+$/, '') || SANDBOX_PREFIX;
    }
  }

  /** The sandbox's base path on its own server: /docs/sandbox on a socket, the URL's path otherwise. */
  private get basePath(): string {
    return this.target.kind === 'url' ? this.target.url.pathname : SANDBOX_PREFIX;
  }

  /** The address the agent reads for a path under the base (`/api/v1/services/?page_size=2`). */
  publicAddress(relative: string): string {
    return `${this.publicBase.origin}${this.publicBase.pathname}${relative}`;
  }

  /** Where the sandbox is, for error messages (a socket's path stays on the server). */
  private describe(): string {
    return this.target.kind === 'url' ? this.target.url.href : 'the sandbox of this server';
  }

  /** One request to `relative` (a path under the base, with its query). */
  send(method: string, relative: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
    // Defense in depth: the path was checked already; whatever it is, it stays under the base.
    const resolved = new URL(`${this.basePath}${relative}`, 'http://sandbox');
    if (resolved.origin !== 'http://sandbox' || !resolved.pathname.startsWith(`${this.basePath}/`)) {
      throw new UserError('The path leaves the sandbox API: give a path such as /services/.');
    }
    const fullPath = `${resolved.pathname}${resolved.search}`;
    const outgoing: Record<string, string> = {accept: 'application/json, application/problem+json', ...headers};
    if (body !== undefined) outgoing['content-length'] = String(Buffer.byteLength(body));
    let options: RequestOptions;
    let send = httpRequest;
    if (this.target.kind === 'socket') {
      outgoing.host = this.publicBase.host;
      outgoing['x-forwarded-proto'] = this.publicBase.protocol.replace(':', '');
      options = {socketPath: this.target.socketPath, path: fullPath, method, headers: outgoing};
    } else {
      const {url} = this.target;
      if (url.protocol === 'https:') send = httpsRequest;
      options = {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: fullPath,
        method,
        headers: outgoing,
      };
    }
    return new Promise<RawAnswer>((resolve, reject) => {
      const fail = (error: Error & {code?: string}) => reject(this.unreachable(error));
      const req = send(options, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > SANDBOX_LIMITS.responseBytes) {
            res.destroy();
            reject(new UserError(`The sandbox's answer is over ${SANDBOX_LIMITS.responseBytes} bytes.`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8')}),
        );
        res.on('error', fail);
      });
      req.setTimeout(this.timeoutMs, () => {
        req.destroy(Object.assign(new Error('timeout'), {code: 'ETIMEDOUT'}));
      });
      req.on('error', fail);
      req.end(body);
    });
  }

  private unreachable(error: Error & {code?: string}): Error {
    if (error instanceof UserError) return error;
    const reason = error.code === 'ETIMEDOUT' ? `no answer within ${this.timeoutMs / 1000} s` : (error.code ?? 'error');
    const local = this.target.kind === 'url' && ['127.0.0.1', 'localhost', '[::1]'].includes(this.target.url.hostname);
    return new UserError(
      `The sandbox is unreachable (${this.describe()}: ${reason}). ` +
        (local
          ? 'Start it with "npm run mock" in the docs repository, or start the MCP server with --sandbox <sandbox URL>.'
          : 'Retry in a minute.'),
    );
  }

  /** A new sandbox, seeded with the example world or empty, and its Admin token. */
  async mint(seed: (typeof SANDBOX_SEEDS)[number]): Promise<string> {
    const now = Date.now();
    const bucket = this.mintBucket;
    bucket.tokens = Math.min(MINT_RATE.burst, bucket.tokens + ((now - bucket.at) / 1000) * MINT_RATE.perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) {
      throw new UserError(
        'Too many new sandboxes from this server right now: pass the token of an earlier answer as `token`, ' +
          'or retry in a second.',
      );
    }
    bucket.tokens -= 1;
    const answer = await this.send('POST', `/tokens${seed === 'none' ? '' : `?seed=${seed}`}`, {});
    const parsed = parseJson(answer.text) as {token?: unknown; detail?: unknown} | undefined;
    if (answer.status !== 201 || typeof parsed?.token !== 'string') {
      const detail = typeof parsed?.detail === 'string' ? `: ${parsed.detail}` : '';
      throw new UserError(`The sandbox did not create a sandbox (${answer.status}${detail}). Retry in a minute.`);
    }
    return parsed.token;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

type QueryValue = string | number | boolean | (string | number | boolean)[];

/**
 * The path under the sandbox's base, with its query: `/services/` and `/api/v1/services/` give
 * `/api/v1/services/`; `/api/v2/…` stays (statistics); a `next` link's path and query work too.
 */
export function sandboxPath(raw: string, query: Record<string, QueryValue> = {}): string {
  const value = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) {
    throw new UserError(
      `"path" takes an API path such as /services/ or /api/v1/services/{service_id}/origins/, not a URL: ` +
        'this tool only calls the sandbox. For a `next` link, pass its path and query.',
    );
  }
  // eslint-disable-next-line no-control-regex
  if (/[\s\\#\u0000-\u001f\u007f]/.test(value)) {
    throw new UserError('"path" has a space, a control character, a backslash or a #fragment: give an API path.');
  }
  const cut = value.indexOf('?');
  let pathname = cut === -1 ? value : value.slice(0, cut);
  const params = new URLSearchParams(cut === -1 ? '' : value.slice(cut + 1));
  if (!pathname.startsWith('/')) pathname = `/${pathname}`;
  pathname = pathname.replace(/\/{2,}/g, '/');
  const segments = pathname.split('/').map(safeDecode);
  if (segments.some((segment) => segment === '..' || segment === '.')) {
    throw new UserError('"path" may not hold "." or ".." segments: give the API path itself, such as /services/.');
  }
  const placeholder = segments.find((segment) => /[{}]/.test(segment) || segment.startsWith(':'));
  if (placeholder !== undefined) {
    throw new UserError(
      `Replace the placeholder "${placeholder}" in the path with a real identifier ` +
        '(list the collection first, such as GET /services/).',
    );
  }
  if (pathname === SANDBOX_PREFIX || pathname.startsWith(`${SANDBOX_PREFIX}/`)) {
    pathname = pathname.slice(SANDBOX_PREFIX.length) || '/';
  }
  if (/^\/api\/v[12](\/|$)/.test(pathname)) {
    if (pathname.length === '/api/v1'.length) pathname += '/';
  } else if (/^\/api(\/|$)/.test(pathname)) {
    throw new UserError('The API is under /api/v1 (and /api/v2 for statistics): give /services/ or /api/v1/services/.');
  } else if (!/^\/test-helpers\/(complete|fail)\/?$/.test(pathname)) {
    pathname = `/api/v1${pathname}`;
  }
  for (const [name, given] of Object.entries(query)) {
    params.delete(name);
    for (const item of Array.isArray(given) ? given : [given]) params.append(name, String(item));
  }
  const search = params.toString();
  if (pathname.length > SANDBOX_LIMITS.pathChars || search.length > SANDBOX_LIMITS.queryChars) {
    throw new UserError('The path or the query is too long.');
  }
  return search ? `${pathname}?${search}` : pathname;
}

/** The JSON text to send: none for GET and DELETE; JSON text in a string is parsed (agents send it so). */
export function sandboxBody(method: string, body: unknown): string | undefined {
  if (body === undefined || body === null || body === '') {
    return undefined;
  }
  if (method === 'GET' || method === 'DELETE') {
    throw new UserError(
      `A ${method} request takes no body: put filters in "query", such as {"page_size": "10"}, and leave out "body".`,
    );
  }
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch (error) {
      throw new UserError(`The body is not JSON: ${(error as Error).message}. Send a JSON object or JSON text.`);
    }
  }
  if (typeof value !== 'object' || value === null) {
    throw new UserError('The body must be a JSON object (or an array for the operations that take one).');
  }
  const text = JSON.stringify(value);
  if (Buffer.byteLength(text) > SANDBOX_LIMITS.bodyBytes) {
    throw new UserError(`The body is over ${SANDBOX_LIMITS.bodyBytes} bytes, the sandbox's limit.`);
  }
  return text;
}

/** The headers the agent may set, by their canonical names. */
export function sandboxHeaders(headers: Record<string, string> = {}): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const canonical = ALLOWED_HEADERS[name.trim().toLowerCase()];
    if (!canonical) {
      throw new UserError(
        `The header "${name}" cannot be set: only Idempotency-Key and If-Match. ` +
          'The tool sends Authorization (from "token") and Content-Type itself.',
      );
    }
    // eslint-disable-next-line no-control-regex
    if (/[\r\n\u0000]/.test(value)) throw new UserError(`The ${canonical} header holds a line break.`);
    result[canonical] = value;
  }
  return result;
}

const queryValue = z.union([z.string().max(1000), z.number(), z.boolean()]);

export const sandboxInput = {
  method: z
    .preprocess((value) => (typeof value === 'string' ? value.trim().toUpperCase() : value), z.enum(SANDBOX_METHODS))
    .describe('HTTP method: GET, POST, PUT, PATCH or DELETE'),
  path: z
    .string()
    .min(1)
    .max(SANDBOX_LIMITS.pathChars)
    .describe(
      'The API path with real identifiers, such as /services/ or /services/6f1c…/origins/ (the /api/v1 prefix ' +
        'is optional; /api/v2/stats/traffic-overtime/ for statistics). Never a URL.',
    ),
  query: z
    .record(z.string().max(100), z.union([queryValue, z.array(queryValue).max(50)]))
    .refine((value) => Object.keys(value).length <= 50, 'at most 50 query parameters')
    .optional()
    .describe('Query parameters by name, such as {"page_size": "10"}'),
  body: z.unknown().optional().describe('The JSON body of a POST, PUT or PATCH: a JSON object, or JSON text'),
  headers: z
    .record(z.string().max(100), z.string().max(255))
    .optional()
    .describe('Idempotency-Key (POST) and If-Match (PUT, PATCH, DELETE); Authorization and Content-Type are set'),
  token: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'a sandbox token has no spaces')
    .optional()
    .describe('The sandbox token of an earlier answer, to keep working in the same sandbox; without it, a new one'),
  seed: z
    .enum(SANDBOX_SEEDS)
    .default('example-world')
    .describe(
      'For a new sandbox: example-world (default: the services, origins… the guides use) or none (empty account)',
    ),
};

export const sandboxOutput = {
  status: z.number().int(),
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.unknown(),
  token: z.string(),
  newSandbox: z.boolean(),
};

/** The tool, answering with a tool error when the server has no sandbox. */
export function registerSandboxTool(server: McpServer, sandbox: SandboxClient | undefined): void {
  server.registerTool(
    'sandbox_request',
    {
      title: 'Try an API call in the sandbox',
      description:
        'Sends one API call to the Tributary API sandbox (test data, no real CDN or account: it keeps what you ' +
        'create and answers with the statuses, headers and problem+json errors of the real API) and returns the ' +
        'status, the headers (Location, ETag, Idempotent-Replayed, Tributary-Config-Version, RateLimit-Remaining, ' +
        'X-Request-Id), the JSON body and the sandbox token. Without `token` it creates a sandbox (seed ' +
        'example-world, the objects the guides use, or none) and returns its token: pass it in later calls to ' +
        'see what earlier calls created. Use it to check a call before writing the code that makes it.',
      inputSchema: sandboxInput,
      outputSchema: sandboxOutput,
      annotations: {
        title: 'Try an API call in the sandbox',
        readOnlyHint: false,
        // It changes a throwaway sandbox only, never an account.
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    async (args): Promise<CallToolResult> => {
      try {
        return await sandboxCall(sandbox, args);
      } catch (error) {
        if (error instanceof UserError) return {content: [{type: 'text', text: error.message}], isError: true};
        console.error(`[mcp] sandbox_request: ${(error as Error).stack ?? error}`);
        return {
          content: [{type: 'text', text: 'Internal error: the server could not answer this call.'}],
          isError: true,
        };
      }
    },
  );
}

interface SandboxArgs {
  method: (typeof SANDBOX_METHODS)[number];
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  token?: string;
  seed: (typeof SANDBOX_SEEDS)[number];
}

async function sandboxCall(sandbox: SandboxClient | undefined, args: SandboxArgs): Promise<CallToolResult> {
  if (!sandbox) {
    throw new UserError(
      'No sandbox is configured for this MCP server: start it with --sandbox <sandbox URL or Unix socket>, ' +
        `such as --sandbox ${DEFAULT_SANDBOX_URL} (npm run mock).`,
    );
  }
  const relative = sandboxPath(args.path, args.query);
  const body = sandboxBody(args.method, args.body);
  const headers = sandboxHeaders(args.headers);
  if (body !== undefined) {
    headers['Content-Type'] = args.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
  }
  const newSandbox = args.token === undefined;
  const token = args.token ?? (await sandbox.mint(args.seed));
  const answer = await sandbox.send(args.method, relative, {...headers, Authorization: `Bearer ${token}`}, body);
  const reported: Record<string, string> = {};
  for (const name of REPORTED_HEADERS) {
    const value = answer.headers[name.toLowerCase()];
    if (value !== undefined) reported[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const parsed = answer.text === '' ? null : (parseJson(answer.text) ?? answer.text.slice(0, 2000));
  const url = sandbox.publicAddress(relative);
  const lines = [`${args.method} ${url} → ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`.trimEnd()];
  lines.push(
    newSandbox
      ? `Token: ${token} (a new sandbox, seed ${args.seed}: pass it as "token" to keep working in this sandbox)`
      : `Token: ${token}`,
  );
  if (answer.status === 401 && !newSandbox) {
    lines.push('The sandbox does not know this token (or it expired): leave out "token" to start a new sandbox.');
  }
  for (const [name, value] of Object.entries(reported)) lines.push(`${name}: ${value}`);
  if (parsed !== null) {
    const json = JSON.stringify(parsed, null, 2);
    lines.push(
      '',
      json.length > SANDBOX_LIMITS.textChars
        ? `${json.slice(0, SANDBOX_LIMITS.textChars)}\n… (cut here; the whole body is in the structured content)`
        : json,
    );
  }
  return {
    content: [{type: 'text', text: lines.join('\n')}],
    structuredContent: {
      status: answer.status,
      method: args.method,
      url,
      headers: reported,
      body: parsed,
      token,
      newSandbox,
    },
  };
}
