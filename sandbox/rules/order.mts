// Evaluation order (behaviors, geo restriction rules, WAF rules, request log rules, load balancer
// rules): a resource whose schema has an integer `order` goes last when a create leaves
// `order` out, and taking a place that another holds moves that one and the following down by one.
import {propertiesOf} from '../schema-values.mts';
import type {Context, RuleSet} from './index.mts';

type Json = Record<string, unknown>;

function hasOrder(context: Context, object: Json): boolean {
  const schema = context.engine.spec.objectSchema(context.route);
  const property = schema ? propertiesOf(schema, object).order : undefined;
  return Boolean(property && !property.readOnly && property.type === 'integer');
}

function place(context: Context, object: Json, previous: Json | undefined): void {
  if (object.is_default) {
    // The default behavior is always first and cannot be moved.
    object.order = 0;
    if ('position' in object || previous?.position !== undefined) object.position = 0;
    return;
  }
  const others = context.store
    .list(context.sandboxId, context.collectionPath)
    .filter((other) => other.id !== object.id && !other.body.is_default);
  if (object.order === undefined || object.order === null) {
    object.order = previous?.order ?? Math.max(0, ...others.map((other) => Number(other.body.order ?? 0))) + 1;
    if (previous?.position !== undefined || 'position' in object) object.position = object.order;
  }
  if (previous && previous.order === object.order) return;
  const taken = others.filter((other) => Number(other.body.order) >= Number(object.order));
  if (!taken.some((other) => other.body.order === object.order)) return;
  for (const other of taken) {
    const moved = {...other.body, order: Number(other.body.order) + 1};
    if ('position' in moved) moved.position = moved.order;
    context.store.put(context.sandboxId, other.collection, other.id, moved);
  }
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
