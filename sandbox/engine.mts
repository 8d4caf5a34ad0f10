// The sandbox's request handling: authentication, roles and service restrictions, content types,
// validation, idempotency, ETags, pagination and the generic resource operations the OpenAPI file
// implies (./spec.mts). Product rules live in ./rules/ and are called from here by collection or by
// operation; nothing here knows a particular resource.
import {createHash} from 'node:crypto';
import {fillPath, type OpenApiNode} from '../src/lib/openapi/index.ts';
import {Problem, ProblemCatalogue} from './problems.mts';
import {depthOf, fillReadOnly, mergePatch, withDefaults, withoutHidden, writableView} from './schema-values.mts';
import {SandboxSpec, type Route} from './spec.mts';
import {etagOf, LIMITS, Store, type StoredObject, type TokenRecord} from './store.mts';
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

export const MAX_JSON_DEPTH = 16;
/** Account-level operations a service-restricted token may call: its services, itself, its traffic. */
const RESTRICTED_TOKEN_ACCOUNT_OPERATIONS = new Set([
  'services_list',
  'access_tokens_current_retrieve',
  'traffic_overtime',
]);
const RATE_LIMIT = 600;
const RATE_WINDOW_MS = 60_000;

export interface EngineOptions {
  /** How long the outside world takes (a DNS check, a deployment): default 10 s. */
  delayMs?: number;
}

export class SandboxEngine {
  readonly problems: ProblemCatalogue;
  readonly delayMs: number;
  private readonly windows = new Map<string, {start: number; used: number}>();

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
      const token = this.authenticate(request, now);
      Object.assign(headers, this.rateLimit(request.headers.authorization ?? '', now));
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

