// Values from schemas: the defaults a create or a replace applies, the read-only fields the sandbox
// fills in, the write-only secrets it never returns, and JSON Merge Patch (RFC 7396) as the API
// overview describes it. All of it reads the inlined schemas of ./spec.mts.
import {randomUUID} from 'node:crypto';
import type {OpenApiNode} from '../src/lib/openapi/index.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** The variant of a `oneOf` that `value` selects by its discriminator, or every variant without one. */
export function variantsOf(schema: OpenApiNode, value: unknown): OpenApiNode[] {
  const variants = (schema.oneOf ?? schema.anyOf) as OpenApiNode[] | undefined;
  if (!variants) return [];
  const property = schema.discriminator?.propertyName as string | undefined;
  if (property && isObject(value)) {
    const chosen = variants.find((variant) => {
      const own = propertiesOf(variant)[property];
      return own?.const === value[property] || (own?.enum as unknown[] | undefined)?.includes(value[property]);
    });
    if (chosen) return [chosen];
  }
  return variants;
}

const propertyCache = new WeakMap<OpenApiNode, Map<string, Record<string, OpenApiNode>>>();

/** Every property schema of `schema` (its own, its `allOf` members'), for the value it describes. */
export function propertiesOf(schema: OpenApiNode, value?: unknown): Record<string, OpenApiNode> {
  // Schemas are never changed after loading: one answer per schema and discriminator value.
  const property = schema.discriminator?.propertyName as string | undefined;
  if (!property && hasNestedDiscriminator(schema)) return collectProperties(schema, value);
  const key = property && isObject(value) ? String(value[property]) : '';
  let cached = propertyCache.get(schema);
  if (!cached) propertyCache.set(schema, (cached = new Map()));
  const hit = cached.get(key);
  if (hit) return hit;
  const found = collectProperties(schema, value);
  cached.set(key, found);
  return found;
}

const nestedDiscriminator = new WeakMap<OpenApiNode, boolean>();

/** Whether an `allOf` member or a variant below the schema picks its variant by the value. */
function hasNestedDiscriminator(schema: OpenApiNode): boolean {
  let found = nestedDiscriminator.get(schema);
  if (found === undefined) {
    const members = [
      ...((schema.allOf ?? []) as OpenApiNode[]),
      ...((schema.oneOf ?? schema.anyOf ?? []) as OpenApiNode[]),
    ];
    found = members.some((member) => Boolean(member.discriminator) || hasNestedDiscriminator(member));
    nestedDiscriminator.set(schema, found);
  }
  return found;
}

/** The schema's own properties replace its `allOf` members' of the same name, as in the API pages; the chosen variant's come last. */
function collectProperties(schema: OpenApiNode, value?: unknown): Record<string, OpenApiNode> {
  const out: Record<string, OpenApiNode> = {};
  for (const member of (schema.allOf ?? []) as OpenApiNode[]) Object.assign(out, propertiesOf(member, value));
  Object.assign(out, (schema.properties as Record<string, OpenApiNode>) ?? {});
  for (const variant of variantsOf(schema, value)) Object.assign(out, propertiesOf(variant, value));
  return out;
}

export function requiredOf(schema: OpenApiNode, value?: unknown): string[] {
  const out = new Set<string>((schema.required as string[]) ?? []);
  for (const member of (schema.allOf ?? []) as OpenApiNode[])
    for (const name of requiredOf(member, value)) out.add(name);
  const variants = variantsOf(schema, value);
  if (variants.length === 1) for (const name of requiredOf(variants[0], value)) out.add(name);
  return [...out];
}

/** `value` with the defaults of every property it leaves out, at every depth. */
export function withDefaults(schema: OpenApiNode | undefined, value: unknown): unknown {
  if (!schema) return value;
  if (Array.isArray(value)) return value.map((item) => withDefaults(schema.items as OpenApiNode | undefined, item));
  if (!isObject(value)) return value;
  const out: Json = {...value};
  for (const [name, property] of Object.entries(propertiesOf(schema, value))) {
    if (property.readOnly) continue;
    if (!(name in out) && property.default !== undefined) out[name] = structuredClone(property.default);
    else if (name in out) out[name] = withDefaults(property, out[name]);
  }
  return out;
}

/** A value for a read-only field the sandbox has no rule for, from its schema. */
export function generatedValue(property: OpenApiNode, now: string): unknown {
  const types = ([] as unknown[]).concat(property.type ?? []);
  if (property.const !== undefined) return property.const;
  if (property.default !== undefined) return structuredClone(property.default);
  if (property.format === 'uuid') return types.includes('null') ? null : randomUUID();
  if (property.format === 'date-time') return types.includes('null') ? null : now;
  if (property.enum) return (property.enum as unknown[])[0];
  if (types.includes('null')) return null;
  if (types.includes('array')) return [];
  if (types.includes('boolean')) return false;
  if (types.includes('integer') || types.includes('number')) return property.minimum ?? 0;
  if (types.includes('object') || property.properties) return fillReadOnly(property, {}, now);
  const example = property.example ?? (property.examples as unknown[] | undefined)?.[0];
  if (types.includes('string')) return typeof example === 'string' ? example : '';
  return null;
}

