// CDN accounts and service providers (product model › Account providers): a service provider copies
// its account provider's type and name; a read-only account cannot carry a service; one service
// provider per account and service; a new service provider joins the default policy, not eligible;
// a provider cannot leave while a policy depends on it; an account provider in use stays.
import {randomInt} from 'node:crypto';
import {Problem} from '../problems.mts';
import type {Context, RuleSet} from './index.mts';
import {externalIdOf} from './account.mts';

type Json = Record<string, unknown>;
const invalid = (field: string, message: string) =>
  new Problem('validation-failed', 'One or more fields are invalid.', {errors: [{field, message}]});

function policiesOf(context: Context) {
  return context.store.list(context.sandboxId, `/services/${context.params.service_id}/traffic-policies/`);
}

/** Refuses to take a provider out of traffic when a policy has no other enabled weighted provider. */
function checkNotLastInPolicy(context: Context, serviceProviderId: string): void {
  const enabled = new Set(
    context.store
      .list(context.sandboxId, `/services/${context.params.service_id}/providers/`)
      .filter((provider) => provider.body.enabled !== false && provider.id !== serviceProviderId)
      .map((provider) => provider.id),
  );
  for (const policy of policiesOf(context)) {
    const weighted = ((policy.body.providers ?? []) as Json[]).filter(
      (entry) => entry.eligible !== false && Number(entry.weight ?? 0) > 0,
    );
    if (
      weighted.some((entry) => entry.service_provider_id === serviceProviderId) &&
      !weighted.some((entry) => enabled.has(String(entry.service_provider_id)))
    )
      throw new Problem(
        'last-provider-in-policy',
        `The traffic policy "${String(policy.body.name)}" (${policy.id}) has no other enabled provider with a weight.`,
      );
  }
}

/** A role Tributary assumes must trust the account's external ID (Get the CloudFront trust values). */
function checkExternalId(context: Context, object: Json): void {
  const credentials = object.credentials as Json | undefined;
  if (credentials?.method === 'iam_role' && credentials.external_id !== externalIdOf(context))
    throw invalid(
      'credentials.external_id',
      'Must be the external ID of your account, as Retrieve the CloudFront trust values answers it.',
    );
}

export const providerRules: RuleSet = {
  initial: {
    '/account-providers/'(context, object) {
      checkExternalId(context, object);
      if (object.provider_type === 'unmanaged')
        return {...object, access: 'unmanaged', external_account_id: null, status: 'connected'};
      return {...object, external_account_id: String(randomInt(100_000_000_000, 999_999_999_999))};
    },
    '/services/{service_id}/providers/'(context, object) {
      const account = context.store.get(context.sandboxId, '/account-providers/', String(object.account_provider_id));
      if (!account) throw invalid('account_provider_id', 'No account provider with this id in your account.');
      if (account.body.access === 'read_only' && account.body.provider_type !== 'unmanaged')
        throw invalid(
          'account_provider_id',
          'This account provider has read-only credentials: switch it to read-write before attaching it.',
        );
      if (account.body.provider_type === 'unmanaged' && !object.unmanaged_cname)
        throw invalid('unmanaged_cname', 'Required when the account provider is unmanaged.');
      for (const other of context.store.list(context.sandboxId, context.collectionPath))
        if (other.body.account_provider_id === object.account_provider_id)
          throw new Problem('provider-already-attached', `This CDN account is already attached as ${other.id}.`, {
            existing_id: other.id,
          });
      return {
        ...object,
        provider_type: account.body.provider_type,
        provider_name: account.body.name,
        // Tributary deploys nothing to an unmanaged CDN: it is ready at once, on its own hostname.
        deployment_status: account.body.provider_type === 'unmanaged' ? 'deployed' : 'deploying',
        deployment_status_detail: null,
        deployment_error: null,
        deployed_version: null,
        provider_resource_id: null,
        provider_cname: account.body.provider_type === 'unmanaged' ? object.unmanaged_cname : null,
      };
    },
  },
  check: {
    '/account-providers/'(context, next, previous) {
      if (previous && next.credentials !== previous.credentials) checkExternalId(context, next);
    },
    '/services/{service_id}/providers/'(context, next, previous) {
      if (previous && next.account_provider_id !== previous.account_provider_id)
        throw invalid(
          'account_provider_id',
          'It cannot be changed after creation: attach the other CDN account as a new service provider.',
        );
      if (previous && previous.enabled !== false && next.enabled === false)
        checkNotLastInPolicy(context, String(next.id));
      if (next.provider_type === 'unmanaged') {
        if (!next.unmanaged_cname) throw invalid('unmanaged_cname', 'Required when the account provider is unmanaged.');
        next.provider_cname = next.unmanaged_cname;
      }
    },
  },
  saved: {
    '/services/{service_id}/providers/'(context, next, previous) {
      if (next && !previous) {
        const policy = policiesOf(context).find((candidate) => candidate.body.is_default);
        if (policy)
          context.store.put(context.sandboxId, policy.collection, policy.id, {
            ...policy.body,
            providers: [
              ...((policy.body.providers ?? []) as Json[]),
              {service_provider_id: next.id, eligible: false, weight: 0, penalty_ms: 0},
            ],
          });
      }
      if (!next && previous)
        for (const policy of policiesOf(context))
          context.store.put(context.sandboxId, policy.collection, policy.id, {
            ...policy.body,
            providers: ((policy.body.providers ?? []) as Json[]).filter(
              (entry) => entry.service_provider_id !== previous.id,
            ),
          });
    },
  },
  deleting: {
    '/services/{service_id}/providers/'(context, object) {
      checkNotLastInPolicy(context, String(object.id));
    },
    '/account-providers/'(context, object) {
      const attached = context.store
        .listUnder(context.sandboxId, '/services/')
        .find(
          (other) =>
            /^\/services\/[^/]+\/providers\/$/.test(other.collection) && other.body.account_provider_id === object.id,
        );
      if (attached)
        throw new Problem(
          'provider-in-use',
          `The CDN account is attached to the service ${attached.collection.split('/')[2]}; remove it there first.`,
        );
    },
  },
  actions: {
    account_providers_switch_to_read_write_create(context, body) {
      const current = context.store.get(context.sandboxId, '/account-providers/', context.params.provider_id)!;
      if (current.body.access === 'full')
        throw new Problem('already-full-access', 'This CDN account already has full access.');
      const next = {...current.body, ...(body as Json), access: 'full', updated_at: context.nowIso};
      context.store.put(context.sandboxId, '/account-providers/', current.id, next);
      return context.engine.answer(
        context,
        200,
        context.store.get(context.sandboxId, '/account-providers/', current.id)!,
      );
    },
  },
};
