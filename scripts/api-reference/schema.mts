// Turns an OpenAPI 3.1 schema into the small tree the <ApiSchema> component renders: references
// resolved, allOf merged, oneOf/anyOf labelled, readOnly fields dropped from requests and writeOnly
// fields dropped from responses, descriptions rendered to HTML. References, allOf and the
// direction rule are the OpenAPI module's (src/lib/openapi).
import {derefSchema, isHidden, mergeAllOf, type Direction, type OpenApiNode} from '../../src/lib/openapi/index.ts';
import type {ApiParameter} from '../../src/components/ApiParameters/index.tsx';
import type {SchemaView} from '../../src/components/ApiSchema/types.ts';
import {markdownToHtml} from './markdown.mts';

export type {SchemaView};

// A lower bound of 0 (a length or an item count) limits nothing, so it is not said.
const CONSTRAINTS: [string, (value: unknown) => string | null][] = [
  ['minLength', (v) => (v ? `min length ${v}` : null)],
  ['maxLength', (v) => `max length ${v}`],
  ['minimum', (v) => `≥ ${v}`],
  ['exclusiveMinimum', (v) => `> ${v}`],
  ['maximum', (v) => `≤ ${v}`],
  ['exclusiveMaximum', (v) => `< ${v}`],
  ['multipleOf', (v) => `multiple of ${v}`],
  ['minItems', (v) => (v ? `min items ${v}` : null)],
  ['maxItems', (v) => `max items ${v}`],
  ['uniqueItems', (v) => (v ? 'unique items' : null)],
  ['minProperties', (v) => `min properties ${v}`],
  ['maxProperties', (v) => `max properties ${v}`],
  ['pattern', (v) => `pattern ${v}`],
];

function typeLabel(schema: OpenApiNode): string {
  if ('const' in schema) return `const ${JSON.stringify(schema.const)}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (!types.length) {
    if (schema.properties) return 'object';
    if (schema.items) return 'array';
    return schema.oneOf ? 'one of' : schema.anyOf ? 'any of' : 'any';
  }
  return types.join(' | ');
}

/**
 * The view tree of `schema` for a request or response body; `spec` is the whole bundled document
 * (for references), `trail` the component names above this node (to stop at a cycle).
 */
export function schemaView(spec: OpenApiNode, schema: unknown, direction: Direction, trail: string[] = []): SchemaView {
  if (direction !== 'request' && direction !== 'response') throw new Error(`unknown direction "${direction}"`);
  // Keywords beside a `$ref` (`deprecated`, a `description` of what it means there) count too.
  const {node: raw, name} = derefSchema(spec, schema ?? {});
  if (name && trail.includes(name)) return {type: 'object', refName: name, circular: true};
  const nextTrail = name ? [...trail, name] : trail;
  if (!raw || typeof raw !== 'object') throw new Error(`a schema must be an object, got ${JSON.stringify(raw)}`);
  const resolved = raw.allOf ? mergeAllOf(spec, raw) : raw;
  const view: SchemaView = {type: typeLabel(resolved)};
  if (name) view.refName = name;
  if (resolved.title) view.title = resolved.title;
  if (resolved.format) view.format = resolved.format;
  if (resolved.description) view.description = markdownToHtml(resolved.description);
  if (resolved.enum) view.enum = resolved.enum;
  if ('default' in resolved) view.default = resolved.default;
  const examples = resolved.examples ?? ('example' in resolved ? [resolved.example] : undefined);
  if (examples?.length && (resolved.type !== 'object' || !resolved.properties)) view.example = examples[0];
  if (resolved.readOnly) view.readOnly = true;
  if (resolved.writeOnly) view.writeOnly = true;
  if (resolved.deprecated) view.deprecated = true;
  const constraints = CONSTRAINTS.flatMap(([key, describe]) =>
    key in resolved ? [describe(resolved[key])] : [],
  ).filter((constraint): constraint is string => Boolean(constraint));
  if (constraints.length) view.constraints = constraints;
  if (resolved.properties) {
    // A readOnly field listed in `required` is required in responses only, a writeOnly one in
    // requests only; each is left out where it does not apply (src/lib/openapi/direction.ts).
    const required = new Set<string>(resolved.required ?? []);
    view.properties = Object.entries(resolved.properties)
      .filter(([, property]) => !isHidden(spec, property, direction))
      .map(([propertyName, property]) => ({
        name: propertyName,
        required: required.has(propertyName),
        schema: schemaView(spec, property, direction, nextTrail),
      }));
  }
  if (resolved.additionalProperties && typeof resolved.additionalProperties === 'object') {
    view.additionalProperties = schemaView(spec, resolved.additionalProperties, direction, nextTrail);
  }
  if (resolved.items) view.items = schemaView(spec, resolved.items, direction, nextTrail);
  for (const kind of ['oneOf', 'anyOf'] as const) {
    if (!resolved[kind]) continue;
    view.variants = {
      kind,
      discriminator: resolved.discriminator?.propertyName,
      options: resolved[kind].map((option: unknown, index: number) => {
        const optionView = schemaView(spec, option, direction, nextTrail);
        return {label: optionView.title ?? optionView.refName ?? `Option ${index + 1}`, schema: optionView};
      }),
    };
  }
  return view;
}

/** One row of <ApiParameters>: a parameter, or a response header given as one. */
export function parameterRow(spec: OpenApiNode, parameter: OpenApiNode, direction: Direction): ApiParameter {
  return {
    name: parameter.name,
    in: parameter.in,
    required: Boolean(parameter.required),
    deprecated: parameter.deprecated || undefined,
    description: markdownToHtml(parameter.description),
    schema: schemaView(spec, parameter.schema ?? {}, direction),
  };
}
