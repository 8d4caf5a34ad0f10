// Where the real product waits for the outside world (a CDN accepting credentials, DNS, a
// certificate's validation, a deployment, a purge), the sandbox schedules the change and makes it
// after a short delay, lazily on the sandbox's next request. The test helpers (../http.mts) make a
// pending change happen now, as a success or as a failure.
import {createHash} from 'node:crypto';
import {challengeRecords} from './certificates.mts';
import type {Store, PendingChange} from '../store.mts';
import type {Context, RuleSet, SeededObject} from './index.mts';

type Json = Record<string, unknown>;
export type Outcome = 'success' | 'failure';

/** How a pending change of one kind is made: it returns the fields to merge into the object. */
export type Applier = (
  store: Store,
  sandboxId: string,
  change: PendingChange,
  outcome: Outcome,
  nowIso: string,
) => void;
const APPLIERS = new Map<string, Applier>();

export function registerApplier(kind: string, applier: Applier): void {
  APPLIERS.set(kind, applier);
}

/** A status that the outside world moves on: the state a new object starts in and where it ends. */
interface Lifecycle {
  /** The object's fields while it waits. */
  waiting: Json | ((object: Json) => Json);
  success: (object: Json, nowIso: string) => Json;
  failure: Json;
  /** Whether this object waits at all (a managed certificate does, an imported one does not). */
  applies?: (object: Json) => boolean;
}

/** The authority that issues managed certificates (as the guides show it). */
export const MANAGED_ISSUER = "CN=R11, O=Let's Encrypt, C=US";
const SIMULATED = '(simulated by the sandbox: call the test helper "complete" to succeed instead)';
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The statuses the outside world moves, by collection. */
export const LIFECYCLES: Record<string, Lifecycle> = {
  '/account-providers/': {
    waiting: {status: 'pending', status_detail: null},
    success: () => ({status: 'connected', status_detail: null}),
    failure: {status: 'invalid_credentials', status_detail: `The CDN refused the credentials ${SIMULATED}.`},
    applies: (object) => object.provider_type !== 'unmanaged',
  },
  '/certificates/': {
    waiting: {status: 'pending_validation', status_detail: null},
    success: (object, nowIso) => ({
      status: 'issued',
      status_detail: null,
      challenge_records: ((object.challenge_records as Json[]) ?? []).map((record) => ({...record, validated: true})),
      not_before: nowIso,
      not_after: plusDays(nowIso, 90),
      issuer: MANAGED_ISSUER,
      fingerprint_sha256: createHash('sha256').update(String(object.id)).digest('hex'),
    }),
    failure: {status: 'failed', status_detail: `The DNS challenge record was not found ${SIMULATED}.`},
    applies: (object) => object.type === 'managed',
  },
  '/services/{service_id}/domains/': {
    waiting: (object) => {
      const names = [object.hostname, ...((object.aliases as string[]) ?? [])].map(String);
      const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
      return {
        status: 'pending_dns',
        status_detail: `${list} ${names.length > 1 ? 'have' : 'has'} no CNAME record to ${String(object.cname_target)}.`,
      };
    },
    success: () => ({status: 'active', status_detail: null}),
    failure: {status: 'misconfigured', status_detail: `The hostname resolves elsewhere ${SIMULATED}.`},
  },
  // Log destinations, request log endpoints and WAF logging destinations have a status, no status_detail.
  '/services/{service_id}/log-destinations/': destinationLifecycle(),
  '/services/{service_id}/request-log-endpoints/': destinationLifecycle(),
  '/services/{service_id}/waf-logging/': destinationLifecycle(),
  '/services/{service_id}/compute/': {
    waiting: {status: 'pending', status_detail: null},
    success: (object, nowIso) => ({
      status: object.enabled === false ? 'disabled' : 'deployed',
      status_detail: null,
      deployed_at: nowIso,
    }),
    failure: {status: 'failed', status_detail: `The provider refused the runtime ${SIMULATED}.`},
  },
  '/services/{service_id}/modify-extended-stats/': {
    waiting: {status: 'configuring', status_detail: null},
    success: (object) => ({status: object.enabled ? 'active' : 'disabled', status_detail: null}),
    failure: {status: 'error', status_detail: `CloudFront could not write to the stream ${SIMULATED}.`},
    applies: (object) => object.enabled === true,
  },
};

function destinationLifecycle(): Lifecycle {
  return {waiting: {status: 'pending'}, success: () => ({status: 'active'}), failure: {status: 'failing'}};
}

/** Puts `object` of `collection` (a template) in its waiting state, if it has a lifecycle. */
function startWaiting(template: string, object: Json): boolean {
  const lifecycle = LIFECYCLES[template];
  if (!lifecycle || (lifecycle.applies && !lifecycle.applies(object))) return false;
  Object.assign(object, typeof lifecycle.waiting === 'function' ? lifecycle.waiting(object) : lifecycle.waiting);
  return true;
}

