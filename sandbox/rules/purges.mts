// Purges (product model › Purge): `202` with the purge's URL in `Location`, refused with `409` on a
// service that nothing is live for yet; `in_progress` until every provider finished, after the
// sandbox's delay. What each provider purges is the table of Purging Cached Content
// (#what-each-provider-purges), which purge-scopes.test.mts compares with PURGE_SCOPES.
import {randomUUID} from 'node:crypto';
import {Problem} from '../problems.mts';
import {registerApplier} from './lifecycle.mts';
import type {Context, RuleSet} from './index.mts';

type Json = Record<string, unknown>;
export type PurgeItemKind = 'exact' | 'trailing-wildcard' | 'other-wildcard' | 'tag';
type Scope = 'requested' | 'requested-after-slash' | 'all';

/** Per provider type: whether each kind of item is purged as requested or as a full purge. */
export const PURGE_SCOPES: Record<string, Record<PurgeItemKind, Scope>> = {
  cloudflare: {
    exact: 'requested',
    'trailing-wildcard': 'requested-after-slash',
    'other-wildcard': 'all',
    tag: 'requested',
  },
  cloudfront: {exact: 'requested', 'trailing-wildcard': 'requested', 'other-wildcard': 'all', tag: 'all'},
  fastly: {exact: 'requested', 'trailing-wildcard': 'all', 'other-wildcard': 'all', tag: 'requested'},
  akamai: {exact: 'requested', 'trailing-wildcard': 'all', 'other-wildcard': 'all', tag: 'requested'},
  google_cloud_cdn: {
    exact: 'requested',
    'trailing-wildcard': 'requested-after-slash',
    'other-wildcard': 'all',
    tag: 'requested',
  },
  azure_cdn: {exact: 'requested', 'trailing-wildcard': 'requested-after-slash', 'other-wildcard': 'all', tag: 'all'},
};

/** The scope one provider purges a list of items with: `all` as soon as one item needs it. */
export function purgeScope(providerType: string, type: string, items: string[]): 'requested' | 'all' {
  if (type === 'all') return 'all';
  const table = PURGE_SCOPES[providerType];
  if (!table) return 'all';
  for (const item of items) {
    const kind: PurgeItemKind =
      type === 'tags'
        ? 'tag'
        : !item.includes('*')
          ? 'exact'
          : item.indexOf('*') === item.length - 1
            ? 'trailing-wildcard'
            : 'other-wildcard';
    const scope = table[kind];
    if (scope === 'all' || (scope === 'requested-after-slash' && !item.endsWith('/*'))) return 'all';
  }
  return 'requested';
}

function startPurge(context: Context, type: 'urls' | 'tags' | 'all', items: string[]) {
  const serviceId = context.params.service_id;
  const service = context.store.get(context.sandboxId, '/services/', serviceId)!;
  if (service.body.active_version === null || service.body.active_version === undefined)
    throw new Problem(
      'service-not-deployed',
      'No configuration of this service is live on a provider yet, so there is no cache to purge.',
    );
  const providers = context.store
    .list(context.sandboxId, `/services/${serviceId}/providers/`)
    .map((provider) => provider.body);
  const id = randomUUID();
  const purge = {
    id,
    type,
    items,
    status: 'queued',
    providers: providers.map((provider) => {
      const skipped = provider.provider_type === 'unmanaged';
      return {
        account_provider_id: provider.account_provider_id,
        service_provider_id: provider.id,
        provider_type: provider.provider_type,
        provider: provider.provider_type,
        status: skipped ? 'skipped' : 'queued',
        scope: skipped ? 'requested' : purgeScope(String(provider.provider_type), type, items),
        completed_at: null,
        status_detail: null,
        error: null,
      };
    }),
    created_at: context.nowIso,
    completed_at: null,
  };
  const collection = `/services/${serviceId}/purges/`;
  context.store.put(context.sandboxId, collection, id, purge);
  context.store.schedule(context.sandboxId, context.now + context.engine.delayMs, {
    kind: 'purge',
    collection,
    objectId: id,
    data: {},
  });
  const location = `${context.request.apiBase}/${context.request.version}${collection}${id}/`;
  return {status: 202, headers: {Location: location}, body: context.engine.view(context.route.responseSchema, purge)};
}

registerApplier('purge', (store, sandboxId, change, outcome, nowIso) => {
  const purge = store.get(sandboxId, change.collection, change.objectId);
  if (!purge) return;
  const providers = (purge.body.providers as Json[]).map((provider, index) => {
    if (provider.status === 'skipped') return provider;
    const failed = outcome === 'failure' && index === 0;
    const detail = failed ? 'The provider refused the purge (simulated by the sandbox).' : null;
    return {
      ...provider,
      status: failed ? 'failed' : 'completed',
      completed_at: failed ? null : nowIso,
      status_detail: detail,
      error: detail,
    };
  });
  const failed = providers.some((provider) => provider.status === 'failed');
  store.put(sandboxId, change.collection, change.objectId, {
    ...purge.body,
    providers,
    status: failed ? 'partially_failed' : 'completed',
    completed_at: nowIso,
  });
});

export const purgeRules: RuleSet = {
  actions: {
    purge: (context, body) => startPurge(context, 'urls', (body as {urls: string[]}).urls),
    purge_tags: (context, body) => startPurge(context, 'tags', (body as {tags: string[]}).tags),
    purge_all(context, body) {
      const wanted = (body as {confirm_service_uid?: string} | undefined)?.confirm_service_uid;
      const service = context.store.get(context.sandboxId, '/services/', context.params.service_id)!;
      if (wanted !== undefined && wanted !== service.body.uid)
        throw new Problem('validation-failed', 'One or more fields are invalid.', {
          errors: [
            {field: 'confirm_service_uid', message: `Does not match the uid of service ${context.params.service_id}.`},
          ],
        });
      return startPurge(context, 'all', []);
    },
  },
};
