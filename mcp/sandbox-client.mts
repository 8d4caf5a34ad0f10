// HTTP to the API sandbox (sandbox/) that the MCP server was started with (--sandbox <URL | Unix
// socket>): where it is, the limits of a call, and minting a sandbox token, at most MINT_RATE a second.
import {request as httpRequest, type IncomingHttpHeaders, type RequestOptions} from 'node:http';
import {request as httpsRequest} from 'node:https';
import path from 'node:path';
import {UserError} from './site.mts';

/** Where the sandbox answers, on its own server and behind nginx (sandbox/http.mts). */
export const SANDBOX_PREFIX = '/docs/sandbox';
/** `npm run mock`: the default of the stdio server. */
export const DEFAULT_SANDBOX_URL = `http://127.0.0.1:4010${SANDBOX_PREFIX}`;
export const SANDBOX_SEEDS = ['example-world', 'none'] as const;

/** The limits of one call: path, query and body sent, the answer read and quoted, the wait for it. */
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

/** The JSON a text holds, or undefined. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