/**
 * `value` as the API returns it: every field it lacks filled in at every depth, as the API answers
 * every field of a resource. A default wins, then a value the API generates for a read-only field,
 * then `null` for a field that takes it, `[]` for a list, and a nested object made of its own
 * defaults. Write-only secrets are never made up.
 */
export function fillReadOnly(schema: OpenApiNode, value: Json, now: string): Json {
  const out: Json = {...value};
  const properties = propertiesOf(schema, out);
  const required = new Set(requiredOf(schema, out));
  for (const [name, property] of Object.entries(properties)) {
    if (property.writeOnly) continue;
    if (name in out) {
      out[name] = completeValue(property, out[name], now);
      continue;
    }
    const types = ([] as unknown[]).concat(property.type ?? []);
    if (property.default !== undefined) out[name] = structuredClone(property.default);
    else if (property.readOnly || required.has(name)) out[name] = generatedValue(property, now);
    else if (types.includes('null')) out[name] = null;
    else if (types.includes('array')) out[name] = [];
    else if (
      (types.includes('object') || property.properties || property.allOf) &&
      !property.oneOf &&
      !property.anyOf &&
      fillsItself(property)
    )
      out[name] = fillReadOnly(property, {}, now);
  }
  return out;
}

/** Whether every required field of an object schema has a default or is read-only. */
function fillsItself(schema: OpenApiNode): boolean {
  const properties = propertiesOf(schema, {});
  return requiredOf(schema, {}).every((name) => properties[name]?.default !== undefined || properties[name]?.readOnly);
}

function completeValue(property: OpenApiNode, value: unknown, now: string): unknown {
  if (Array.isArray(value)) return value.map((item) => completeValue((property.items as OpenApiNode) ?? {}, item, now));
  if (!isObject(value)) return value;
  return fillReadOnly(property, value, now);
}

/** `value` without what a payload of this direction never carries (write-only secrets in a response). */
export function withoutHidden(
  schema: OpenApiNode | undefined,
  value: unknown,
  marker: 'readOnly' | 'writeOnly',
): unknown {
  if (!schema) return value;
  if (Array.isArray(value))
    return value.map((item) => withoutHidden(schema.items as OpenApiNode | undefined, item, marker));
  if (!isObject(value)) return value;
  const properties = propertiesOf(schema, value);
  const out: Json = {};
  // The schema's order first (as the API answers), then any other field.
  const names = [
    ...Object.keys(properties).filter((name) => name in value),
    ...Object.keys(value).filter((name) => !(name in properties)),
  ];
  for (const name of names) {
    const property = properties[name];
    if (property?.[marker]) continue;
    out[name] = withoutHidden(property, value[name], marker);
  }
  return out;
}

/**
 * JSON Merge Patch as the API applies it: a field left out keeps its value, `null` clears it, a
 * nested object is merged field by field unless its fields depend on its `type` or `method` (a
 * `oneOf`), which replaces it whole, and an array is replaced whole.
 */
export function mergePatch(schema: OpenApiNode | undefined, target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  if (!isObject(target) || (schema && (schema.oneOf || schema.anyOf) && !schema.properties)) return stripNulls(patch);
  const properties = schema ? propertiesOf(schema, target) : {};
  const out: Json = {...target};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) {
      const property = properties[name];
      const types = ([] as unknown[]).concat(property?.type ?? []);
      if (types.includes('null')) out[name] = null;
      else if (property?.default !== undefined) out[name] = structuredClone(property.default);
      else delete out[name];
    } else out[name] = mergePatch(properties[name], out[name], value);
  }
  return out;
}

function stripNulls(value: Json): Json {
  return Object.fromEntries(Object.entries(value).filter(([, child]) => child !== null));
}

/** The writable part of a stored object (what a PUT body holds), for validating a patched result. */
export function writableView(schema: OpenApiNode, value: unknown): unknown {
  return withoutHidden(schema, value, 'readOnly');
}

/** The depth of a JSON value, to refuse bodies nested deeper than any schema of the API. */
export function depthOf(value: unknown, limit: number, depth = 0): number {
  if (depth > limit || !value || typeof value !== 'object') return depth;
  let deepest = depth;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, depthOf(child, limit, depth + 1));
    if (deepest > limit) break;
  }
  return deepest;
}