  private authenticate(request: SandboxRequest, now: number): TokenRecord {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match)
      throw new Problem('unauthorized', 'Send your sandbox token in the Authorization header as "Bearer <token>".');
    const token = this.store.findToken(match[1], now);
    if (!token)
      throw new Problem(
        'unauthorized',
        'This token is not a sandbox token, or its sandbox expired after 30 idle days. Get a new one with POST /docs/sandbox/tokens.',
      );
    if (token.expiresAt !== null && token.expiresAt <= now)
      throw new Problem('unauthorized', 'This access token expired.');
    return token;
  }

  /** The RateLimit-* headers of a fixed one-minute window per token, or `429` past the limit. */
  private rateLimit(authorization: string, now: number): Record<string, string> {
    const key = createHash('sha256').update(authorization).digest('hex');
    let window = this.windows.get(key);
    if (!window || now - window.start >= RATE_WINDOW_MS) {
      window = {start: now, used: 0};
      this.windows.set(key, window);
      if (this.windows.size > 100_000) this.windows.clear();
    }
    const reset = String(Math.ceil((window.start + RATE_WINDOW_MS - now) / 1000));
    if (window.used >= RATE_LIMIT) {
      throw new Problem(
        'rate-limited',
        `This token sent ${RATE_LIMIT} requests in the current minute.`,
        {},
        {
          'Retry-After': reset,
          'RateLimit-Limit': String(RATE_LIMIT),
          'RateLimit-Remaining': '0',
          'RateLimit-Reset': reset,
        },
      );
    }
    window.used += 1;
    return {
      'RateLimit-Limit': String(RATE_LIMIT),
      'RateLimit-Remaining': String(RATE_LIMIT - window.used),
      'RateLimit-Reset': reset,
    };
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
    this.authorize(route, params, token, request);
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
    this.checkParents(context);
    const body = this.checkBody(context);
    if (request.method !== 'POST' || !request.headers['idempotency-key']) return this.run(context, body);
    return this.idempotent(context, body, request.headers['idempotency-key']);
  }

  /**
   * The token's role must be one the operation lists; a service restriction (Access Token ›
   * Service restriction) hides the other services (`404`) and refuses account-level resources (`403`).
   */
  private authorize(route: Route, params: Record<string, string>, token: TokenRecord, request: SandboxRequest): void {
    if (token.serviceIds.length) {
      const serviceId = params.service_id ?? request.query.get('service_id') ?? undefined;
      if (serviceId && !token.serviceIds.includes(serviceId))
        throw new Problem('not-found', `No service ${serviceId} in your account.`);
      if (!params.service_id && !RESTRICTED_TOKEN_ACCOUNT_OPERATIONS.has(route.operationId))
        throw new Problem(
          'forbidden',
          'This token is restricted to some services: it cannot reach account-level resources or create services.',
        );
    }
    if (route.roles.length && !route.roles.map((role) => role.toLowerCase()).includes(token.role.toLowerCase())) {
      const role = `${token.role[0].toUpperCase()}${token.role.slice(1)}`;
      throw new Problem(
        'forbidden',
        route.method === 'GET'
          ? `Tokens with the ${role} role cannot read this resource.`
          : `Tokens with the ${role} role cannot modify resources.`,
      );
    }
  }

  /** Every object named by the path before the last one must exist: `404` names the first missing one. */
  private checkParents(context: Context): void {
    const {route, params} = context;
    const segments = route.template.split('/').filter(Boolean);
    for (let index = 0; index < segments.length; index += 1) {
      const name = /^\{(.+)\}$/.exec(segments[index])?.[1];
      if (!name || (name === route.itemParam && route.kind !== 'action')) continue;
      const collection = fillPath(`/${segments.slice(0, index).join('/')}/`, params);
      if (!this.store.get(context.sandboxId, collection, params[name]))
        throw new Problem('not-found', `No object ${params[name]} at ${collection}.`);
    }
  }

  /** The body's content type, JSON depth and schema: `415`, `400` or `422`, before anything is stored. */
  private checkBody(context: Context): unknown {
    const {route, request} = context;
    if (!route.requestSchema) return undefined;
    if (request.body === undefined) {
      if (route.requestRequired) throw new Problem('bad-request', `${route.operationId} needs a JSON body.`);
      return undefined;
    }
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== route.requestMediaType)
      throw new Problem(
        'unsupported-media-type',
        `Send this body with Content-Type: ${route.requestMediaType}${route.kind.endsWith('patch') ? ' (a JSON Merge Patch)' : ''}, not ${type || 'no Content-Type'}.`,
        {},
        route.method === 'PATCH' ? {'Accept-Patch': route.requestMediaType ?? 'application/merge-patch+json'} : {},
      );
    if (depthOf(request.body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
      throw new Problem('bad-request', `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
    const errors = this.spec.validate(`${route.operationId}:request`, route.requestSchema, request.body);
    if (errors.length) throw new Problem('validation-failed', 'One or more fields are invalid.', {errors});
    return request.body;
  }

  /** A POST with an Idempotency-Key: the first success is stored and replayed for 24 hours. */
  private idempotent(context: Context, body: unknown, key: string): SandboxResponse {
    if (!/^[\x21-\x7e]{1,255}$/.test(key))
      throw new Problem('validation-failed', 'The Idempotency-Key header is invalid.', {
        errors: [{field: 'Idempotency-Key', message: 'Must be 1 to 255 visible ASCII characters, without spaces.'}],
      });
    const fingerprint = `${context.request.method} ${context.request.path}`;
    const bodyHash = createHash('sha256')
      .update(JSON.stringify(body ?? null))
      .digest('hex');
    const kept = this.store.idempotency(context.sandboxId, key);
    if (kept) {
      if (kept.fingerprint !== fingerprint)
        throw new Problem(
          'idempotency-key-mismatch',
          `This Idempotency-Key was used for ${kept.fingerprint}; use a new key for each new request.`,
        );
      if (kept.bodyHash !== bodyHash)
        throw new Problem(
          'idempotency-key-mismatch',
          'This Idempotency-Key was used with another request body; use a new key for each new request.',
        );
      return {
        status: kept.status,
        headers: {...kept.headers, 'Idempotent-Replayed': 'true'},
        body: kept.body ? JSON.parse(kept.body) : undefined,
      };
    }
    const answer = this.run(context, body);
    this.store.keepIdempotent(context.sandboxId, key, {
      fingerprint,
      bodyHash,
      status: answer.status,
      headers: answer.headers,
      body: answer.body === undefined ? '' : JSON.stringify(answer.body),
    });
    return answer;
  }

  private run(context: Context, body: unknown): SandboxResponse {
    const action = RULES.actions[context.route.operationId] as RuleAction | undefined;
    const answer = action ? action(context, body) : this.generic(context, body);
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

  /** The generic operations of a collection, an item or a singleton. */
  private generic(context: Context, body: unknown): SandboxResponse {
    const {route, params} = context;
    switch (route.kind) {
      case 'list':
        return this.list(context);
      case 'create':
        return this.create(context, body as Record<string, unknown>);
      case 'retrieve':
        return this.answer(context, 200, this.item(context));
      case 'replace':
      case 'patch':
        return this.update(context, body as Record<string, unknown>, this.item(context));
      case 'delete':
        return this.remove(context, this.item(context));
      case 'singleton-read':
        return this.answer(context, 200, this.singleton(context));
      case 'singleton-replace':
      case 'singleton-patch':
        return this.update(context, body as Record<string, unknown>, this.singleton(context));
      default:
        throw new Error(
          `No sandbox rule answers ${route.operationId} (${route.method} ${fillPath(route.template, params)}).`,
        );
    }
  }

  item(context: Context): StoredObject {
    const id = context.params[context.route.itemParam!];
    const found = this.store.get(context.sandboxId, context.collectionPath, id);
    if (!found) throw new Problem('not-found', `No object ${id} at ${context.collectionPath}.`);
    return found;
  }

  /** A singleton is stored under the id `_`, created from its schema's defaults on first read. */
  private singleton(context: Context): StoredObject {
    const found = this.store.get(context.sandboxId, context.collectionPath, '_');
    if (found) return found;
    const schema = this.spec.objectSchema(context.route)!;
    const initial = RULES.initial(
      context,
      fillReadOnly(schema, withDefaults(schema, {}) as Record<string, unknown>, context.nowIso),
    );
    this.store.put(context.sandboxId, context.collectionPath, '_', initial);
    return this.store.get(context.sandboxId, context.collectionPath, '_')!;
  }

  private list(context: Context): SandboxResponse {
    const {request, route} = context;
    const pageSize = Number(request.query.get('page_size') ?? 25);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      throw new Problem('bad-request', 'page_size must be an integer from 1 to 100.');
    let after = 0;
    const cursor = request.query.get('cursor');
    if (cursor) {
      const decoded = /^r=(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
      if (!decoded) throw new Problem('bad-request', 'The cursor is not one this API gave; follow `next` unchanged.');
      after = Number(decoded[1]);
    }
    const filters = route.parameters.filter(
      (parameter) => parameter.in === 'query' && !['cursor', 'page_size'].includes(parameter.name),
    );
    const visible = (object: Record<string, unknown>) =>
      route.operationId !== 'services_list' ||
      !context.token.serviceIds.length ||
      context.token.serviceIds.includes(String(object.id));
    const matches = (object: Record<string, unknown>) =>
      visible(object) &&
      filters.every((parameter) => {
        const wanted = request.query.get(parameter.name);
        if (wanted === null) return true;
        const filter = RULES.filters[`${route.operationId}.${parameter.name}`];
        if (filter) return filter(object, wanted);
        if (!(parameter.name in object)) return true;
        return String(object[parameter.name]) === wanted;
      });
    const results: StoredObject[] = [];
    let last = after;
    let more = false;
    for (;;) {
      const batch = this.store.list(context.sandboxId, context.collectionPath, {afterRowid: last, limit: 200});
      for (const object of batch) {
        last = object.rowid;
        if (!matches(object.body)) continue;
        if (results.length === pageSize) {
          more = true;
          break;
        }
        results.push(object);
      }
      if (more || batch.length < 200) break;
    }
    let next: string | null = null;
    if (more) {
      const query = new URLSearchParams(request.query);
      query.set('cursor', Buffer.from(`r=${results.at(-1)!.rowid}`).toString('base64url'));
      query.set('page_size', String(pageSize));
      next = `${request.apiBase}/${request.version}${context.collectionPath}?${query}`;
    }
    const itemSchema = route.responseSchema?.properties?.results?.items as OpenApiNode | undefined;
    return {
      status: 200,
      headers: {ETag: etagOf(results.map((object) => object.etag))},
      body: {results: results.map((object) => this.view(itemSchema, object.body)), next},
    };
  }

  private create(context: Context, body: Record<string, unknown>): SandboxResponse {
    const {route, sandboxId} = context;
    if (this.store.count(sandboxId, context.collectionPath) >= LIMITS.objectsPerCollection)
      throw new Problem(
        'limit-exceeded',
        `A sandbox holds at most ${LIMITS.objectsPerCollection} objects per collection. Delete some, or get a new sandbox.`,
      );
    const schema = route.responseSchema!;
    let object = withDefaults(schema, body) as Record<string, unknown>;
    object = RULES.initial(context, object);
    object = fillReadOnly(schema, object, context.nowIso);
    RULES.check(context, object, undefined);
    const id = String(object[this.spec.idField(route.collection)]);
    this.store.put(sandboxId, context.collectionPath, id, object);
    RULES.saved(context, object, undefined);
    const answer = this.answer(context, 201, this.store.get(sandboxId, context.collectionPath, id)!, {
      Location: `${context.request.apiBase}/${context.request.version}${context.collectionPath}${id}/`,
    });
    return context.answerExtra ? {...answer, body: {...(answer.body as object), ...context.answerExtra}} : answer;
  }

  private update(context: Context, body: Record<string, unknown>, current: StoredObject): SandboxResponse {
    const {route, request, sandboxId} = context;
    this.checkIfMatch(request, current.etag);
    const schema = this.spec.objectSchema(route)!;
    let next: Record<string, unknown>;
    if (route.kind.endsWith('patch')) {
      next = mergePatch(schema, current.body, body) as Record<string, unknown>;
      const replaceRoute = this.spec.routes.find(
        (other) => other.template === route.template && other.method === 'PUT',
      );
      if (replaceRoute?.requestSchema) {
        const errors = this.spec.validate(
          `${replaceRoute.operationId}:request`,
          replaceRoute.requestSchema,
          writableView(schema, next),
        );
        if (errors.length) throw new Problem('validation-failed', 'The patched resource is invalid.', {errors});
      }
    } else {
      const readOnly = Object.fromEntries(
        Object.entries(current.body).filter(([name]) => !(name in (writableView(schema, current.body) as object))),
      );
      // A secret the body leaves out is kept (write-only fields are never returned, so a client cannot send them back).
      const secrets = Object.fromEntries(
        Object.entries(current.body).filter(
          ([name]) => !(name in (withoutHidden(schema, current.body, 'writeOnly') as object)),
        ),
      );
      next = {...secrets, ...(withDefaults(schema, body) as object), ...readOnly};
    }
    next = fillReadOnly(schema, next, context.nowIso);
    if ('updated_at' in next) next.updated_at = context.nowIso;
    RULES.check(context, next, current.body);
    this.store.put(sandboxId, current.collection, current.id, next);
    RULES.saved(context, next, current.body);
    return this.answer(context, 200, this.store.get(sandboxId, current.collection, current.id)!);
  }

  private remove(context: Context, current: StoredObject): SandboxResponse {
    this.checkIfMatch(context.request, current.etag);
    RULES.deleting(context, current.body);
    this.store.delete(context.sandboxId, current.collection, current.id);
    RULES.saved(context, undefined, current.body);
    return {status: 204, headers: {}};
  }

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
