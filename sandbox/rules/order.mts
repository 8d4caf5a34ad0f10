// Evaluation order. Two kinds of `order`, told apart by the collection:
// - a priority (WAF custom rule sets and their rules, rate limits, managed configurations: 1 to
//   1,000, equal values run by creation time): a create that leaves it out goes 10 after the highest,
//   at most 1,000, so that the gaps the pages count in stay open; nothing else moves;
// - a position (behaviors, geo restriction rules, request log rules, load balancer rules, from 1): a
//   create that leaves it out goes last, taking a place that another holds moves that one and the
//   following down by one, and a move or a delete closes the gap it leaves.
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

/** Stores `others` with `order` (and `position`, where the object has one) moved by `by`. */
function shift(context: Context, others: {collection: string; id: string; body: Json}[], by: number): void {
  for (const other of others) {
    const moved = {...other.body, order: Number(other.body.order) + by};
    if ('position' in moved) moved.position = moved.order;
    context.store.put(context.sandboxId, other.collection, other.id, moved);
  }
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
  const to = Number(object.order);
  if (previous && previous.order !== undefined && previous.order !== null) {
    // A move closes the gap it leaves and opens the place it takes.
    const from = Number(previous.order);
    if (to > from)
      shift(
        context,
        siblings.filter((other) => Number(other.body.order) > from && Number(other.body.order) <= to),
        -1,
      );
    if (to < from)
      shift(
        context,
        siblings.filter((other) => Number(other.body.order) >= to && Number(other.body.order) < from),
        1,
      );
    return;
  }
  if (siblings.some((other) => Number(other.body.order) === to))
    shift(
      context,
      siblings.filter((other) => Number(other.body.order) >= to),
      1,
    );
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
    deleting(context, object) {
      // Deleting a position moves the ones after it up by one; priorities keep their values.
      if (PRIORITY_COLLECTIONS.has(context.route.collection) || !hasOrder(context, object) || object.is_default) return;
      const order = Number(object.order);
      shift(
        context,
        others(context, object).filter((other) => Number(other.body.order) > order),
        -1,
      );
    },
  },
};
