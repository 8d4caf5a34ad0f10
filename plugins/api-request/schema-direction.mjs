// OpenAPI's readOnly/writeOnly semantics, which plain JSON Schema lacks, in one place for every
// validator of the site (the guides' <ApiRequest> check, the example test, the browser validators)
// and for the API pages: a readOnly property (id, timestamps, status, computed fields) is listed in
// `required` because responses always carry it, but a request neither needs nor sends it; a
// writeOnly property (a secret) may be required in requests but is never in a response.

/** The marker of the properties that a payload of `direction` does not carry. */
export function hiddenMarker(direction) {
  if (direction === 'request') return 'readOnly';
  if (direction === 'response') return 'writeOnly';
  throw new Error(`unknown direction "${direction}"`);
}

/**
 * `node` (a schema, or any tree holding schemas such as `components`) as plain JSON Schema for
 * payloads of `direction`: `required` keeps no property hidden in that direction. With `strict`,
 * hidden properties are removed and every object schema gets `unevaluatedProperties: false`, so
 * that an example carrying an unknown field, a read-only field in a request or a secret in a
 * response fails: the API's schemas do not forbid additional properties (responses may gain fields,
 * see the versioning promise), but the documentation's examples must use documented fields only.
 * The members of an `allOf` are left open (their parent closes the merged object); a `$ref` member
 * is passed to `openRef`, which returns the reference to use instead (a copy of the target made with
 * `open: true`), or kept as it is without `openRef`.
 * `isHidden(property)` tells whether a property schema is hidden (default: its own marker; pass a
 * resolver-aware test where properties may be `$ref`s to marked schemas).
 */
export function schemaForDirection(node, direction, options = {}) {
  const marker = hiddenMarker(direction);
  const {strict = false, openRef, isHidden = (property) => Boolean(property?.[marker])} = options;
  const walk = (value, open) => {
    if (Array.isArray(value)) return value.map((item) => walk(item, false));
    if (!value || typeof value !== 'object') return value;
    const out = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'properties' && child && typeof child === 'object') {
        out.properties = Object.fromEntries(
          Object.entries(child)
            .filter(([, property]) => !(strict && isHidden(property)))
            .map(([name, property]) => [name, walk(property, false)]),
        );
      } else if (key === 'allOf' && Array.isArray(child)) {
        out.allOf = child.map((member) =>
          member?.$ref && openRef ? {...member, $ref: openRef(member.$ref)} : walk(member, true),
        );
      } else if (key === 'examples' || key === 'example' || key === 'const' || key === 'enum' || key === 'default') {
        out[key] = child;
      } else {
        out[key] = walk(child, false);
      }
    }
    if (Array.isArray(out.required) && value.properties) {
      out.required = out.required.filter((name) => !isHidden(value.properties[name]));
    }
    const objectLike = out.properties || out.allOf || out.type === 'object';
    if (strict && !open && objectLike && !('additionalProperties' in out) && !('unevaluatedProperties' in out)) {
      out.unevaluatedProperties = false;
    }
    return out;
  };
  return walk(node, Boolean(options.open));
}
