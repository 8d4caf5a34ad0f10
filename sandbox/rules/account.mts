// Account-level resources and the remaining actions: access tokens (the secret shown once, and
// usable against this sandbox with its role and services), managed certificates' DNS challenges,
// invitations, test notifications (simulated: the sandbox never connects anywhere), signing keys,
// the service's whole configuration, and the read-outs of traffic the sandbox does not have.
import {createHash, createPublicKey, generateKeyPairSync, randomBytes, X509Certificate} from 'node:crypto';
import {Problem} from '../problems.mts';
import {challengeRecords} from './certificates.mts';
import type {Context, RuleSet} from './index.mts';
import {build} from './services.mts';
import {fillReadOnly, withDefaults} from '../schema-values.mts';

type Json = Record<string, unknown>;
const DAY_MS = 86_400_000;

/** The account's external ID for AWS roles: the example account's in a seeded sandbox (the guides show it). */
export function externalIdOf(context: Context): string {
  if (context.store.seedOf(context.sandboxId)) return 'trb-7f3a9c2e4b6d8f10';
  return `trb-${createHash('sha256').update(`${context.sandboxId}:external-id`).digest('hex').slice(0, 16)}`;
}

/** A stable UUID (version 4 layout) made from `seed`: the sandbox account's own ids. */
export function uuidFrom(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** SHA-256 of a public key's DER form, in hex; of its text when it is not a key the sandbox can read. */
export function publicKeyFingerprint(pem: string): string {
  try {
    return createHash('sha256')
      .update(createPublicKey(pem).export({type: 'spki', format: 'der'}))
      .digest('hex');
  } catch {
    return createHash('sha256').update(pem).digest('hex');
  }
}

/**
 * What Tributary reads from an imported certificate. A PEM the sandbox cannot parse (the guides
 * shorten theirs) is kept, without the fields that would come from it.
 */
export function importedFields(pem: string): Json {
  try {
    const certificate = new X509Certificate(pem);
    const domains = (certificate.subjectAltName ?? '')
      .split(', ')
      .filter((entry) => entry.startsWith('DNS:'))
      .map((entry) => entry.slice(4));
    return {
      domains,
      issuer: certificate.issuer.split('\n').reverse().join(', '),
      not_before: new Date(certificate.validFrom).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      not_after: new Date(certificate.validTo).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      fingerprint_sha256: certificate.fingerprint256.replaceAll(':', '').toLowerCase(),
    };
  } catch {
    return {};
  }
}

/** A singleton as it stands before anyone changed it: its schema's defaults. */
function defaultsOf(context: Context, operationId: string): Json {
  const schema = context.engine.spec.byOperation.get(operationId)!.responseSchema!;
  return fillReadOnly(schema, withDefaults(schema, {}) as Json, context.nowIso);
}

/** A new secret token: `trb_` and 44 letters and digits (the `AccessToken.token` pattern). */
function newSecret(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `trb_${[...randomBytes(44)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** The documented answer: for the security analytics of traffic a sandbox has none of. */
function documented(context: Context) {
  return {
    status: context.route.successStatus,
    headers: {'Tributary-Sandbox-Answer': 'documented-example'},
    body: context.engine.spec.documentedAnswer(context.route.operationId),
  };
}

export const accountRules: RuleSet = {
  initial: {
    '/access-tokens/'(context, object) {
      const secret = newSecret();
      const expiresAt = object.expires_at === undefined ? iso(context.now + 90 * DAY_MS) : object.expires_at;
      if (
        typeof expiresAt === 'string' &&
        (Date.parse(expiresAt) <= context.now || Date.parse(expiresAt) > context.now + 731 * DAY_MS)
      )
        throw new Problem('validation-failed', 'One or more fields are invalid.', {
          errors: [{field: 'expires_at', message: 'Must be in the future and at most 2 years ahead.'}],
        });
      const id = String(object.id ?? '');
      context.headers['Cache-Control'] = 'no-store';
      return {
        ...object,
        expires_at: expiresAt,
        token: secret,
        token_prefix: secret.slice(0, 8),
        status: 'active',
        last_used_at: null,
        last_used_ip: null,
        created_by: context.token.accessTokenId ? 'token:sandbox' : 'sandbox@tributary.example',
        ...(id ? {id} : {}),
      };
    },
    '/certificates/'(context, object) {
      if (object.type === 'imported') return {...object, ...importedFields(String(object.certificate_pem ?? ''))};
      if (object.type !== 'managed') return object;
      const domains = (object.domains as string[]) ?? [];
      return {
        ...object,
        name: object.name ?? domains[0],
        challenge_records: challengeRecords(context.sandboxId, domains),
      };
    },
    '/services/{service_id}/url-signing-keys/'(context, object) {
      return {...object, fingerprint: publicKeyFingerprint(String(object.public_key ?? ''))};
    },
    '/services/{service_id}/log-destinations/'(context, object) {
      const authentication = object.authentication as Json | undefined;
      if (authentication?.method !== 'iam_role') return object;
      // Each destination gets its own external ID to put in the role's trust policy.
      return {...object, authentication: {...authentication, external_id: `trb-${randomBytes(12).toString('hex')}`}};
    },
    '/invitations/'(context, object) {
      return {
        ...object,
        status: 'pending',
        expires_at: iso(context.now + DAY_MS),
        sent_at: context.nowIso,
        invited_by: 'sandbox@tributary.example',
      };
    },
  },
  saved: {
    '/access-tokens/'(context, next, previous) {
      if (next && !previous) {
        context.store.addToken(context.sandboxId, String(next.token), {
          role: String(next.role),
          accessTokenId: String(next.id),
          serviceIds: (next.service_ids as string[]) ?? [],
          expiresAt: next.expires_at ? Date.parse(String(next.expires_at)) : null,
        });
        // The secret is answered once: the stored object keeps only its prefix.
        const {token: secret, ...kept} = next;
        context.store.put(context.sandboxId, context.collectionPath, String(next.id), kept);
        context.answerExtra = {token: secret};
      }
      if (!next && previous) context.store.removeTokensOf(context.sandboxId, String(previous.id));
    },
  },
  actions: {
    alerts_test_sending_create(context) {
      const alert = context.store.get(context.sandboxId, '/alerts/', context.params.alert_id)!;
      const results = ((alert.body.channel_ids as string[]) ?? []).map((channelId) => {
        const channel = context.store.get(context.sandboxId, '/alert-channels/', channelId);
        const type = String(channel?.body.type ?? 'email');
        return {
          channel_id: channelId,
          channel_type: type,
          status: 'sent',
          http_status: type === 'email' ? null : 200,
          status_detail: null,
          error: null,
        };
      });
      return {status: 202, headers: {}, body: {alert_id: alert.id, sent_at: context.nowIso, results}};
    },
    invitations_resend_create(context) {
      const current = context.store.get(context.sandboxId, '/invitations/', context.params.invitation_id)!;
      const next = {...current.body, status: 'pending', expires_at: iso(context.now + DAY_MS), sent_at: context.nowIso};
      context.store.put(context.sandboxId, '/invitations/', current.id, next);
      return context.engine.answer(context, 200, context.store.get(context.sandboxId, '/invitations/', current.id)!);
    },
    services_generate_signing_keys_create(context, body) {
      const request = body as Json;
      const collection = `/services/${context.params.service_id}/url-signing-keys/`;
      const keys = context.store.list(context.sandboxId, collection);
      if (keys.some((key) => key.body.key_id === request.key_id))
        throw new Problem(
          'duplicate-name',
          `The key_id "${String(request.key_id)}" is already a key of this service.`,
          {
            existing_id: keys.find((key) => key.body.key_id === request.key_id)!.id,
          },
        );
      if (keys.length >= 5)
        throw new Problem(
          'url-signing-key-limit',
          'A service has at most 5 URL signing keys: delete a retired one first.',
        );
      const pair = generateKeyPairSync('ed25519');
      const publicKey = pair.publicKey.export({type: 'spki', format: 'pem'}).toString();
      const privateKey = pair.privateKey.export({type: 'pkcs8', format: 'pem'}).toString();
      const fingerprint = createHash('sha256')
        .update(pair.publicKey.export({type: 'spki', format: 'der'}))
        .digest('hex');
      const key = build(context, 'services_url_signing_keys_list', {
        key_id: request.key_id,
        description: request.description ?? null,
        algorithm: 'ed25519',
        public_key: publicKey,
        fingerprint,
        status: request.status ?? 'active',
      });
      context.store.put(context.sandboxId, collection, String(key.id), key);
      return {
        status: 201,
        headers: {'Cache-Control': 'no-store'},
        body: {
          ...request,
          key_id: key.key_id,
          algorithm: 'ed25519',
          public_key: publicKey,
          private_key: privateKey,
          fingerprint,
          status: key.status,
          created_at: context.nowIso,
        },
      };
    },
    services_current_service_config_retrieve(context) {
      const serviceId = context.params.service_id;
      const service = context.store.get(context.sandboxId, '/services/', serviceId)!;
      const under = (kind: string) =>
        context.store.list(context.sandboxId, `/services/${serviceId}/${kind}/`).map((object) => object.body);
      const document = {
        version: service.body.current_version,
        saved_at: service.body.updated_at,
        service: service.body,
        providers: under('providers'),
        domains: under('domains'),
        origins: under('origins'),
        origin_sets: under('origin-sets'),
        load_balancers: under('load-balancers'),
        behaviors: under('behaviors'),
        traffic_policies: under('traffic-policies'),
        health_checks: under('health-checks'),
        performance_checks: under('performance-checks'),
        protocol_config: under('protocol-config'),
        geo_restriction: under('geo-restriction'),
        security: {
          waf:
            context.store.get(context.sandboxId, `/services/${serviceId}/waf/`, '_')?.body ??
            defaultsOf(context, 'services_waf_retrieve'),
          managed_rules: under('waf-managed'),
          custom_rulesets: under('waf-custom').map((ruleset) => ({
            ...ruleset,
            rules: context.store
              .list(context.sandboxId, `/services/${serviceId}/waf-custom/${String(ruleset.id)}/rules/`)
              .map((rule) => rule.body),
          })),
          rate_limits: under('waf-rate-limit'),
          logging: under('waf-logging'),
        },
        url_signing_keys: under('url-signing-keys'),
        log_destinations: under('log-destinations'),
        request_log_endpoints: under('request-log-endpoints'),
        request_log_rules: under('request-log-rules'),
        compute: under('compute'),
        user_compute: under('user-compute'),
      };
      return {status: 200, headers: {}, body: context.engine.view(context.route.responseSchema, document as Json)};
    },
    services_provider_service_exists_retrieve(context) {
      const accountProviderId = context.request.query.get('account_provider_id') ?? '';
      const account = context.store.get(context.sandboxId, '/account-providers/', accountProviderId);
      if (!account) throw new Problem('not-found', `No account provider ${accountProviderId} in your account.`);
      const hostname = context.request.query.get('hostname');
      const domains = context.store
        .list(context.sandboxId, `/services/${context.params.service_id}/domains/`)
        .map((domain) => String(domain.body.hostname));
      const attached = context.store
        .listUnder(context.sandboxId, '/services/')
        .find(
          (other) =>
            /^\/services\/[^/]+\/providers\/$/.test(other.collection) &&
            other.body.account_provider_id === accountProviderId,
        );
      return {
        status: 200,
        headers: {},
        body: {
          account_provider_id: accountProviderId,
          provider_type: account.body.provider_type,
          hostnames_checked: hostname ? [hostname] : domains,
          exists: Boolean(attached),
          provider_resource_id: attached ? (attached.body.provider_resource_id ?? null) : null,
          matched_hostnames: attached ? (hostname ? [hostname] : domains) : [],
          managed_by_tributary: Boolean(attached),
          managing_service_id: attached ? attached.collection.split('/')[2] : null,
        },
      };
    },
    access_tokens_current_retrieve(context) {
      const {token, sandboxId} = context;
      const stored = token.accessTokenId
        ? context.store.get(sandboxId, '/access-tokens/', token.accessTokenId)?.body
        : undefined;
      const body = stored ?? {
        id: uuidFrom(`${sandboxId}:admin-token`),
        name: 'sandbox admin token',
        role: 'admin',
        expires_at: null,
        service_ids: [],
        token_prefix: (/^Bearer\s+(\S{8})/i.exec(context.request.headers.authorization ?? '')?.[1] ?? 'sbx_0000').slice(
          0,
          8,
        ),
        status: 'active',
        last_used_at: context.nowIso,
        last_used_ip: null,
        created_by: 'sandbox@tributary.example',
        created_at: context.nowIso,
      };
      return {
        status: 200,
        headers: {},
        body: context.engine.view(context.route.responseSchema, {
          ...body,
          account_id: uuidFrom(`${sandboxId}:account`),
        }),
      };
    },
    account_providers_cloudfront_trust_retrieve(context) {
      // Tributary's AWS principal is the same for every account; the external ID is the account's own.
      return {
        status: 200,
        headers: {},
        body: {
          aws_account_id: '111122223333',
          aws_principal_arn: 'arn:aws:iam::111122223333:role/tributary-provider-access',
          external_id: externalIdOf(context),
        },
      };
    },
    services_security_analytics_overtime_retrieve: documented,
    services_security_analytics_events_list: documented,
  },
};
