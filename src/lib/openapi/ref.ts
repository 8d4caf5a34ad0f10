// `$ref` resolution: the bundle keeps its components as local references (`#/components/...`).
import type {OpenApiNode} from './types';

/** The value a local JSON pointer reference (`#/components/schemas/Service`) names. Throws when it names nothing. */
export function resolvePointer(spec: OpenApiNode, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`unsupported external reference "${ref}" (bundle the spec first)`);
  const value = ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as OpenApiNode)[key] : undefined),
      spec,
    );
  if (value === undefined) throw new Error(`unresolved reference "${ref}"`);
  return value;
}

/**
 * Follows local `$ref`s (a reference to a reference too); returns the target and the component
 * name of the last reference (`Service` for `#/components/schemas/Service`), undefined when
 * `node` is no reference. Throws on an external, circular or unresolved reference.
 */
export function deref<T = OpenApiNode>(spec: OpenApiNode, node: unknown): {node: T; name?: string} {
  let current = node;
  let name: string | undefined;
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof (current as OpenApiNode).$ref === 'string') {
    const ref: string = (current as OpenApiNode).$ref;
    if (seen.has(ref)) throw new Error(`circular reference "${ref}"`);
    seen.add(ref);
    name = ref.split('/').pop();
    current = resolvePointer(spec, ref);
  }
  return {node: current as T, name};
}

/**
 * A schema as OpenAPI 3.1 reads it: the target of its `$ref` (as deref) with the keywords written
 * beside the reference (`deprecated`, a `description` of what it means there) over the target's.
 */
export function derefSchema<T = OpenApiNode>(spec: OpenApiNode, node: unknown): {node: T; name?: string} {
  const {node: target, name} = deref<T>(spec, node);
  if (!name || !target || typeof target !== 'object') return {node: target, name};
  const siblings = Object.entries(node as OpenApiNode).filter(([key]) => key !== '$ref');
  return {node: siblings.length ? ({...target, ...Object.fromEntries(siblings)} as T) : target, name};
}

/** `node` with its references followed (undefined stays undefined). */
export function resolve<T = OpenApiNode>(spec: OpenApiNode, node: unknown): T {
  return deref<T>(spec, node).node;
}

/**
 * `node` with every `$ref` inlined (the keys of `omit` left out everywhere, values of `enum`,
 * `const` and `default` copied as they are). A marker beside a `$ref` (`writeOnly: true`) applies
 * to the target. Throws on a recursive reference, which cannot be inlined.
 */
export function inlineRefs(spec: OpenApiNode, node: unknown, {omit = []}: {omit?: readonly string[]} = {}): unknown {
  const walk = (value: unknown, seen: string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, seen));
    if (!value || typeof value !== 'object') return value;
    const {$ref, ...siblings} = value as OpenApiNode;
    if (typeof $ref === 'string') {
      if (seen.includes($ref)) throw new Error(`recursive reference "${$ref}" cannot be inlined`);
      return walk({...(resolvePointer(spec, $ref) as OpenApiNode), ...siblings}, [...seen, $ref]);
    }
    const out: OpenApiNode = {};
    for (const [key, child] of Object.entries(value)) {
      if (omit.includes(key)) continue;
      out[key] = key === 'enum' || key === 'const' || key === 'default' ? child : walk(child, seen);
    }
    return out;
  };
  return walk(node, []);
}
