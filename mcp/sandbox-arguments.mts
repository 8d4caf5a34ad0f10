// The arguments of the sandbox_request tool (sandboxInput) and what is sent for them: a path under
// the sandbox's API (never a URL), the JSON body, and the headers an agent may set.
import {z} from 'zod';
import {SANDBOX_LIMITS, SANDBOX_PREFIX, SANDBOX_SEEDS} from './sandbox-client.mts';
import {UserError} from './site.mts';

export const SANDBOX_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** The request headers an agent may set; the tool sets Authorization and Content-Type itself. */
const ALLOWED_HEADERS: Record<string, string> = {'idempotency-key': 'Idempotency-Key', 'if-match': 'If-Match'};

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

export interface SandboxArgs {
  method: (typeof SANDBOX_METHODS)[number];
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  token?: string;
  seed: (typeof SANDBOX_SEEDS)[number];
}
