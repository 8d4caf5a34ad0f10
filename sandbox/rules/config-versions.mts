// Config versions (API overview › Deployment of changes; product model › Config versions): every
// operation whose success response declares `Tributary-Config-Version` saves a new version of the
// service. With providers attached, the version is rolled out (current → target → active) after the
// sandbox's delay; a failed rollout leaves the previous active version live.
import {Problem} from '../problems.mts';
import type {Store} from '../store.mts';
import {worlds} from '../world.mts';
import {registerApplier, type Outcome} from './lifecycle.mts';
import type {Context, RuleAction, RuleSet} from './index.mts';

type Json = Record<string, unknown>;

const service = (id: string) => `/services/${id}/`;
const versionsOf = (id: string) => `/services/${id}/service-config/`;
const providersOf = (id: string) => `/services/${id}/providers/`;
const snapshotsOf = (id: string) => `/_snapshots/${id}/`;
/** What a rollback does not restore under a service: its history and its purges. */
const notSettings = (id: string) => [versionsOf(id), `${service(id)}purges/`];
/** What a rollback restores: the service's own settings. */
const isSetting = (collection: string, id: string) => !notSettings(id).some((prefix) => collection.startsWith(prefix));

interface SavedObject {
  collection: string;
  id: string;
  body: Json;
}

/**
 * The settings of a version saved before the sandbox was seeded (up to the seeded service's
 * `current_version`, which the worlds keep in step with its versions): the seeded world's, since the sandbox knows no older state. Read from the world
 * rather than stored, so that a seeded sandbox costs no snapshot.
 */
function seededSettings(context: Context, serviceId: string, from: number): SavedObject[] | undefined {
  const seed = context.store.seedOf(context.sandboxId);
  const world = seed ? worlds().worlds[seed] : undefined;
  if (!world) return undefined;
  const seeded = world.find((object) => object.collection === '/services/' && object.id === serviceId);
  const newest = Number(seeded?.body.current_version ?? 0);
  if (!seeded || !(from >= 1 && from <= newest)) return undefined;
  return world.filter(
    (object) => object.collection.startsWith(service(serviceId)) && isSetting(object.collection, serviceId),
  );
}

function serviceIdOf(context: Context, next: Json | undefined, previous: Json | undefined): string | undefined {
  if (context.params.service_id) return context.params.service_id;
  if (context.route.collection === '/services/') return String((next ?? previous)?.id);
  return undefined;
}

/** The resource kind a change names in `changes`, from its path (`origins`, `traffic-policies`). */
function resourceType(context: Context): string {
  const segments = context.route.template.split('/').filter((segment) => segment && !segment.startsWith('{'));
  return segments.at(-1) === 'services' ? 'service' : (segments.at(-1) ?? 'service');
}

/** One entry of a version's `changes`; the resource type is the request's unless given. */
interface VersionChange {
  resourceType?: string;
  action: string;
  resourceId: string | null;
  summary: string;
}

/**
 * What a rollback changes: each setting that differs between the service now and the version it
 * returns to, named by its collection (`protocol-config`) and id.
 */
function rollbackChanges(now: SavedObject[], target: SavedObject[], from: number): VersionChange[] {
  const key = (object: SavedObject) => `${object.collection}${object.id}`;
  const before = new Map(now.map((object) => [key(object), object]));
  const after = new Map(target.map((object) => [key(object), object]));
  const named = (object: SavedObject, action: string): VersionChange => {
    const resourceType = object.collection.split('/').filter(Boolean).at(-1) ?? 'service';
    return {
      resourceType,
      action,
      resourceId: object.id === '_' ? null : object.id,
      summary: `${resourceType} ${action} by the rollback to version ${from}`,
    };
  };
  const changes = [
    ...target.filter((object) => !before.has(key(object))).map((object) => named(object, 'created')),
    ...target
      .filter(
        (object) =>
          before.has(key(object)) && JSON.stringify(before.get(key(object))!.body) !== JSON.stringify(object.body),
      )
      .map((object) => named(object, 'updated')),
    ...now.filter((object) => !after.has(key(object))).map((object) => named(object, 'deleted')),
  ];
  return changes.length
    ? changes
    : [{resourceType: 'service', action: 'updated', resourceId: null, summary: `Rollback to version ${from}`}];
}

