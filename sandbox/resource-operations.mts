// The generic operations of the API's resources, by the kind ./spec.mts gives a route: a
// collection's list (cursor pagination and the documented filters) and create, an item's retrieve,
// replace (PUT), merge patch (PATCH) and delete, and a singleton's read and write. The product rules
// (./rules/) run at their hooks: initial values, checks, deleting and saved.
import {fillPath, type OpenApiNode} from '../src/lib/openapi/index.ts';
import type {SandboxResponse} from './engine.mts';
import {Problem} from './problems.mts';
import {fillReadOnly, mergePatch, withDefaults, withoutHidden, writableView} from './schema-values.mts';
import {etagOf, LIMITS, type StoredObject} from './store.mts';
import {RULES, type Context} from './rules/index.mts';

type Json = Record<string, unknown>;

/** Answers a route that no rule action answers, by its kind. */
export function genericOperation(context: Context, body: unknown): SandboxResponse {
  const {route, params, engine} = context;
  switch (route.kind) {
    case 'list':
      return list(context);
    case 'create':
      return create(context, body as Json);
    case 'retrieve':
      return engine.answer(context, 200, engine.item(context));
    case 'replace':
    case 'patch':
      return update(context, body as Json, engine.item(context));
    case 'delete':
      return remove(context, engine.item(context));
    case 'singleton-read':
      return engine.answer(context, 200, singleton(context));
    case 'singleton-replace':
    case 'singleton-patch':
      return update(context, body as Json, singleton(context));
    default:
      throw new Error(
        `No sandbox rule answers ${route.operationId} (${route.method} ${fillPath(route.template, params)}).`,
      );
  }
}

/** A singleton is stored under the id `_`, created from its schema's defaults on first read. */
function singleton(context: Context): StoredObject {
  const {store, sandboxId, collectionPath} = context;
  const found = store.get(sandboxId, collectionPath, '_');
  if (found) return found;
  const schema = context.engine.spec.objectSchema(context.route)!;
  const initial = RULES.initial(context, fillReadOnly(schema, withDefaults(schema, {}) as Json, context.nowIso));
  store.put(sandboxId, collectionPath, '_', initial);
  return store.get(sandboxId, collectionPath, '_')!;
}

/** One page of a collection: `page_size` objects (25 by default) after the `cursor`, with a `next` link. */
function list(context: Context): SandboxResponse {
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
  const visible = (object: Json) =>
    route.operationId !== 'services_list' ||
    !context.token.serviceIds.length ||
    context.token.serviceIds.includes(String(object.id));
  const matches = (object: Json) =>
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
    const batch = context.store.list(context.sandboxId, context.collectionPath, {afterRowid: last, limit: 200});
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
    body: {results: results.map((object) => context.engine.view(itemSchema, object.body)), next},
  };
}

/** A new object: the body with the schema's defaults, the rules' initial values and generated read-only fields. */
function create(context: Context, body: Json): SandboxResponse {
  const {route, sandboxId, store, engine} = context;
  if (store.count(sandboxId, context.collectionPath) >= LIMITS.objectsPerCollection)
    throw new Problem(
      'limit-exceeded',
      `A sandbox holds at most ${LIMITS.objectsPerCollection} objects per collection. Delete some, or get a new sandbox.`,
    );
  const schema = route.responseSchema!;
  let object = withDefaults(schema, body) as Json;
  object = RULES.initial(context, object);
  object = fillReadOnly(schema, object, context.nowIso);
  RULES.check(context, object, undefined);
  const id = String(object[engine.spec.idField(route.collection)]);
  store.put(sandboxId, context.collectionPath, id, object);
  RULES.saved(context, object, undefined);
  const answer = engine.answer(context, 201, store.get(sandboxId, context.collectionPath, id)!, {
    Location: `${context.request.apiBase}/${context.request.version}${context.collectionPath}${id}/`,
  });
  return context.answerExtra ? {...answer, body: {...(answer.body as object), ...context.answerExtra}} : answer;
}

/**
 * A PATCH is a JSON merge patch whose result must pass the PUT's schema; a PUT replaces what the
 * client may write, keeping read-only fields and the write-only secrets the body leaves out.
 */
function update(context: Context, body: Json, current: StoredObject): SandboxResponse {
  const {route, request, sandboxId, store, engine} = context;
  engine.checkIfMatch(request, current.etag);
  const schema = engine.spec.objectSchema(route)!;
  let next: Json;
  if (route.kind.endsWith('patch')) {
    next = mergePatch(schema, current.body, body) as Json;
    const replaceRoute = engine.spec.routes.find(
      (other) => other.template === route.template && other.method === 'PUT',
    );
    if (replaceRoute?.requestSchema) {
      const errors = engine.spec.validate(
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
  store.put(sandboxId, current.collection, current.id, next);
  RULES.saved(context, next, current.body);
  return engine.answer(context, 200, store.get(sandboxId, current.collection, current.id)!);
}

function remove(context: Context, current: StoredObject): SandboxResponse {
  context.engine.checkIfMatch(context.request, current.etag);
  RULES.deleting(context, current.body);
  context.store.delete(context.sandboxId, current.collection, current.id);
  RULES.saved(context, undefined, current.body);
  return {status: 204, headers: {}};
}
