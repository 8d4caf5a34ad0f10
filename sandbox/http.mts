// The sandbox's HTTP face, under /docs/sandbox/ (nginx passes the path unchanged):
//   POST /docs/sandbox/tokens[?seed=example-world]   a new sandbox and its Admin token
//   /docs/sandbox/api/v1/…, /docs/sandbox/api/v2/…   the API (./engine.mts)
//   POST /docs/sandbox/test-helpers/complete|fail    make pending outside-world changes happen now
// Bodies over 1 MB get 413 and bodies that are not JSON 400, as problem+json; no answer carries a
// stack trace or a path of this machine.
import {randomBytes} from 'node:crypto';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import {Problem} from './problems.mts';
import {SandboxEngine, type SandboxResponse} from './engine.mts';
import {settle, type Outcome} from './rules/lifecycle.mts';
import {seedWorld, worlds} from './world.mts';

export const SANDBOX_PREFIX = '/docs/sandbox';
export const MAX_BODY_BYTES = 1024 * 1024;
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, If-Match',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Expose-Headers':
    'ETag, Location, Idempotent-Replayed, Tributary-Config-Version, X-Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
};

/** Reads the body up to MAX_BODY_BYTES; `413` past it, `400` when it is not JSON. */
async function readJson(request: IncomingMessage): Promise<unknown> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new Problem('payload-too-large', `The body is over ${MAX_BODY_BYTES} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Problem('payload-too-large', `The body is over ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk as Buffer);
  }
  if (!size) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new Problem(
      'bad-request',
      `The body is not valid JSON: ${(error as Error).message.replace(/ in JSON at .*$/, '')}.`,
    );
  }
}

function send(response: ServerResponse, answer: SandboxResponse): void {
  const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    ...CORS_HEADERS,
    'Cache-Control': 'no-store',
    ...(text ? {'Content-Type': 'application/json'} : {}),
    ...answer.headers,
  });
  response.end(text);
}

/** The API's address as the client reached it, so that `next` and `Location` lead back here. */
function apiBaseOf(request: IncomingMessage): string {
  const proto = String(request.headers['x-forwarded-proto'] ?? 'http')
    .split(',')[0]
    .trim();
  const host = String(request.headers['x-forwarded-host'] ?? request.headers.host ?? '127.0.0.1')
    .split(',')[0]
    .trim();
  return `${proto}://${host}${SANDBOX_PREFIX}/api`;
}

export function createSandboxServer(engine: SandboxEngine): Server {
  const problemAnswer = (problem: Problem, requestId: string): SandboxResponse => ({
    status: engine.problems.statusOf(problem.slug),
    headers: {'X-Request-Id': requestId, 'Content-Type': 'application/problem+json', ...problem.headers},
    body: engine.problems.body(problem, requestId),
  });
  const tokenOf = (request: IncomingMessage) => {
    const match = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''));
    const record = match && engine.store.findToken(match[1]);
    if (!record)
      throw new Problem('unauthorized', 'Send your sandbox token in the Authorization header as "Bearer <token>".');
    return record;
  };

  async function route(request: IncomingMessage, requestId: string): Promise<SandboxResponse> {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const method = request.method ?? 'GET';
    if (method === 'OPTIONS') return {status: 204, headers: {}};
    if (!url.pathname.startsWith(`${SANDBOX_PREFIX}/`))
      throw new Problem('not-found', 'The sandbox answers under /docs/sandbox/.');
    const rest = url.pathname.slice(SANDBOX_PREFIX.length);
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? await readJson(request) : undefined;
    if (rest === '/tokens' || rest === '/tokens/') {
      if (method !== 'POST')
        throw new Problem('method-not-allowed', 'Get a sandbox token with POST /docs/sandbox/tokens.');
      const seed = url.searchParams.get('seed') || null;
      if (seed !== null && !(seed in worlds().worlds))
        throw new Problem('validation-failed', 'One or more fields are invalid.', {
          errors: [
            {
              field: 'seed',
              message:
                'Use example-world, page:<page path under docs/> (such as page:Guides/Origins/Adding an Origin), or no seed for an empty sandbox.',
            },
          ],
        });
      const created = engine.store.transaction(() => {
        const made = engine.store.createSandbox(seed);
        if (seed) seedWorld(engine, made.sandboxId, seed);
        return made;
      });
      return {
        status: 201,
        headers: {'X-Request-Id': requestId},
        body: {token: created.token, seed, api_base_url: `${apiBaseOf(request)}/v1`, expires_after_idle_days: 30},
      };
    }
    const helper = /^\/test-helpers\/(complete|fail)\/?$/.exec(rest);
    if (helper) {
      if (method !== 'POST')
        throw new Problem('method-not-allowed', `Call the test helper with POST ${SANDBOX_PREFIX}${rest}.`);
      const token = tokenOf(request);
      const objectId = (body as {object_id?: unknown} | undefined)?.object_id;
      if (objectId !== undefined && typeof objectId !== 'string')
        throw new Problem('validation-failed', 'One or more fields are invalid.', {
          errors: [{field: 'object_id', message: 'Must be a string.'}],
        });
      const settled = settle(
        engine.store,
        token.sandboxId,
        helper[1] === 'complete' ? 'success' : ('failure' as Outcome),
        objectId,
      );
      return {status: 200, headers: {'X-Request-Id': requestId}, body: {settled}};
    }
    const api = /^\/api\/(v1|v2)(\/.*)$/.exec(rest);
    if (!api) throw new Problem('not-found', `Nothing at ${url.pathname}: the API is under ${SANDBOX_PREFIX}/api/v1/.`);
    return engine.handle(
      {
        method,
        version: api[1],
        path: api[2].endsWith('/') ? api[2] : `${api[2]}/`,
        query: url.searchParams,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [
            name,
            Array.isArray(value) ? value.join(', ') : value,
          ]),
        ),
        body,
        apiBase: apiBaseOf(request),
      },
      requestId,
    );
  }

  const server = createServer((request, response) => {
    const requestId = randomBytes(8).toString('hex');
    route(request, requestId)
      .then((answer) => send(response, answer))
      .catch((error: unknown) => {
        if (error instanceof Problem) {
          // Drain what is left of a refused body so that the client reads the answer.
          request.resume();
          send(response, problemAnswer(error, requestId));
          return;
        }
        console.error(`[sandbox] ${requestId}:`, error);
        send(
          response,
          problemAnswer(
            new Problem('internal-error', `The sandbox failed on this request; quote ${requestId} if you report it.`),
            requestId,
          ),
        );
      });
  });
  // nginx keeps idle upstream connections for 60 s: Node must not close one first, or nginx sends a
  // request down a closed connection and answers 502.
  server.keepAliveTimeout = 75_000;
  server.headersTimeout = 76_000;
  return server;
}
