// Services: the uid and CNAME a new service gets, the default traffic policy and default behavior
// created with it (product model › The default traffic policy, › Behaviors), and what goes with a
// deleted service. Domains: a hostname belongs to one service only.
import {randomBytes} from 'node:crypto';
import {Problem} from '../problems.mts';
import {fillReadOnly, withDefaults} from '../schema-values.mts';
import {registerApplier} from './lifecycle.mts';
import {withReservedId} from './reserved-ids.mts';
import type {Context, RuleSet} from './index.mts';

type Json = Record<string, unknown>;
const UID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function newUid(): string {
  return [...randomBytes(8)].map((byte) => UID_ALPHABET[byte % UID_ALPHABET.length]).join('');
}

/**
 * A new object of a collection from the schema of its list, with `fields` over its defaults; when
 * `collectionPath` is given, with the id a page seed reserved for it there.
 */
export function build(context: Context, listOperationId: string, fields: Json, collectionPath?: string): Json {
  const route = context.engine.spec.byOperation.get(listOperationId)!;
  const schema = route.responseSchema!.properties.results.items;
  const named = collectionPath
    ? withReservedId(context, collectionPath, context.engine.spec.idField(route.collection), fields)
    : fields;
  return fillReadOnly(schema, withDefaults(schema, named) as Json, context.nowIso);
}

/**
 * The templates of Creating a Service (#templates, the page that owns them): the DEFAULT actions are
 * the documented answer of Reset the default behavior; VOD and LIVE change a few of them, and LIVE
 * adds two manifest behaviors.
 */
function template(context: Context, name: string): {actions: Json; behaviors: Json[]} {
  const example = context.engine.spec.documentedAnswer('services_behaviors_reset_default_behavior_update') as
    Json | undefined;
  const actions = structuredClone((example?.actions ?? {}) as Json);
  const safeMethods = {methods: ['GET', 'HEAD', 'OPTIONS']};
  if (name === 'VOD')
    return {
      actions: {
        ...actions,
        cache_ttl: {ttl: 2_592_000, override_origin: false},
        allowed_methods: safeMethods,
        large_file_optimization: {enabled: true},
      },
      behaviors: [],
    };
  if (name === 'LIVE') {
    const manifest = (behaviorName: string, pattern: string, order: number) => ({
      name: behaviorName,
      path_pattern: pattern,
      order,
      position: order,
      is_default: false,
      actions: {cache_ttl: {ttl: 2, override_origin: true}, browser_ttl: {ttl: 2, override_origin: true}},
    });
    return {
      actions: {...actions, allowed_methods: safeMethods},
      behaviors: [manifest('Live HLS manifests', '*.m3u8', 1), manifest('Live DASH manifests', '*.mpd', 2)],
    };
  }
  return {actions, behaviors: []};
}

registerApplier('remove-service', (store, sandboxId, change) => {
  store.delete(sandboxId, '/services/', change.objectId);
  store.delete(sandboxId, '/_snapshots/', change.objectId);
});

