// Names unique in their collection: a field whose description says it is unique ("Must be unique in
// your account", "unique within the service", "within its rule set") may not repeat in the
// collection, which is the account's, the service's or the rule set's. The answer names the
// existing resource in `existing_id`. The fields come from the schemas, so this needs no list here.
import type {OpenApiNode} from '../../src/lib/openapi/index.ts';
import {Problem} from '../problems.mts';
import {propertiesOf} from '../schema-values.mts';
import type {Context, RuleSet} from './index.mts';

const UNIQUE = /\bunique (in|within)\b/i;

function uniqueFields(schema: OpenApiNode | undefined, object: Record<string, unknown>): string[] {
  if (!schema) return [];
  return Object.entries(propertiesOf(schema, object))
    .filter(([, property]) => !property.readOnly && UNIQUE.test(String(property.description ?? '')))
    .map(([name]) => name);
}

function checkUnique(context: Context, next: Record<string, unknown>): void {
  const schema = context.engine.spec.objectSchema(context.route);
  const fields = uniqueFields(schema, next);
  if (!fields.length) return;
  const idField = context.engine.spec.idField(context.route.collection);
  for (const other of context.store.list(context.sandboxId, context.collectionPath)) {
    if (other.id === String(next[idField])) continue;
    for (const field of fields)
      if (next[field] !== undefined && other.body[field] === next[field])
        throw new Problem(
          'duplicate-name',
          `Another resource here, ${other.id}, already has the ${field} "${String(next[field])}".`,
          {
            existing_id: other.id,
          },
        );
  }
}

export const nameRules: RuleSet = {
  any: {
    check(context, next) {
      if (['create', 'replace', 'patch'].includes(context.route.kind)) checkUnique(context, next);
    },
  },
};
