// Turns an OpenAPI 3.1 schema into the small tree the <ApiSchema> component renders: references
// resolved, allOf merged, oneOf/anyOf labelled, readOnly fields dropped from requests and writeOnly
// fields dropped from responses, descriptions rendered to HTML.
import {hiddenMarker} from '../api-request/schema-direction.mjs';
import {markdownToHtml} from './markdown.mjs';

const CONSTRAINTS = [
  ['minLength', (v) => `min length ${v}`],
  ['maxLength', (v) => `max length ${v}`],
  ['minimum', (v) => `≥ ${v}`],
  ['exclusiveMinimum', (v) => `> ${v}`],
  ['maximum', (v) => `≤ ${v}`],
  ['exclusiveMaximum', (v) => `< ${v}`],
  ['multipleOf', (v) => `multiple of ${v}`],
  ['minItems', (v) => `min items ${v}`],
  ['maxItems', (v) => `max items ${v}`],
  ['uniqueItems', (v) => (v ? 'unique items' : null)],
  ['minProperties', (v) => `min properties ${v}`],
  ['maxProperties', (v) => `max properties ${v}`],
  ['pattern', (v) => `pattern ${v}`],
];

/** Follows local `$ref`s; returns the target and the component name of the last reference. */
export function deref(spec, node) {
  let current = node;
  let name;
  const seen = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`unsupported external reference "${ref}" (bundle the spec first)`);
    if (seen.has(ref)) throw new Error(`circular reference "${ref}"`);
    seen.add(ref);
    name = ref.split('/').pop();
    current = ref
      .slice(2)
      .split('/')
      .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((value, key) => (value && typeof value === 'object' ? value[key] : undefined), spec);
    if (current === undefined) throw new Error(`unresolved reference "${ref}"`);
  }
  return {node: current, name};
}

/** Merges the members of an `allOf` into one schema (properties, required, constraints). */
export function mergeAllOf(spec, schema) {
  const {allOf, ...rest} = schema;
  const merged = {properties: {}, required: []};
  for (const member of [...allOf, rest]) {
    const {node} = deref(spec, member);
    const resolved = node.allOf ? mergeAllOf(spec, node) : node;
    for (const [key, value] of Object.entries(resolved)) {
      if (key === 'properties') Object.assign(merged.properties, value);
      else if (key === 'required') merged.required.push(...value);
      else if (key === 'description' && merged.description) continue;
      else merged[key] = value;
    }
  }
  if (!Object.keys(merged.properties).length) delete merged.properties;
  if (!merged.required.length) delete merged.required;
  return merged;
}

function typeLabel(schema) {
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
 * The view tree of `schema` for a request or response body.
 * @param {object} spec the whole bundled OpenAPI document (for references)
 * @param {object} schema
 * @param {'request' | 'response'} direction
 */
export function schemaView(spec, schema, direction, trail = []) {
  if (direction !== 'request' && direction !== 'response') throw new Error(`unknown direction "${direction}"`);
  const {node: raw, name} = deref(spec, schema ?? {});
  if (name && trail.includes(name)) return {type: 'object', refName: name, circular: true};
  const nextTrail = name ? [...trail, name] : trail;
  if (!raw || typeof raw !== 'object') throw new Error(`a schema must be an object, got ${JSON.stringify(raw)}`);
  const resolved = raw.allOf ? mergeAllOf(spec, raw) : raw;
  const view = {type: typeLabel(resolved)};
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
  ).filter(Boolean);
  if (constraints.length) view.constraints = constraints;
  if (resolved.properties) {
    // A readOnly field listed in `required` is required in responses only, a writeOnly one in
    // requests only; each is left out where it does not apply (plugins/api-request/schema-direction.mjs).
    const hidden = hiddenMarker(direction);
    const required = new Set(resolved.required ?? []);
    view.properties = Object.entries(resolved.properties)
      .filter(([, property]) => !property?.[hidden] && !deref(spec, property).node?.[hidden])
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
  for (const kind of ['oneOf', 'anyOf']) {
    if (!resolved[kind]) continue;
    view.variants = {
      kind,
      discriminator: resolved.discriminator?.propertyName,
      options: resolved[kind].map((option, index) => {
        const optionView = schemaView(spec, option, direction, nextTrail);
        return {label: optionView.title ?? optionView.refName ?? `Option ${index + 1}`, schema: optionView};
      }),
    };
  }
  return view;
}