/** Saves a version of the service after a change and starts its rollout when providers are attached. */
export function saveVersion(
  context: Context,
  serviceId: string,
  change: VersionChange | VersionChange[],
  rolledBackFrom: number | null = null,
): number {
  const {store, sandboxId} = context;
  const current = store.get(sandboxId, '/services/', serviceId);
  if (!current) return 0;
  const number = Number(current.body.current_version ?? 0) + 1;
  const providers = store.list(sandboxId, providersOf(serviceId)).map((provider) => provider.body);
  const deploying = providers.length > 0;
  for (const earlier of store.listWhere(sandboxId, versionsOf(serviceId), 'state', ['saved', 'deploying']))
    store.put(sandboxId, versionsOf(serviceId), earlier.id, {...earlier.body, state: 'superseded', deployments: []});
  store.put(sandboxId, versionsOf(serviceId), String(number), {
    version: number,
    state: deploying ? 'deploying' : 'saved',
    description: null,
    created_at: context.nowIso,
    created_by: context.token.accessTokenId
      ? {type: 'access_token', id: context.token.accessTokenId, name: 'sandbox token'}
      : {type: 'access_token', id: null, name: 'sandbox admin token'},
    rolled_back_from: rolledBackFrom,
    changes: (Array.isArray(change) ? change : [change]).map((one) => ({
      resource_type: one.resourceType ?? resourceType(context),
      resource_id: one.resourceId,
      action: one.action,
      summary: one.summary,
    })),
    deployments: providers.map((provider) => ({
      service_provider_id: provider.id,
      provider_type: provider.provider_type,
      status: 'deploying',
      status_detail: null,
      error: null,
      updated_at: context.nowIso,
    })),
  });
  store.snapshot(sandboxId, service(serviceId), notSettings(serviceId), snapshotsOf(serviceId), String(number));
  store.put(sandboxId, '/services/', serviceId, {
    ...current.body,
    current_version: number,
    ...(deploying
      ? {target_version: number, status: current.body.active_version ? current.body.status : 'deploying'}
      : {}),
    updated_at: context.nowIso,
  });
  if (deploying) {
    for (const provider of providers)
      if (provider.provider_type !== 'unmanaged')
        store.put(sandboxId, providersOf(serviceId), String(provider.id), {
          ...provider,
          deployment_status: 'deploying',
          updated_at: context.nowIso,
        });
    store.schedule(sandboxId, context.now + context.engine.delayMs, {
      kind: 'deploy',
      collection: versionsOf(serviceId),
      objectId: String(number),
      data: {serviceId},
    });
  }
  context.savedVersion = number;
  return number;
}

registerApplier('deploy', (store: Store, sandboxId: string, change, outcome: Outcome, nowIso: string) => {
  const serviceId = String(change.data.serviceId);
  const version = store.get(sandboxId, versionsOf(serviceId), change.objectId);
  const current = store.get(sandboxId, '/services/', serviceId);
  if (!version || !current || version.body.state !== 'deploying') return;
  const ok = outcome === 'success';
  const detail = ok ? null : 'The provider rejected the configuration (simulated by the sandbox).';
  const deployments: Json[] = (version.body.deployments as Json[]).map((deployment, index) => ({
    ...deployment,
    status: ok || index > 0 ? 'deployed' : 'failed',
    status_detail: ok || index > 0 ? null : detail,
    error: ok || index > 0 ? null : detail,
    updated_at: nowIso,
  }));
  if (ok)
    for (const earlier of store.listWhere(sandboxId, versionsOf(serviceId), 'state', ['active']))
      store.put(sandboxId, versionsOf(serviceId), earlier.id, {...earlier.body, state: 'superseded'});
  store.put(sandboxId, versionsOf(serviceId), change.objectId, {
    ...version.body,
    state: ok ? 'active' : 'failed',
    deployments,
  });
  for (const provider of store.list(sandboxId, providersOf(serviceId))) {
    const failed = !ok && deployments[0]?.service_provider_id === provider.id;
    store.put(sandboxId, providersOf(serviceId), provider.id, {
      ...provider.body,
      deployment_status: failed ? 'failed' : 'deployed',
      deployment_status_detail: failed ? detail : null,
      deployment_error: failed ? detail : null,
      deployed_version: failed ? provider.body.deployed_version : version.body.version,
      provider_resource_id: provider.body.provider_resource_id ?? `sbx-${provider.id.slice(0, 8)}`,
      provider_cname:
        provider.body.provider_cname ??
        `${String(current.body.uid)}.${String(provider.body.provider_type)}.sandbox.tributary.example`,
      updated_at: nowIso,
    });
  }
  store.put(sandboxId, '/services/', serviceId, {
    ...current.body,
    status: ok ? 'deployed' : 'deployment_failed',
    status_detail: ok ? null : detail,
    ...(ok ? {active_version: version.body.version} : {}),
    updated_at: nowIso,
  });
});