/** Schedules the change the outside world will make to a waiting object. */
function schedule(context: Context, template: string, object: Json): void {
  const id = context.route.kind.startsWith('singleton') ? '_' : String(object.id);
  context.store.schedule(context.sandboxId, context.now + context.engine.delayMs, {
    kind: 'lifecycle',
    collection: context.collectionPath,
    objectId: id,
    data: {template},
  });
}

registerApplier('lifecycle', (store, sandboxId, change, outcome, nowIso) => {
  const current = store.get(sandboxId, change.collection, change.objectId);
  const lifecycle = LIFECYCLES[String(change.data.template)];
  if (!current || !lifecycle) return;
  const fields = outcome === 'success' ? lifecycle.success(current.body, nowIso) : lifecycle.failure;
  store.put(sandboxId, change.collection, change.objectId, {
    ...current.body,
    ...fields,
    ...('updated_at' in current.body ? {updated_at: nowIso} : {}),
  });
});

/** Makes the changes due by `now`; called at the start of each request of the sandbox. */
export function advance(store: Store, sandboxId: string, now: number): void {
  for (const change of store.takeDue(sandboxId, now))
    apply(store, sandboxId, change, (change.data.outcome as Outcome) ?? 'success', now);
}

/** Makes every pending change (of one object, when given) now: the test helpers. Returns how many. */
export function settle(store: Store, sandboxId: string, outcome: Outcome, objectId?: string, now = Date.now()): number {
  return store.transaction(() => {
    advance(store, sandboxId, now);
    const changes = store.takeDue(sandboxId, Infinity, objectId);
    for (const change of changes) apply(store, sandboxId, change, outcome, now);
    return changes.length;
  });
}

function apply(store: Store, sandboxId: string, change: PendingChange, outcome: Outcome, now: number): void {
  const applier = APPLIERS.get(change.kind);
  if (!applier) throw new Error(`No applier for the pending change "${change.kind}".`);
  applier(store, sandboxId, change, outcome, new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z'));
}

export const lifecycleRules: RuleSet = {
  // A seeded object still waiting (a domain pending DNS) advances after the delay.
  seeded: Object.fromEntries(
    Object.entries(LIFECYCLES).map(([template, lifecycle]) => [
      template,
      (store: Store, sandboxId: string, object: SeededObject, dueAt: number) => {
        if (lifecycle.applies && !lifecycle.applies(object.body)) return;
        const waiting = typeof lifecycle.waiting === 'function' ? lifecycle.waiting(object.body) : lifecycle.waiting;
        if (object.body.status === waiting.status)
          store.schedule(sandboxId, dueAt, {
            kind: 'lifecycle',
            collection: object.collection,
            objectId: object.id,
            data: {template},
          });
      },
    ]),
  ),
  any: {
    initial(context, object) {
      startWaiting(context.route.collection, object);
      return object;
    },
    saved(context, next, previous) {
      const template = context.route.collection;
      if (!next) return;
      if (!previous) {
        const lifecycle = LIFECYCLES[template];
        const waiting =
          lifecycle && (typeof lifecycle.waiting === 'function' ? lifecycle.waiting(next) : lifecycle.waiting);
        if (waiting && next.status === waiting.status) schedule(context, template, next);
        return;
      }
      // Turning extended statistics on, changing a managed certificate's domains or updating a failed
      // one (a retry) waits for the outside world again.
      let waits = false;
      if (template === '/services/{service_id}/modify-extended-stats/') {
        const changed = ['enabled', 'kinesis_stream_arn', 'role_arn'].some((field) => next[field] !== previous[field]);
        if (!next.enabled) Object.assign(next, {status: 'disabled', status_detail: null});
        else if (changed) waits = startWaiting(template, next);
        context.store.put(context.sandboxId, context.collectionPath, '_', next);
      }
      if (
        template === '/certificates/' &&
        next.type === 'managed' &&
        (JSON.stringify(next.domains) !== JSON.stringify(previous.domains) || previous.status === 'failed')
      ) {
        // New hostnames get challenge records; the others keep theirs.
        next.challenge_records = challengeRecords(
          context.sandboxId,
          (next.domains as string[]) ?? [],
          (previous.challenge_records as Json[]) ?? [],
        );
        waits = startWaiting(template, next);
        context.store.put(context.sandboxId, context.collectionPath, String(next.id), next);
      }
      // A new alias needs its own CNAME record: the domain is misconfigured until DNS has it.
      if (template === '/services/{service_id}/domains/') {
        const added = ((next.aliases as string[]) ?? []).filter(
          (alias) => !((previous.aliases as string[]) ?? []).includes(alias),
        );
        if (added.length && next.status === 'active') {
          Object.assign(next, {
            status: 'misconfigured',
            status_detail: `${added.join(' and ')} ${added.length > 1 ? 'have' : 'has'} no CNAME record to ${String(next.cname_target)}.`,
          });
          context.store.put(context.sandboxId, context.collectionPath, String(next.id), next);
          waits = true;
        }
      }
      if (waits) schedule(context, template, next);
    },
  },
};
