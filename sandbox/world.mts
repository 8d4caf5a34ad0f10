// The example world (`POST /docs/sandbox/tokens?seed=example-world`): every object the guides'
// <ApiRequest> examples show, by id, in the collection its operation names, so that each page's
// calls run verbatim with a seeded token. It is built from the pages themselves (./page-calls.mts):
// a page that shows a new object adds it to the world. Where several pages show one object, the
// state a read shows wins over the state a create or an update answers; fields one page leaves out
// come from the others. docs/example-world.json keeps each id's name the same on every page.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {fillPath, type OpenApiNode} from '../src/lib/openapi/index.ts';
import type {SandboxEngine} from './engine.mts';
import {RULES} from './rules/index.mts';
import {pageCalls, type PageCall} from './page-calls.mts';
import {guidePageFiles} from '../tests/content/pages.mts';
import {fillReadOnly} from './schema-values.mts';
import {LIFECYCLES} from './rules/lifecycle.mts';
import type {SandboxSpec} from './spec.mts';

type Json = Record<string, unknown>;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isObject = (value: unknown): value is Json =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** A collection template with the call's path ids filled in, or undefined when the call lacks one. */
function collectionOf(template: string, call: PageCall): string | undefined {
  try {
    return fillPath(template, (call.path ?? {}) as Record<string, string>);
  } catch {
    return undefined;
  }
}

export interface WorldObject {
  collection: string;
  id: string;
  body: Json;
}

/** Which answer shows an object as it stands: reads first, then creates, then updates. */
const RANK: Record<string, number> = {
  retrieve: 0,
  list: 0,
  'singleton-read': 0,
  create: 1,
  replace: 2,
  patch: 2,
  'singleton-replace': 2,
  'singleton-patch': 2,
};

/**
 * The objects the calls' answers show, merged by collection and id. `known` (the example world, by
 * id) stands in for an object the calls only name in a path, before the documented example does.
 */
export function worldFromCalls(spec: SandboxSpec, calls: PageCall[], known?: Map<string, WorldObject>): WorldObject[] {
  const found = new Map<string, {rank: number; object: WorldObject}[]>();
  const add = (collection: string, id: string, body: Json, rank: number) => {
    const key = `${collection}${id}`;
    found.set(key, [...(found.get(key) ?? []), {rank, object: {collection, id, body}}]);
  };
  for (const call of calls) {
    const route = spec.byOperation.get(call.operation);
    if (!route || call.response === undefined || (call.status ?? route.successStatus) >= 300) continue;
    const rank = RANK[route.kind];
    if (rank === undefined) continue;
    const collection = collectionOf(route.collection, call);
    if (!collection || collection.includes('{')) continue;
    if (route.kind === 'list') {
      for (const item of ((call.response as Json).results as Json[]) ?? [])
        if (isObject(item) && typeof item.id === 'string') add(collection, item.id, item, rank);
    } else if (route.kind.startsWith('singleton')) {
      if (isObject(call.response)) add(collection, '_', call.response, rank);
    } else if (isObject(call.response)) {
      const id =
        call.response[spec.idField(route.collection)] ?? (call.path as Json | undefined)?.[route.itemParam ?? ''];
      if (id !== undefined) add(collection, String(id), call.response, rank);
    }
  }
  // An object a page only names, in a path or by its id in a request body: the example world's
  // object stands in for it, or else the documented example, so that a page's world holds the object
  // the other pages show (an S3 origin stays an S3 origin).
  const standIn = (template: string, collection: string, id: string) => {
    if (found.has(`${collection}${id}`)) return;
    const shown = known?.get(id);
    if (shown?.collection === collection) return add(collection, id, shown.body, 3);
    const example = documentedObject(spec, template);
    if (example) add(collection, id, {...example, ...exampleLabels(id, example), [spec.idField(template)]: id}, 3);
  };
  // Named in a path: to delete it, or as the parent of what the call creates.
  for (const call of calls) {
    const route = spec.byOperation.get(call.operation);
    if (!route) continue;
    const segments = route.template.split('/');
    segments.forEach((segment, index) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      const id = param ? (call.path as Json | undefined)?.[param] : undefined;
      if (typeof id !== 'string') return;
      const template = `${segments.slice(0, index).join('/')}/`;
      if (index === segments.length - 2 && route.kind === 'create') return;
      const collection = collectionOf(template, call);
      if (collection) standIn(template, collection, id);
    });
  }
  // Named by its id field in a request body (`domain_id`, `account_provider_id`), when the
  // collection it belongs to can be read.
  for (const call of calls) {
    if (!isObject(call.body)) continue;
    for (const [field, id] of Object.entries(call.body)) {
      // Ids the API made (UUIDs), not names a create chooses (a signing key's `key_id`).
      if (typeof id !== 'string' || !field.endsWith('_id') || !UUID_ONLY.test(id)) continue;
      const owner = spec.routes.find((route) => route.kind === 'retrieve' && route.itemParam === field);
      const collection = owner && collectionOf(owner.collection, call);
      if (collection) standIn(owner.collection, collection, id);
    }
  }
  const world: WorldObject[] = [];
  for (const shown of found.values()) {
    const ordered = shown.sort((a, b) => b.rank - a.rank);
    const body = Object.assign({}, ...ordered.map((entry) => entry.object.body)) as Json;
    world.push({...ordered[0].object, body});
  }
  // Parents first, so that a page's list shows objects in the order the world was made.
  return world.sort((a, b) => a.collection.split('/').length - b.collection.split('/').length);
}