/** After an action whose answer declares Tributary-Config-Version and that saved none itself. */
export function savedByAction(context: Context): void {
  if (context.savedVersion !== undefined || !context.params.service_id) return;
  if (!context.route.successHeaders.includes('Tributary-Config-Version')) return;
  saveVersion(context, context.params.service_id, {
    action: 'updated',
    resourceId: null,
    summary: `${context.route.operationId} (sandbox)`,
  });
}

/** The problem each read of a version the service points at answers when there is none. */
const NO_VERSION = {
  current_version: () => new Problem('not-found', 'This service has no saved version.'),
  target_version: () =>
    new Problem('no-active-version', 'No version of this service has been rolled out yet: attach a provider first.'),
  active_version: () => new Problem('no-active-version', 'No version of this service is live on every provider yet.'),
};

/** Reads the version the service names in `field`: its current, target or active one. */
function pointedVersion(field: keyof typeof NO_VERSION): RuleAction {
  return (context) => {
    const current = context.store.get(context.sandboxId, '/services/', context.params.service_id)!;
    const number = current.body[field];
    const version =
      number === null || number === undefined
        ? undefined
        : context.store.get(context.sandboxId, versionsOf(context.params.service_id), String(number));
    if (!version) throw NO_VERSION[field]();
    return context.engine.answer(context, 200, version);
  };
}

export const configVersionRules: RuleSet = {
  seeded: {
    // A seeded version still deploying goes live after the delay, as one the sandbox saved.
    '/services/{service_id}/service-config/'(store, sandboxId, object, dueAt) {
      if (object.body.state !== 'deploying') return;
      const serviceId = object.collection.split('/')[2];
      store.schedule(sandboxId, dueAt, {
        kind: 'deploy',
        collection: object.collection,
        objectId: object.id,
        data: {serviceId},
      });
    },
  },
  any: {
    saved(context, next, previous) {
      if (!context.route.successHeaders.includes('Tributary-Config-Version')) return;
      if (context.route.operationId === 'services_service_config_create') return;
      const serviceId = serviceIdOf(context, next, previous);
      if (!serviceId) return;
      const action = !previous ? 'created' : !next ? 'deleted' : 'updated';
      const object = (next ?? previous)!;
      const resourceId = typeof object.id === 'string' && object.id !== serviceId ? object.id : null;
      saveVersion(context, serviceId, {action, resourceId, summary: `${context.route.operationId} (sandbox)`});
    },
  },
  actions: {
    services_service_config_current_retrieve: pointedVersion('current_version'),
    services_service_config_target_retrieve: pointedVersion('target_version'),
    services_service_config_active_retrieve: pointedVersion('active_version'),
    services_service_config_create(context, body) {
      const {store, sandboxId} = context;
      const serviceId = context.params.service_id;
      const from = Number((body as Json).from_version);
      const current = store.get(sandboxId, '/services/', serviceId)!;
      if (from === current.body.current_version)
        throw new Problem('version-already-current', `Version ${from} is already the current version.`);
      const objects =
        (store.get(sandboxId, snapshotsOf(serviceId), String(from))?.body.objects as SavedObject[] | undefined) ??
        seededSettings(context, serviceId, from);
      if (!objects) throw new Problem('not-found', `This service has no version ${from}.`);
      const settings = store
        .listUnder(sandboxId, service(serviceId))
        .filter((object) => isSetting(object.collection, serviceId));
      const changes = rollbackChanges(settings, objects, from);
      for (const object of settings) store.delete(sandboxId, object.collection, object.id);
      for (const object of objects) store.put(sandboxId, object.collection, object.id, object.body);
      const number = saveVersion(context, serviceId, changes, from);
      const saved = store.get(sandboxId, versionsOf(serviceId), String(number))!;
      const description = (body as Json).description;
      if (description !== undefined)
        store.put(sandboxId, versionsOf(serviceId), String(number), {...saved.body, description});
      return context.engine.answer(context, 201, store.get(sandboxId, versionsOf(serviceId), String(number))!, {
        Location: `${context.request.apiBase}/${context.request.version}${versionsOf(serviceId)}${number}/`,
      });
    },
  },
  deleting: {
    '/services/{service_id}/service-config/'(context, object) {
      const current = context.store.get(context.sandboxId, '/services/', context.params.service_id)!;
      if (
        [current.body.current_version, current.body.target_version, current.body.active_version].includes(
          object.version,
        )
      )
        throw new Problem(
          'config-version-in-use',
          `Version ${String(object.version)} is the current, target or active version and cannot be deleted.`,
        );
    },
  },
};
