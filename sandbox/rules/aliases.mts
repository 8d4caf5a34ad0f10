// Renamed fields (API overview › Versioning): a deprecated field "Deprecated: use `new_name`" is
// accepted in requests in place of the new one, and responses return both with the same value. The
// pairs come from the schemas' descriptions, so a rename in openapi/ needs no sandbox code.
import type {OpenApiNode} from '../../src/lib/openapi/index.ts';
import {propertiesOf} from '../schema-values.mts';
import type {Context, RuleSet} from './index.mts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const RENAMED = /Deprecated: use `([a-z0-9_]+)`/;
/** A renamed field that holds the new one's value divided by 100 (`sample_rate`, a fraction). */
const HUNDREDTH = /\(`([a-z0-9_]+)` \/ 100\)/;

/** Sets each pair of names to one value: the one the request sent, else the new name's. */
export function mirrorAliases(schema: OpenApiNode | undefined, value: unknown, sent: unknown): void {
  if (!schema) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) =>
      mirrorAliases(schema.items as OpenApiNode, item, Array.isArray(sent) ? sent[index] : undefined),
    );
    return;
  }
  if (!isObject(value)) return;
  const properties = propertiesOf(schema, value);
  for (const [name, property] of Object.entries(properties)) {
    const target = RENAMED.exec(String(property.description ?? ''))?.[1];
    if (target && target in properties) {
      const scale = HUNDREDTH.exec(String(property.description ?? ''))?.[1] === target ? 100 : 1;
      const sentOld = isObject(sent) && name in sent && !(target in sent);
      if (sentOld && typeof value[name] === 'number') value[target] = Number(value[name]) * scale;
      else if (sentOld) value[target] = value[name];
      if (value[target] !== undefined)
        value[name] = typeof value[target] === 'number' ? Number(value[target]) / scale : value[target];
      // A deprecated CDN type replaced by a service provider id (`provider`) keeps naming the CDN type.
      const allowed = (property.enum ??
        (property.allOf as {enum?: unknown[]}[] | undefined)?.find((member) => member.enum)?.enum) as
        unknown[] | undefined;
      if (allowed && !allowed.includes(value[name])) {
        if (typeof value.provider_type === 'string' && allowed.includes(value.provider_type))
          value[name] = value.provider_type;
        else delete value[name];
      }
    }
    if (value[name] !== undefined && typeof value[name] === 'object')
      mirrorAliases(property, value[name], isObject(sent) ? sent[name] : undefined);
  }
}

const schemaOf = (context: Context) => context.engine.spec.objectSchema(context.route);

export const aliasRules: RuleSet = {
  any: {
    initial(context, object) {
      mirrorAliases(schemaOf(context), object, context.request.body);
      return object;
    },
    check(context, next) {
      mirrorAliases(schemaOf(context), next, context.request.body);
    },
  },
};