/** Fields a create answers once and the API never shows again. */
const ANSWERED_ONCE: Record<string, string[]> = {'/access-tokens/': ['token']};

function withoutOnce(object: WorldObject): WorldObject {
  const fields = ANSWERED_ONCE[object.collection];
  if (!fields) return object;
  return {...object, body: Object.fromEntries(Object.entries(object.body).filter(([name]) => !fields.includes(name)))};
}

function settled(object: WorldObject): WorldObject {
  const template = Object.keys(LIFECYCLES).find((candidate) =>
    new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(object.collection),
  );
  const lifecycle = template ? LIFECYCLES[template] : undefined;
  if (!lifecycle || (lifecycle.applies && !lifecycle.applies(object.body))) return object;
  const fields = typeof lifecycle.waiting === 'function' ? lifecycle.waiting(object.body) : lifecycle.waiting;
  const waiting = object.body.status === fields.status;
  return waiting
    ? {
        ...object,
        body: {
          ...object.body,
          ...lifecycle.success(object.body, String(object.body.created_at ?? '2026-03-16T08:00:00Z')),
        },
      }
    : object;
}

let labels: Record<string, Json> | undefined;

/** The name (hostname, email, title) docs/example-world.json gives an id, so that stand-ins stay distinct. */
function exampleLabels(id: string, example: Json): Json {
  labels ??= (
    JSON.parse(readFileSync(path.join(root, 'docs/example-world.json'), 'utf8')) as {objects: Record<string, Json>}
  ).objects;
  const known = labels[id] ?? {};
  const out: Json = {};
  for (const field of ['name', 'hostname', 'email', 'title'])
    if (field in example) out[field] = known[field] ?? `${String(example[field])}-${id.slice(0, 8)}`;
  return out;
}

/** The documented example of the objects of a collection (its retrieve operation's answer). */
function documentedObject(spec: SandboxSpec, template: string): Json | undefined {
  const retrieve = spec.routes.find((route) => route.kind === 'retrieve' && route.collection === template);
  const example = retrieve && spec.documentedAnswer(retrieve.operationId);
  return isObject(example) ? example : undefined;
}