export const serviceRules: RuleSet = {
  initial: {
    '/services/'(context, object) {
      const uid = typeof object.uid === 'string' ? object.uid : newUid();
      return {
        ...object,
        uid,
        cname: `${uid}.edge.tributary.example`,
        status: 'not_deployed',
        status_detail: null,
        current_version: 0,
        target_version: null,
        active_version: null,
      };
    },
    '/services/{service_id}/domains/'(context, object) {
      const service = context.store.get(context.sandboxId, '/services/', context.params.service_id)!;
      return {...object, cname_target: service.body.cname};
    },
  },
  check: {
    '/services/{service_id}/protocol-config/'(context, next) {
      const domain = next.domain_id
        ? context.store.get(
            context.sandboxId,
            `/services/${context.params.service_id}/domains/`,
            String(next.domain_id),
          )
        : undefined;
      if (next.domain_id && !domain)
        throw new Problem('validation-failed', 'One or more fields are invalid.', {
          errors: [{field: 'domain_id', message: 'Not a domain of this service.'}],
        });
      next.hostname = domain ? domain.body.hostname : null;
    },
    '/services/{service_id}/domains/'(context, next) {
      const names = [next.hostname, ...((next.aliases as string[]) ?? [])];
      for (const other of context.store.listUnder(context.sandboxId, '/services/')) {
        if (!/^\/services\/[^/]+\/domains\/$/.test(other.collection) || other.id === next.id) continue;
        const taken = [other.body.hostname, ...((other.body.aliases as string[]) ?? [])].find((name) =>
          names.includes(name),
        );
        if (taken && other.collection !== context.collectionPath)
          throw new Problem('hostname-taken', `${String(taken)} is already a domain of another service.`);
        if (taken)
          throw new Problem('duplicate-name', `${String(taken)} is already the domain ${other.id} of this service.`, {
            existing_id: other.id,
          });
      }
    },
  },
  saved: {
    '/services/'(context, next, previous) {
      if (!next || previous || context.route.kind !== 'create') return;
      const serviceId = String(next.id);
      const policy = build(
        context,
        'services_traffic_policies_list',
        {
          name: 'Default',
          kind: 'static',
          scope: {},
          providers: [],
          failover: {enabled: true, health_check_ids: []},
          is_default: true,
          priority: 0,
        },
        `/services/${serviceId}/traffic-policies/`,
      );
      context.store.put(context.sandboxId, `/services/${serviceId}/traffic-policies/`, String(policy.id), policy);
      const {actions, behaviors} = template(context, String(next.template));
      for (const fields of [
        {name: 'Default', path_pattern: '*', order: 0, position: 0, is_default: true, actions},
        ...behaviors,
      ]) {
        const behavior = build(context, 'services_behaviors_list', fields, `/services/${serviceId}/behaviors/`);
        context.store.put(context.sandboxId, `/services/${serviceId}/behaviors/`, String(behavior.id), behavior);
      }
      const protocol = build(
        context,
        'services_protocol_config_list',
        {scope: 'all_domains', domain_id: null, hostname: null},
        `/services/${serviceId}/protocol-config/`,
      );
      context.store.put(context.sandboxId, `/services/${serviceId}/protocol-config/`, String(protocol.id), protocol);
    },
  },
  deleting: {
    '/services/{service_id}/traffic-policies/'(context, object) {
      if (object.is_default)
        throw new Problem('default-traffic-policy', 'The default traffic policy cannot be deleted; edit it instead.');
    },
    '/services/{service_id}/behaviors/'(context, object) {
      if (object.is_default)
        throw new Problem(
          'default-behavior-not-deletable',
          'The default behavior cannot be deleted; reset it instead.',
        );
    },
  },
  any: {
    check(context) {
      const serviceId = context.params.service_id;
      if (!serviceId || context.route.operationId === 'services_destroy') return;
      if (context.store.get(context.sandboxId, '/services/', serviceId)?.body.status === 'deleting')
        throw new Problem(
          'service-deleting',
          'The service is being removed from its providers; it disappears in a moment.',
        );
    },
  },
  actions: {
    services_destroy(context) {
      const current = context.engine.item(context);
      context.engine.checkIfMatch(context.request, current.etag);
      if (current.body.status === 'deleting')
        throw new Problem('service-deleting', 'The service is already being removed from its providers.');
      // Removed from the providers in the background (after the delay), then gone.
      const providers = context.store.list(context.sandboxId, `/services/${current.id}/providers/`).length;
      context.store.put(context.sandboxId, '/services/', current.id, {
        ...current.body,
        status: 'deleting',
        updated_at: context.nowIso,
      });
      context.store.schedule(context.sandboxId, providers ? context.now + context.engine.delayMs : context.now, {
        kind: 'remove-service',
        collection: '/services/',
        objectId: current.id,
        data: {},
      });
      return {status: 204, headers: {}};
    },
    services_behaviors_reset_default_behavior_update(context) {
      const collection = `/services/${context.params.service_id}/behaviors/`;
      const current = context.store.list(context.sandboxId, collection).find((behavior) => behavior.body.is_default)!;
      context.engine.checkIfMatch(context.request, current.etag);
      const service = context.store.get(context.sandboxId, '/services/', context.params.service_id)!;
      const reset = build(context, 'services_behaviors_list', {
        actions: template(context, String(service.body.template)).actions,
        id: current.id,
        name: current.body.name,
        path_pattern: '*',
        order: 0,
        position: 0,
        is_default: true,
        created_at: current.body.created_at,
      });
      context.store.put(context.sandboxId, collection, current.id, reset);
      return context.engine.answer(context, 200, context.store.get(context.sandboxId, collection, current.id)!);
    },
  },
};
