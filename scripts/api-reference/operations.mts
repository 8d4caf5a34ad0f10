// The operations and webhooks of the spec, checked for what the reference needs: each names its
// page, so a spec this generator cannot render fails here with a precise message.
import {
  HTTP_METHODS,
  SpecError,
  deref,
  pageId,
  type HttpMethod,
  type OpenApiNode,
} from '../../src/lib/openapi/index.ts';
import {PROBLEM_TYPES_ID} from '../../src/lib/openapi/problem-types.ts';

/** The page id of the overview (the kebab case of the API title). */
export const OVERVIEW_ID = 'tributary-api';

/** An operation of the spec and the id of its page. */
export interface OperationPageEntry {
  id: string;
  method: HttpMethod;
  route: string;
  operation: OpenApiNode;
  /** The path item's and the operation's parameters, references followed. */
  parameters: OpenApiNode[];
}

/** A webhook (OpenAPI 3.1 top-level `webhooks`): a request Tributary sends to the customer. */
export interface Webhook {
  name: string;
  method: HttpMethod;
  operation: OpenApiNode;
  parameters: OpenApiNode[];
}

export const isHttpMethod = (method: string): method is HttpMethod =>
  (HTTP_METHODS as readonly string[]).includes(method);

/** The operations of the spec in document order, checked for what the reference needs. */
export function listOperations(spec: OpenApiNode): OperationPageEntry[] {
  if (!spec || typeof spec !== 'object') throw new SpecError('(root)', 'the document is not an object');
  if (!/^3\.[01]\./.test(String(spec.openapi ?? ''))) {
    throw new SpecError('openapi', `version "${spec.openapi ?? '(missing)'}" is not supported (3.0.x or 3.1.x)`);
  }
  if (!spec.info?.title) throw new SpecError('info.title', 'missing');
  if (!spec.paths || typeof spec.paths !== 'object') throw new SpecError('paths', 'missing');
  if (!spec.servers?.length) throw new SpecError('servers', 'at least one server is needed for the samples');
  const declaredTags = new Set<string>((spec.tags ?? []).map((tag: OpenApiNode) => tag.name));
  const operations: OperationPageEntry[] = [];
  const ids = new Map<string, string>();
  for (const [route, item] of Object.entries<OpenApiNode>(spec.paths)) {
    for (const method of Object.keys(item)) {
      if (!isHttpMethod(method)) continue;
      const operation = item[method];
      const where = `paths.${route}.${method}`;
      if (!operation.operationId) throw new SpecError(where, 'has no operationId (it names the page)');
      if (!operation.summary)
        throw new SpecError(where, `operation "${operation.operationId}" has no summary (the page title)`);
      if (operation.tags?.length !== 1) {
        throw new SpecError(
          where,
          `operation "${operation.operationId}" must have exactly one tag, has ${operation.tags?.length ?? 0}`,
        );
      }
      if (!declaredTags.has(operation.tags[0])) {
        throw new SpecError(
          where,
          `tag "${operation.tags[0]}" of "${operation.operationId}" is not declared in the top-level tags`,
        );
      }
      if (!operation.responses || !Object.keys(operation.responses).length) {
        throw new SpecError(where, `operation "${operation.operationId}" has no responses`);
      }
      const id = pageId(operation.operationId);
      if (ids.has(id) || id === OVERVIEW_ID || id === PROBLEM_TYPES_ID) {
        throw new SpecError(
          where,
          `page id "${id}" of "${operation.operationId}" is already used by ${ids.get(id) ?? (id === OVERVIEW_ID ? 'the overview' : 'the Problem types page')}`,
        );
      }
      ids.set(id, `"${operation.operationId}"`);
      const parameters = new Map<string, OpenApiNode>();
      for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const {node} = deref(spec, parameter);
        if (!node?.name || !['path', 'query', 'header', 'cookie'].includes(node.in)) {
          throw new SpecError(where, `a parameter of "${operation.operationId}" has no name or an unknown "in"`);
        }
        parameters.set(`${node.in}:${node.name}`, node);
      }
      for (const [, name] of route.matchAll(/\{([^}]+)\}/g)) {
        if (!parameters.has(`path:${name}`)) {
          throw new SpecError(where, `path parameter "${name}" of "${operation.operationId}" is not declared`);
        }
      }
      operations.push({id, method, route, operation, parameters: [...parameters.values()]});
    }
  }
  for (const tag of declaredTags) {
    if (ids.has(pageId(tag))) throw new SpecError(`tags.${tag}`, `page id "${pageId(tag)}" is also an operation's`);
    if (pageId(tag) === PROBLEM_TYPES_ID)
      throw new SpecError(`tags.${tag}`, `page id "${pageId(tag)}" is the Problem types page's`);
  }
  return operations;
}

/**
 * The webhooks of the spec. Each is shown on its tag's page, so it needs a summary and exactly one
 * declared tag.
 */
export function listWebhooks(spec: OpenApiNode): Webhook[] {
  const declaredTags = new Set<string>((spec.tags ?? []).map((tag: OpenApiNode) => tag.name));
  const webhooks: Webhook[] = [];
  for (const [name, rawItem] of Object.entries(spec.webhooks ?? {})) {
    const item = deref(spec, rawItem).node ?? {};
    for (const method of Object.keys(item)) {
      if (!isHttpMethod(method)) continue;
      const operation = item[method];
      const where = `webhooks.${name}.${method}`;
      if (!operation.summary) throw new SpecError(where, 'has no summary (the section title)');
      if (operation.tags?.length !== 1 || !declaredTags.has(operation.tags[0])) {
        throw new SpecError(where, 'must have exactly one tag, declared in the top-level tags (its page)');
      }
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(
        (parameter) => deref(spec, parameter).node,
      );
      webhooks.push({name, method, operation, parameters});
    }
  }
  return webhooks;
}
