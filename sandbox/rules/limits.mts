// Limits and "at most one" rules the problem-type catalogue states: one protocol config per domain
// and the all-domains one kept, one compute deployment per service provider, one geo restriction
// rule per path pattern, 50 request log rules, 5 URL signing keys and the last active one kept while
// a behavior requires signed URLs, commitments whose months do not overlap, the account owner, and
// invitations to people already in the account. Extended statistics need a full CloudFront provider.
import {Problem} from '../problems.mts';
import type {Context, RuleSet} from './index.mts';

type Json = Record<string, unknown>;
const others = (context: Context, next: Json) =>
  context.store.list(context.sandboxId, context.collectionPath).filter((other) => other.id !== String(next.id));

export const limitRules: RuleSet = {
  check: {
    '/services/{service_id}/protocol-config/'(context, next, previous) {
      if (previous && previous.scope === 'all_domains' && next.scope !== 'all_domains')
        throw new Problem(
          'all-domains-protocol-config',
          'The all-domains protocol config stays; change its settings instead.',
        );
      const same = others(context, next).find((other) => next.domain_id && other.body.domain_id === next.domain_id);
      if (same)
        throw new Problem('protocol-config-exists', `The domain already has the protocol config ${same.id}.`, {
          existing_id: same.id,
        });
    },
    '/services/{service_id}/compute/'(context, next) {
      const same = others(context, next).find((other) => other.body.service_provider_id === next.service_provider_id);
      if (same)
        throw new Problem(
          'compute-deployment-exists',
          `The service already has the compute deployment ${same.id} on this provider.`,
          {existing_id: same.id},
        );
    },
    '/services/{service_id}/geo-restriction/'(context, next) {
      const same = others(context, next).find((other) => other.body.path_pattern === next.path_pattern);
      if (same)
        throw new Problem(
          'duplicate-path-pattern',
          `The geo restriction rule ${same.id} already applies to ${String(next.path_pattern)}.`,
        );
    },
    '/services/{service_id}/request-log-rules/'(context, next, previous) {
      if (!previous && others(context, next).length >= 50)
        throw new Problem('request-log-rule-limit', 'A service has at most 50 request log rules.');
    },
    '/services/{service_id}/url-signing-keys/'(context, next, previous) {
      if (!previous && others(context, next).length >= 5)
        throw new Problem(
          'url-signing-key-limit',
          'A service has at most 5 URL signing keys: delete a retired one first.',
        );
      if (previous?.status === 'active' && next.status !== 'active')
        checkNotLastActiveKey(context, String(previous.key_id));
    },
    '/account-provider-commitment/'(context, next) {
      const start = String(next.start_month);
      const end = String(next.end_month ?? '9999-12');
      const same = others(context, next).find(
        (other) =>
          other.body.account_provider_id === next.account_provider_id &&
          String(other.body.start_month) <= end &&
          start <= String(other.body.end_month ?? '9999-12'),
      );
      if (same)
        throw new Problem(
          'commitment-overlap',
          `The commitment ${same.id} (${String(same.body.start_month)} to ${String(same.body.end_month)}) already covers some of these months.`,
          {
            existing_id: same.id,
          },
        );
    },
    '/users/'(context, next, previous) {
      if (previous?.is_owner && next.role !== previous.role)
        throw new Problem('owner-role-fixed', 'The account owner is always an Admin.');
    },
    '/invitations/'(context, next) {
      const email = String(next.email).toLowerCase();
      const member = context.store
        .list(context.sandboxId, '/users/')
        .find((user) => String(user.body.email).toLowerCase() === email);
      const pending = others(context, next).find(
        (other) => String(other.body.email).toLowerCase() === email && other.body.status === 'pending',
      );
      if (member || pending)
        throw new Problem(
          'already-a-member',
          `${email} is already a user of this account, or has a pending invitation.`,
        );
    },
    '/services/{service_id}/modify-extended-stats/'(context, next) {
      if (!next.enabled) return;
      const cloudfront = context.store
        .list(context.sandboxId, `/services/${context.params.service_id}/providers/`)
        .some((provider) => {
          if (provider.body.provider_type !== 'cloudfront') return false;
          const account = context.store.get(
            context.sandboxId,
            '/account-providers/',
            String(provider.body.account_provider_id),
          );
          return account?.body.access === 'full';
        });
      if (!cloudfront)
        throw new Problem(
          'no-cloudfront-provider',
          'Extended statistics need a CloudFront provider with full access attached to the service.',
        );
    },
  },
  deleting: {
    '/users/'(context, object) {
      if (object.is_owner) throw new Problem('owner-cannot-be-removed', 'The account owner cannot be removed.');
    },
    '/services/{service_id}/url-signing-keys/'(context, object) {
      if (object.status === 'active') checkNotLastActiveKey(context, String(object.key_id));
    },
    '/services/{service_id}/protocol-config/'(context, object) {
      if (object.scope === 'all_domains')
        throw new Problem(
          'all-domains-protocol-config',
          'The all-domains protocol config stays; change its settings instead.',
        );
    },
  },
};

/** The last active signing key stays while a behavior of the service requires signed URLs. */
function checkNotLastActiveKey(context: Context, keyId: string): void {
  const serviceId = context.params.service_id;
  const active = context.store
    .list(context.sandboxId, `/services/${serviceId}/url-signing-keys/`)
    .filter((key) => key.body.status === 'active' && key.body.key_id !== keyId);
  if (active.length) return;
  const requiring = context.store
    .list(context.sandboxId, `/services/${serviceId}/behaviors/`)
    .find((behavior) => Boolean((behavior.body.actions as Json | undefined)?.url_signing));
  if (requiring)
    throw new Problem(
      'last-active-signing-key',
      `The behavior "${String(requiring.body.name)}" requires signed URLs, and this is the only active key.`,
    );
}
