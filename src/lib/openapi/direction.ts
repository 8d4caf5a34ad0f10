// Request and response views of a schema: OpenAPI's readOnly/writeOnly semantics, which plain JSON
// Schema lacks, in one place for every reader of the site (the API pages and their Markdown twins,
// the guides' <ApiRequest> check, the example tests, the browser validators). A readOnly property
// (id, timestamps, status, computed fields) is listed in `required` because responses always carry
// it, but a request neither needs nor sends it; a writeOnly property (a secret) may be required in
// requests but is never in a response.
import {resolve} from './ref';
import type {Direction, OpenApiNode} from './types';

/** The marker of the properties that a payload of `direction` does not carry. */
export function hiddenMarker(direction: Direction): 'readOnly' | 'writeOnly' {
  if (direction === 'request') return 'readOnly';
  if (direction === 'response') return 'writeOnly';
  throw new Error(`unknown direction "${String(direction)}"`);
}

/**
 * THE rule: whether a property schema is left out of a payload of `direction`. The marker may sit
 * beside a `$ref` or on its target, so `spec` is needed to follow the reference.
 */
export function isHidden(spec: OpenApiNode, property: unknown, direction: Direction): boolean {
  const marker = hiddenMarker(direction);
  if ((property as OpenApiNode | undefined)?.[marker]) return true;
  return Boolean(resolve<OpenApiNode | undefined>(spec, property)?.[marker]);
}

export interface DirectionOptions {
  /** Remove hidden properties and close every object schema (`unevaluatedProperties: false`). */
  strict?: boolean;
  /** Leave the root open (it is an `allOf` member whose parent closes the merged object). */
  open?: boolean;
  /** The reference to use for a `$ref` member of an `allOf` (an open copy of its target). */
  openRef?: (ref: string) => string;
  /** Whether a property is hidden; default: its own marker (pass one that follows `$ref`s). */
  isHidden?: (property: unknown) => boolean;
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
 */
export function schemaForDirection<T>(node: T, direction: Direction, options: DirectionOptions = {}): T {
  const marker = hiddenMarker(direction);
  const {
    strict = false,
    openRef,
    isHidden: hidden = (property: unknown) => Boolean((property as OpenApiNode | undefined)?.[marker]),
  } = options;
  const walk = (value: unknown, open: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, false));
    if (!value || typeof value !== 'object') return value;
    const source = value as OpenApiNode;
    const out: OpenApiNode = {};
    for (const [key, child] of Object.entries(source)) {
      if (key === 'properties' && child && typeof child === 'object') {
        out.properties = Object.fromEntries(
          Object.entries(child)
            .filter(([, property]) => !(strict && hidden(property)))
            .map(([name, property]) => [name, walk(property, false)]),
        );
      } else if (key === 'allOf' && Array.isArray(child)) {
        out.allOf = child.map((member: OpenApiNode) =>
          member?.$ref && openRef ? {...member, $ref: openRef(member.$ref)} : walk(member, true),
        );
      } else if (key === 'examples' || key === 'example' || key === 'const' || key === 'enum' || key === 'default') {
        out[key] = child;
      } else {
        out[key] = walk(child, false);
      }
    }
    if (Array.isArray(out.required) && source.properties) {
      out.required = out.required.filter((name: string) => !hidden(source.properties[name]));
    }
    const objectLike = out.properties || out.allOf || out.type === 'object';
    if (strict && !open && objectLike && !('additionalProperties' in out) && !('unevaluatedProperties' in out)) {
      out.unevaluatedProperties = false;
    }
    return out;
  };
  return walk(node, Boolean(options.open)) as T;
}
