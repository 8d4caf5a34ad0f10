// The product's rules, as the product model (handbook/product-model.md) and the pages state them.
// Each rule lives in one module of this folder and registers here by the collection it governs or
// the operation it answers; the engine (../engine.mts and its generic operations,
// ../resource-operations.mts) calls these hooks and nothing else.
import type {SandboxEngine, SandboxRequest, SandboxResponse} from '../engine.mts';
import type {Route} from '../spec.mts';
import type {Store, TokenRecord} from '../store.mts';
import {aliasRules} from './aliases.mts';
import {behaviorRules} from './behaviors.mts';
import {capabilityRules} from './capabilities.mts';
import {accountRules} from './account.mts';
import {configVersionRules} from './config-versions.mts';
import {inUseRules} from './in-use.mts';
import {lifecycleRules} from './lifecycle.mts';
import {limitRules} from './limits.mts';
import {monitorRules} from './monitors.mts';
import {nameRules} from './names.mts';
import {orderRules} from './order.mts';
import {policyRules} from './policies.mts';
import {providerRules} from './providers.mts';
import {purgeRules} from './purges.mts';
import {reservedIdRules} from './reserved-ids.mts';
import {secretValueRules} from './secret-values.mts';
import {serviceRules} from './services.mts';
import {shieldRules} from './shield.mts';
import {statisticsRules} from './statistics.mts';

type Json = Record<string, unknown>;

export interface Context {
  engine: SandboxEngine;
  store: Store;
  sandboxId: string;
  token: TokenRecord;
  route: Route;
  params: Record<string, string>;
  request: SandboxRequest;
  now: number;
  nowIso: string;
  /** The collection of the operation with its ids filled in: `/services/6f1c…/origins/`. */
  collectionPath: string;
  /** Headers a rule adds to the answer. */
  headers: Record<string, string>;
  /** The config version a rule saved while answering (its number goes in Tributary-Config-Version). */
  savedVersion?: number;
  /** Fields answered once and never stored (a new access token's secret). */
  answerExtra?: Json;
}

/** An object a seed puts in a sandbox: its collection path, its id (`_` for a singleton) and body. */
export interface SeededObject {
  collection: string;
  id: string;
  body: Json;
}

export type RuleAction = (context: Context, body: unknown) => SandboxResponse;

/** What a rule module may contribute. Collection keys are OpenAPI path templates. */
export interface RuleSet {
  /** Sets generated fields of a new object (before the schema's generic values). */
  initial?: Record<string, (context: Context, object: Json) => Json>;
  /** Refuses a create, replace or patch (`previous` undefined on create) by throwing a Problem. */
  check?: Record<string, (context: Context, next: Json, previous: Json | undefined) => void>;
  /** Refuses a delete by throwing a Problem (an object in use). */
  deleting?: Record<string, (context: Context, object: Json) => void>;
  /** Runs after a change is stored (`next` undefined after a delete): versions, schedules. */
  saved?: Record<string, (context: Context, next: Json | undefined, previous: Json | undefined) => void>;
  /** Rules for every collection: run before the collection's own. */
  any?: {
    initial?: (context: Context, object: Json) => Json;
    check?: (context: Context, next: Json, previous: Json | undefined) => void;
    saved?: (context: Context, next: Json | undefined, previous: Json | undefined) => void;
    deleting?: (context: Context, object: Json) => void;
  };
  /**
   * An object a seed put in a sandbox in a state that waits for the outside world (a version
   * deploying): schedules its change as if the sandbox had made it, due at `dueAt`.
   */
  seeded?: Record<string, (store: Store, sandboxId: string, object: SeededObject, dueAt: number) => void>;
  /** Operations that are not plain resource operations, by operationId. */
  actions?: Record<string, (context: Context, body: unknown) => SandboxResponse>;
  /** List filters whose parameter is not a field of the object, by `operationId.parameter`. */
  filters?: Record<string, (object: Json, wanted: string) => boolean>;
}

const SETS: RuleSet[] = [
  aliasRules,
  orderRules,
  nameRules,
  secretValueRules,
  shieldRules,
  serviceRules,
  lifecycleRules,
  configVersionRules,
  providerRules,
  capabilityRules,
  policyRules,
  purgeRules,
  inUseRules,
  limitRules,
  monitorRules,
  accountRules,
  statisticsRules,
  behaviorRules,
  // Last: the page's id wins over any the rules above made.
  reservedIdRules,
];

const hookCache = new Map<string, unknown[]>();

function hooks<K extends 'initial' | 'check' | 'deleting' | 'saved'>(kind: K, template: string) {
  const key = `${kind} ${template}`;
  const cached = hookCache.get(key);
  if (cached) return cached as NonNullable<NonNullable<RuleSet[K]>[string]>[];
  const found = SETS.flatMap((set) => {
    const general = set.any?.[kind as 'initial'];
    const own = set[kind]?.[template];
    return [general, own].filter(Boolean);
  }) as NonNullable<NonNullable<RuleSet[K]>[string]>[];
  hookCache.set(key, found);
  return found;
}

export const RULES = {
  actions: Object.assign({}, ...SETS.map((set) => set.actions ?? {})) as NonNullable<RuleSet['actions']>,
  filters: Object.assign({}, ...SETS.map((set) => set.filters ?? {})) as NonNullable<RuleSet['filters']>,
  initial(context: Context, object: Json): Json {
    return hooks('initial', context.route.collection).reduce((value, hook) => hook(context, value), object);
  },
  check(context: Context, next: Json, previous: Json | undefined): void {
    for (const hook of hooks('check', context.route.collection)) hook(context, next, previous);
  },
  deleting(context: Context, object: Json): void {
    for (const hook of hooks('deleting', context.route.collection)) hook(context, object);
  },
  saved(context: Context, next: Json | undefined, previous: Json | undefined): void {
    for (const hook of hooks('saved', context.route.collection)) hook(context, next, previous);
  },
  seeded(template: string, store: Store, sandboxId: string, object: SeededObject, dueAt: number): void {
    for (const set of SETS) set.seeded?.[template]?.(store, sandboxId, object, dueAt);
  },
};
