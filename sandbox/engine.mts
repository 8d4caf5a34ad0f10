// The sandbox's request handling, with nothing about a particular resource: a request is
// authenticated, rate-limited, matched to its operation (./spec.mts), authorized and checked, then
// answered in one store transaction, by a product rule (./rules/) or by the generic resource
// operation the OpenAPI file implies (./resource-operations.mts), or replayed for a repeated
// Idempotency-Key. Every failure is a problem answer, and a failed request stores nothing.
import {fillPath, type OpenApiNode} from '../src/lib/openapi/index.ts';
import {authenticate, authorize} from './access.mts';
import {idempotent} from './idempotency.mts';
import {Problem, ProblemCatalogue} from './problems.mts';
import {RateLimiter} from './rate-limit.mts';
import {checkBody, checkParents} from './request-checks.mts';
import {genericOperation} from './resource-operations.mts';
import {withoutHidden} from './schema-values.mts';
import {SandboxSpec} from './spec.mts';
import {LIMITS, Store, type StoredObject, type TokenRecord} from './store.mts';
import {RULES, type Context, type RuleAction} from './rules/index.mts';
import {advance} from './rules/lifecycle.mts';
import {savedByAction} from './rules/config-versions.mts';

export interface SandboxRequest {
  method: string;
  /** `v1` or `v2`. */
  version: string;
  /** The path under the version, with its trailing slash: `/services/`. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** The parsed JSON body (undefined when there is none). */
  body?: unknown;
  /** The URL the API answered at, up to and without the version: links in answers start with it. */
  apiBase: string;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

export interface EngineOptions {
  /** How long the outside world takes (a DNS check, a deployment): default 10 s. */
  delayMs?: number;
}

export class SandboxEngine {
  readonly problems: ProblemCatalogue;
  readonly delayMs: number;
  private readonly rateLimiter = new RateLimiter();

  constructor(
    readonly store: Store,
    readonly spec: SandboxSpec = new SandboxSpec(),
    {delayMs = 10_000}: EngineOptions = {},
  ) {
    this.problems = new ProblemCatalogue(spec.document);
    this.delayMs = delayMs;
  }

  /** Answers one API request; every failure is a problem response, and a failed request stores nothing. */
  handle(request: SandboxRequest, requestId: string, now = Date.now()): SandboxResponse {
    const headers: Record<string, string> = {'X-Request-Id': requestId};
    try {
      const token = authenticate(this.store, request, now);
      Object.assign(headers, this.rateLimiter.take(request.headers.authorization ?? '', now));
      // A GET writes only when a pending change of the outside world is due (advance).
      const write = request.method !== 'GET' || this.store.hasDue(token.sandboxId, now);
      const answer = this.store.transaction(() => this.dispatch(request, token, now), {write});
      return {...answer, headers: {...headers, ...answer.headers}};
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      return {
        status: this.problems.statusOf(error.slug),
        headers: {...headers, ...error.headers, 'Content-Type': 'application/problem+json'},
        body: this.problems.body(error, requestId),
      };
    }
  }

  private dispatch(request: SandboxRequest, token: TokenRecord, now: number): SandboxResponse {
    advance(this.store, token.sandboxId, now);
    const found = this.spec.match(request.method, request.version, request.path);
    if (!found) {
      if (this.spec.hasPath(request.version, request.path))
        throw new Problem('method-not-allowed', `${request.method} is not an operation of ${request.path}.`);
      throw new Problem('not-found', `No operation of the API has the path /api/${request.version}${request.path}.`);
    }
    const {route, params} = found;
    authorize(route, params, token, request);
    const context: Context = {
      engine: this,
      store: this.store,
      sandboxId: token.sandboxId,
      token,
      route,
      params,
      request,
      now,
      nowIso: new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      collectionPath: fillPath(route.collection, params),
      headers: {},
    };
    checkParents(context);
    const body = checkBody(context);
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || !key) return this.run(context, body);
    return idempotent(context, body, key, () => this.run(context, body));
  }

  /** The rule action of the operation, or its generic operation; then the config version and the size cap. */
  private run(context: Context, body: unknown): SandboxResponse {
    const action = RULES.actions[context.route.operationId] as RuleAction | undefined;
    const answer = action ? action(context, body) : genericOperation(context, body);
    if (action) savedByAction(context);
    const version = context.savedVersion;
    const headers = {...context.headers, ...answer.headers};
    if (version !== undefined && context.route.successHeaders.includes('Tributary-Config-Version'))
      headers['Tributary-Config-Version'] = String(version);
    if (this.store.bytes(context.sandboxId) > LIMITS.totalBytes)
      throw new Problem(
        'limit-exceeded',
        `A sandbox holds at most ${LIMITS.totalBytes / 1024 / 1024} MB of objects. Delete some, or get a new sandbox.`,
      );
    return {...answer, headers};
  }

  /** The object the path names, or `404`. */
  item(context: Context): StoredObject {
    const id = context.params[context.route.itemParam!];
    const found = this.store.get(context.sandboxId, context.collectionPath, id);
    if (!found) throw new Problem('not-found', `No object ${id} at ${context.collectionPath}.`);
    return found;
  }

  /** `412` when the request's If-Match names neither `*` nor the object's current ETag. */
  checkIfMatch(request: SandboxRequest, etag: string): void {
    const wanted = request.headers['if-match'];
    if (!wanted || wanted.trim() === '*') return;
    const tags = wanted.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    if (!tags.includes(etag))
      throw new Problem(
        'precondition-failed',
        `The resource changed since the ETag ${wanted} was read; its ETag is now ${etag}. Read it again and retry.`,
      );
  }

  /** An object as the API returns it: no write-only secrets, with its ETag. */
  answer(
    context: Context,
    status: number,
    object: StoredObject,
    headers: Record<string, string> = {},
  ): SandboxResponse {
    return {
      status,
      headers: {ETag: object.etag, ...headers},
      body: this.view(context.route.responseSchema, object.body),
    };
  }

  view(schema: OpenApiNode | undefined, body: Record<string, unknown>): unknown {
    return withoutHidden(schema, body, 'writeOnly');
  }
}
