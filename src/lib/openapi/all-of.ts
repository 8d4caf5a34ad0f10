// `allOf` merging: the API pages, their Markdown twins and <SchemaValue> show one object per schema.
import {deref} from './ref';
import type {OpenApiNode} from './types';

/**
 * Merges the members of an `allOf` and the schema's own keywords into one schema: properties and
 * `required` are combined (members first, then the schema's own); any other keyword is taken
 * from the last part that has it, except `description`, which the first part to have one keeps.
 */
export function mergeAllOf(spec: OpenApiNode, schema: OpenApiNode): OpenApiNode {
  const {allOf, ...rest} = schema;
  const merged: OpenApiNode = {properties: {}, required: []};
  for (const member of [...(allOf ?? []), rest]) {
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

/** A schema with its references followed and its `allOf` merged (`{}` for none). */
export function flatten(spec: OpenApiNode, schema: unknown): OpenApiNode {
  const {node} = deref(spec, schema);
  return node?.allOf ? mergeAllOf(spec, node) : (node ?? {});
}