/** Fills in what a page left out of an object (read-only fields the schema requires). */
function complete(spec: SandboxSpec, object: WorldObject, nowIso: string): Json {
  const route = spec.routes.find(
    (candidate) =>
      (candidate.kind === 'retrieve' || candidate.kind === 'singleton-read') &&
      new RegExp(`^${candidate.collection.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(object.collection),
  );
  const schema = route?.responseSchema as OpenApiNode | undefined;
  return schema ? fillReadOnly(schema, object.body, nowIso) : object.body;
}

/** Where `npm run api:gen` writes the worlds (sandbox/build-world.mts). */
export const WORLD_FILE = path.join(root, 'generated/sandbox/worlds.json');

/** An id a page's create answers with: a sandbox seeded for that page gives it to the same create. */
export interface ReservedId {
  collection: string;
  field: string;
  value: unknown;
  id: string;
  uid?: string;
}

export interface Worlds {
  /** By seed name: `example-world`, and `page:<page path under docs/, without extension>` for each page. */
  worlds: Record<string, WorldObject[]>;
  reserved: Record<string, ReservedId[]>;
}

/** Fields that tell one object of a collection from the others (names are unique in a collection; a protocol config is the one of its domain). */
const LABELS = ['name', 'domain_id', 'hostname', 'email', 'key_id', 'title', 'account_provider_id', 'path_pattern'];
const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const UUID_ONLY = new RegExp(`^${UUID_TEXT.source}$`, 'i');

/** The seed name of a page: `page:Guides/Origins/Adding an Origin`. */
export function pageSeed(file: string, docsRoot = path.join(root, 'docs')): string {
  return `page:${path.relative(docsRoot, path.resolve(file)).replace(/\.mdx?$/, '')}`;
}

/**
 * A service's version counters agree with the versions the world holds of it (pages show a service
 * at version 3 and its versions 43 and 44): the newest is current and target, and the newest
 * `active` one, or the one before the first still deploying, is active. The versions deploying then
 * go live after the seed's wait.
 */
function withConsistentVersions(objects: WorldObject[]): WorldObject[] {
  return objects.map((object) => {
    if (object.collection !== '/services/') return object;
    const versions = objects.filter((other) => other.collection === `/services/${object.id}/service-config/`);
    if (!versions.length) return object;
    const newest = Math.max(Number(object.body.current_version ?? 0), ...versions.map((version) => Number(version.id)));
    // The version before the first one still deploying was live, if the world shows none active.
    const deploying = versions
      .filter((version) => version.body.state === 'deploying')
      .map((version) => Number(version.id));
    const active = Math.max(
      Number(object.body.active_version ?? 0),
      ...versions.filter((version) => version.body.state === 'active').map((version) => Number(version.id)),
      ...(deploying.length ? [Math.min(...deploying) - 1] : []),
    );
    return {...object, body: {...object.body, current_version: newest, target_version: newest, active_version: active}};
  });
}

export function buildWorlds(spec: SandboxSpec, nowIso = '2026-03-16T08:00:00Z'): Worlds {
  const docsRoot = path.join(root, 'docs');
  const files = guidePageFiles(docsRoot);
  const byPage = files.map((file) => ({file, calls: pageCalls(file)})).filter((page) => page.calls.length);
  const finish = (objects: WorldObject[]) =>
    objects.map((object) => withoutOnce({...object, body: complete(spec, object, nowIso)}));
  // In the example world, what a page only showed being created has since been through its lifecycle.
  const union = withConsistentVersions(
    finish(
      worldFromCalls(
        spec,
        byPage.flatMap((page) => page.calls),
      ),
    ).map(settled),
  );
  const unionById = new Map(union.map((object) => [object.id, object]));
  const listedIds = new Set(
    byPage
      .flatMap((page) => page.calls)
      .filter((call) => spec.byOperation.get(call.operation)?.kind === 'list')
      .flatMap((call) => ((call.response as Json | undefined)?.results as Json[] | undefined) ?? [])
      .map((item) => String(item.id)),
  );
  const worlds: Record<string, WorldObject[]> = {'example-world': union};
  const reserved: Record<string, ReservedId[]> = {};
  for (const {file, calls} of byPage) {
    const seed = pageSeed(file, docsRoot);
    const created: ReservedId[] = [];
    for (const call of calls) {
      const route = spec.byOperation.get(call.operation);
      const response = call.response as Json | undefined;
      const idField = route ? spec.idField(route.collection) : 'id';
      if (route?.kind !== 'create' || !isObject(response) || typeof response[idField] !== 'string') continue;
      const field = LABELS.find((name) => name !== idField && response[name] !== undefined);
      if (!field) continue;
      created.push({
        collection: fillPath(route.collection, (call.path ?? {}) as Record<string, string>),
        field,
        value: response[field],
        id: String(response[idField]),
        ...(typeof response.uid === 'string' ? {uid: response.uid} : {}),
      });
    }
    const createdIds = new Set(created.map((entry) => entry.id));
    // What a page creates starts absent, with everything under it, and so does an object with the
    // same name in the same collection (the page's create would otherwise meet it).
    const sameLabel = (object: WorldObject) =>
      created.some((entry) => entry.collection === object.collection && object.body[entry.field] === entry.value);
    const isCreated = (object: WorldObject) =>
      createdIds.has(object.id) ||
      object.collection.split('/').some((segment) => createdIds.has(segment)) ||
      sameLabel(object);
    // Objects the page shows under an object it creates are made by that create: they keep their ids.
    for (const object of worldFromCalls(spec, calls)) {
      if (createdIds.has(object.id) || !object.collection.split('/').some((segment) => createdIds.has(segment)))
        continue;
      const field = LABELS.find((name) => object.body[name] !== undefined);
      if (field) created.push({collection: object.collection, field, value: object.body[field], id: object.id});
    }
    // A singleton the page turns on before it reads it (`enabled: true`) starts as it stands before
    // anyone changed it, off, not as the page's later reads show it.
    const firstCalls = new Map<string, PageCall>();
    for (const call of calls) {
      const route = spec.byOperation.get(call.operation);
      if (!route?.kind.startsWith('singleton')) continue;
      const collection = collectionOf(route.collection, call);
      if (collection && !firstCalls.has(collection)) firstCalls.set(collection, call);
    }
    const turnedOnFirst = (object: WorldObject) => {
      const first = firstCalls.get(object.collection);
      return object.id === '_' && isObject(first?.body) && first.body.enabled === true;
    };
    const shown = finish(
      worldFromCalls(spec, calls, unionById).filter((object) => !isCreated(object) && !turnedOnFirst(object)),
    );
    const wanted = new Map(shown.map((object) => [`${object.collection}${object.id}`, object]));
    const referenced = new Set(JSON.stringify(calls).match(UUID_TEXT) ?? []);
    const addWithParents = (object: WorldObject | undefined) => {
      if (!object || isCreated(object)) return;
      const key = `${object.collection}${object.id}`;
      if (!wanted.has(key)) wanted.set(key, object);
      const segments = object.collection.split('/').filter(Boolean);
      for (let index = 1; index < segments.length; index += 2) addWithParents(unionById.get(segments[index]));
    };
    for (const object of shown) addWithParents(object);
    for (const id of referenced) addWithParents(unionById.get(id));
    // A service comes with the CDN accounts attached to it: when the page names none of them, the
    // ones the guides' lists of its providers show (others are attached by a page, for that page).
    for (const object of [...wanted.values()].filter((candidate) => candidate.collection === '/services/')) {
      const providers = `/services/${object.id}/providers/`;
      if ([...wanted.values()].some((candidate) => candidate.collection === providers)) continue;
      const attached = union.filter((candidate) => candidate.collection === providers);
      const listed = attached.filter((provider) => listedIds.has(provider.id));
      for (const provider of listed.length ? listed : attached) {
        addWithParents(provider);
        addWithParents(unionById.get(String(provider.body.account_provider_id)));
      }
    }
    // A create that leaves its place in an evaluation order to the API goes after the objects the
    // page's answer puts before it: those of the example world, where the page shows none.
    for (const call of calls) {
      const route = spec.byOperation.get(call.operation);
      const response = call.response as Json | undefined;
      if (route?.kind !== 'create' || !isObject(response) || response.order === undefined) continue;
      if (isObject(call.body) && call.body.order !== undefined) continue;
      const collection = collectionOf(route.collection, call);
      if (!collection) continue;
      for (const sibling of union)
        if (sibling.collection === collection && Number(sibling.body.order) < Number(response.order))
          addWithParents(sibling);
    }
    // And with its default behavior and default traffic policy, which every service has.
    for (const object of [...wanted.values()].filter((candidate) => candidate.collection === '/services/')) {
      const defaults = union.filter(
        (candidate) =>
          candidate.body.is_default === true &&
          [`/services/${object.id}/behaviors/`, `/services/${object.id}/traffic-policies/`].includes(
            candidate.collection,
          ),
      );
      for (const fallback of defaults) addWithParents(fallback);
    }
    worlds[seed] = withConsistentVersions(
      [...wanted.values()].sort((a, b) => a.collection.split('/').length - b.collection.split('/').length),
    );
    if (created.length) reserved[seed] = created;
  }
  return {worlds, reserved};
}

let loaded: Worlds | undefined;

/** The worlds `npm run api:gen` made; read once. */
export function worlds(): Worlds {
  if (!loaded) {
    if (!existsSync(WORLD_FILE)) throw new Error(`${WORLD_FILE} is missing: run "npm run api:gen".`);
    loaded = JSON.parse(readFileSync(WORLD_FILE, 'utf8')) as Worlds;
  }
  return loaded;
}

/**
 * How long what a seed shows waiting for the outside world (a version deploying, a domain pending
 * DNS) waits before it advances: the sandbox's usual delay, kept even where a test shortens the
 * delay of its own changes, so that a page's first reads see the world as the page shows it.
 */
export const SEEDED_WAIT_MS = 10_000;

const templates = new Map<string, string | undefined>();

/** The OpenAPI collection template of a world object (`/services/{service_id}/domains/`), kept per path. */
function templateOf(engine: SandboxEngine, object: WorldObject): string | undefined {
  const item = object.id === '_' ? object.collection : `${object.collection}${object.id}/`;
  if (!templates.has(item)) templates.set(item, engine.spec.match('GET', 'v1', item)?.route.collection);
  return templates.get(item);
}

/**
 * Copies a world into a new sandbox; false when there is no world of that name. What the world shows
 * waiting then advances after SEEDED_WAIT_MS, or at once with the test helpers.
 */
export function seedWorld(engine: SandboxEngine, sandboxId: string, name: string, now = Date.now()): boolean {
  const world = worlds().worlds[name];
  if (!world) return false;
  for (const object of world) engine.store.put(sandboxId, object.collection, object.id, object.body);
  for (const object of world) {
    const template = templateOf(engine, object);
    if (template) RULES.seeded(template, engine.store, sandboxId, object, now + SEEDED_WAIT_MS);
  }
  return true;
}
