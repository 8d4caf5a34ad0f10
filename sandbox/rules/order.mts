// Evaluation order. Two kinds of `order`, told apart by the collection:
// - a priority (WAF custom rule sets and their rules, rate limits, managed configurations: 1 to
//   1,000, equal values run by creation time): a create that leaves it out goes 10 after the highest,
//   at most 1,000, so that the gaps the pages count in stay open; nothing else moves;
// - a position (behaviors, geo restriction rules, request log rules, load balancer rules, from 1): a
//   create that leaves it out goes last, and taking a place that another holds moves that one and the
//   following down by one.
import {propertiesOf} from '../schema-values.mts';
import type {Context, RuleSet} from './index.mts';

type Json = Record<string, unknown>;

/** Collections whose `order` is a priority, with the step an omitted one takes after the highest. */
const PRIORITY_COLLECTIONS = new Set([
  '/services/{service_id}/waf-custom/',
  '/services/{service_id}/waf-custom/{ruleset_id}/rules/',
  '/services/{service_id}/waf-rate-limit/',
  '/services/{service_id}/waf-managed/',
]);
export const PRIORITY_STEP = 10;
const PRIORITY_MAX = 1000;

function hasOrder(context: Context, object: Json): boolean {
  const schema = context.engine.spec.objectSchema(context.route);
  const property = schema ? propertiesOf(schema, object).order : undefined;
  return Boolean(property && !property.readOnly && property.type === 'integer');
}

function others(context: Context, object: Json) {
  return context.store
    .list(context.sandboxId, context.collectionPath)
    .filter((other) => other.id !== object.id && !other.body.is_default);
}

const highest = (objects: {body: Json}[]) => Math.max(0, ...objects.map((other) => Number(other.body.order ?? 0)));

function placePriority(context: Context, object: Json, previous: Json | undefined): void {
  if (object.order !== undefined && object.order !== null) return;
  object.order = previous?.order ?? Math.min(PRIORITY_MAX, highest(others(context, object)) + PRIORITY_STEP);
}

function placePosition(context: Context, object: Json, previous: Json | undefined): void {
  if (object.is_default) {
    // The default behavior is always first and cannot be moved.
    object.order = 0;
    if ('position' in object || previous?.position !== undefined) object.position = 0;
    return;
  }
  const siblings = others(context, object);
  if (object.order === undefined || object.order === null) {
    object.order = previous?.order ?? highest(siblings) + 1;
    if (previous?.position !== undefined || 'position' in object) object.position = object.order;
  }
  if (previous && previous.order === object.order) return;
  const taken = siblings.filter((other) => Number(other.body.order) >= Number(object.order));
  if (!taken.some((other) => other.body.order === object.order)) return;
  for (const other of taken) {
    const moved = {...other.body, order: Number(other.body.order) + 1};
    if ('position' in moved) moved.position = moved.order;
    context.store.put(context.sandboxId, other.collection, other.id, moved);
  }
}

function place(context: Context, object: Json, previous: Json | undefined): void {
  if (PRIORITY_COLLECTIONS.has(context.route.collection)) placePriority(context, object, previous);
  else placePosition(context, object, previous);
}

export const orderRules: RuleSet = {
  any: {
    initial(context, object) {
      if (context.route.kind === 'create' && hasOrder(context, object)) place(context, object, undefined);
      return object;
    },
    check(context, next, previous) {
      if (previous && hasOrder(context, next)) place(context, next, previous);
    },
  },
};
