// The sandbox's reading of the OpenAPI bundle: one route per operation, with what kind of resource
// operation it is (list, create, retrieve, replace, patch, delete, a singleton's read or write, or an
// action), its collection, its roles and its schemas. Every generic behavior of the sandbox comes
// from here, so a new operation in openapi/ is served without sandbox code unless it is an action.
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {exampleOf, inlineRefs, resolve, schemaForDirection} from '../src/lib/openapi/index.ts';
import type {OpenApiDocument, OpenApiNode} from '../src/lib/openapi/index.ts';
import {loadSpec} from '../src/lib/openapi/load.ts';
import {propertiesOf} from './schema-values.mts';

export type RouteKind =
  | 'list'
  | 'create'
  | 'retrieve'
  | 'replace'
  | 'patch'
  | 'delete'
  | 'singleton-read'
  | 'singleton-replace'
  | 'singleton-patch'
  | 'action';

export interface Route {
  operationId: string;
  method: string;
  /** The OpenAPI path, for example `/services/{service_id}/origins/{origin_id}/`. */
  template: string;
  /** `v1`, or `v2` for the operations the bundle serves under /api/v2. */
  version: string;
  kind: RouteKind;
  /** The collection a resource operation works on (`/services/{service_id}/origins/`). */
  collection: string;
  /** The path parameter that names the item, for item operations. */
  itemParam?: string;
  roles: string[];
  /** The status of the documented success response. */
  successStatus: number;
  /** Every documented status, for the coverage test. */
  statuses: number[];
  /** Headers the success response declares. */
  successHeaders: string[];
  /** JSON schema of the request body (request view, every $ref inlined), if the operation takes one. */
  requestSchema?: OpenApiNode;
  requestMediaType?: string;
  requestRequired: boolean;
  /** JSON schema of the success body (every $ref inlined), if it has one. */
  responseSchema?: OpenApiNode;
  parameters: OpenApiNode[];
  matcher: RegExp;
  paramNames: string[];
  /** Literal segments first: `/service-config/active/` wins over `/service-config/{version_id}/`. */
  specificity: number;
}

// Descriptions stay (the deprecated-alias rule reads "Deprecated: use `name`" in them), and so do
// examples: a read-only value the product sets the same for everyone (Tributary's own principal)
// is answered as documented.
const ANNOTATIONS = ['title', 'externalDocs', 'xml'];
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export class SandboxSpec {
  readonly routes: Route[];
  readonly byOperation = new Map<string, Route>();
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument = loadSpec()) {
    this.ajv = new Ajv2020({strict: false, allErrors: true, validateFormats: true});
    addFormats(this.ajv);
    this.routes = this.buildRoutes();
    for (const route of this.routes) this.byOperation.set(route.operationId, route);
  }

  /** The route of a method and a path under the API version, with its path parameters. */
  match(method: string, version: string, path: string): {route: Route; params: Record<string, string>} | undefined {
    for (const route of this.routes) {
      if (route.version !== version) continue;
      const found = route.matcher.exec(path);
      if (!found) continue;
      if (route.method !== method) continue;
      const params = Object.fromEntries(
        route.paramNames.map((name, index) => [name, decodeURIComponent(found[index + 1])]),
      );
      return {route, params};
    }
    return undefined;
  }

  /**
   * The field that holds an object's id in its path: `id`, or the item parameter itself when the
   * schema has it (`key_id` of URL signing keys), or its name without `_id` (`version`).
   */
  idField(collection: string): string {
    const retrieve = this.routes.find((route) => route.kind === 'retrieve' && route.collection === collection);
    const properties = retrieve?.responseSchema ? propertiesOf(retrieve.responseSchema) : {};
    const param = retrieve?.itemParam ?? 'id';
    if (param in properties) return param;
    if ('id' in properties) return 'id';
    const bare = param.replace(/_id$/, '');
    return bare in properties ? bare : 'id';
  }

  private readonly objectSchemas = new Map<string, OpenApiNode | undefined>();

  /** The schema of the objects a route works on: what retrieving one of them answers. */
  objectSchema(route: Route): OpenApiNode | undefined {
    if (!this.objectSchemas.has(route.operationId)) {
      const read = this.routes.find(
        (other) =>
          other.collection === route.collection && (other.kind === 'retrieve' || other.kind === 'singleton-read'),
      );
      this.objectSchemas.set(route.operationId, read?.responseSchema ?? route.responseSchema);
    }
    return this.objectSchemas.get(route.operationId);
  }

  /** The documented example of an operation's success response. */
  documentedAnswer(operationId: string): unknown {
    const route = this.byOperation.get(operationId);
    const operation =
      route && (this.document.paths?.[route.template]?.[route.method.toLowerCase()] as OpenApiNode | undefined);
    const response =
      operation && resolve<OpenApiNode>(this.document, operation.responses?.[String(route.successStatus)]);
    return exampleOf(this.document, Object.values((response?.content ?? {}) as Record<string, OpenApiNode>)[0]);
  }

  /** Whether some operation has this path (for `405` against `404`). */
  hasPath(version: string, path: string): boolean {
    return this.routes.some((route) => route.version === version && route.matcher.test(path));
  }

  /** Validates `value` against `schema`; the messages name each field, as `errors` of a `422` does. */
  validate(key: string, schema: OpenApiNode, value: unknown): {field: string; message: string}[] {
    let validator = this.validators.get(key);
    if (!validator) {
      validator = this.ajv.compile(schema);
      this.validators.set(key, validator);
    }
    if (validator(value)) return [];
    return (validator.errors ?? [])
      .filter((error) => (error.keyword !== 'if' && error.keyword !== 'oneOf') || (validator.errors ?? []).length === 1)
      .map((error) => {
        const field = [
          error.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          error.params.missingProperty ?? error.params.unevaluatedProperty ?? error.params.additionalProperty,
        ]
          .filter(Boolean)
          .join(error.instancePath ? '.' : '');
        const message =
          error.keyword === 'unevaluatedProperties' || error.keyword === 'additionalProperties'
            ? 'Unknown or read-only field.'
            : `${(error.message ?? 'is invalid').replace(/^must/, 'Must')}.`;
        return {field: field || '(body)', message};
      })
      .slice(0, 20);
  }

  private buildRoutes(): Route[] {
    const spec = this.document;
    const paths = spec.paths ?? {};
    const v2 = new Set<string>();
    for (const [template, item] of Object.entries(paths))
      for (const method of HTTP_METHODS) {
        const servers = (item[method]?.servers ?? item.servers) as {url: string}[] | undefined;
        if (servers?.some((server) => /\/api\/v2\/?$/.test(server.url))) v2.add(`${method} ${template}`);
      }
    const routes: Route[] = [];
    const listTemplates = new Set<string>();
    for (const [template, item] of Object.entries(paths)) {
      const success = item.get && this.successOf(item.get);
      if (success?.schema?.properties?.results && success.schema.properties.next) listTemplates.add(template);
    }
    for (const [template, item] of Object.entries(paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method] as OpenApiNode | undefined;
        if (!operation) continue;
        const success = this.successOf(operation);
        const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) =>
          resolve<OpenApiNode>(spec, parameter),
        );
        const body = resolve<OpenApiNode | undefined>(spec, operation.requestBody);
        const [requestMediaType, media] = (Object.entries(body?.content ?? {})[0] ?? []) as [
          string | undefined,
          OpenApiNode | undefined,
        ];
        const segments = template.split('/').filter(Boolean);
        const last = segments.at(-1) ?? '';
        const parent = `/${segments.slice(0, -1).join('/')}/`.replace(/^\/\/$/, '/');
        const itemParam = /^\{(.+)\}$/.exec(last)?.[1];
        let kind: RouteKind = 'action';
        let collection = template;
        const upper = method.toUpperCase();
        if (itemParam && listTemplates.has(parent)) {
          collection = parent;
          kind =
            ({GET: 'retrieve', PUT: 'replace', PATCH: 'patch', DELETE: 'delete'} as const)[upper as 'GET'] ?? 'action';
        } else if (listTemplates.has(template) && upper === 'GET') kind = 'list';
        else if (listTemplates.has(template) && upper === 'POST' && success.status === 201) kind = 'create';
        else if (!itemParam && !paths[template].post && success.schema && !success.schema.properties?.results) {
          // A resource that exists once per account or service (SSO, the WAF, extended statistics).
          const readAndWritten = Boolean(paths[template].get && (paths[template].put || paths[template].patch));
          if (readAndWritten)
            kind =
              ({GET: 'singleton-read', PUT: 'singleton-replace', PATCH: 'singleton-patch'} as const)[upper as 'GET'] ??
              'action';
        }
        const paramNames: string[] = [];
        const pattern = template
          .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
          .replace(/\\?\{([^}]+)\\?\}|\{([^}]+)\}/g, (_, a, b) => {
            paramNames.push(a ?? b);
            return '([^/]+)';
          });
        routes.push({
          operationId: operation.operationId,
          method: upper,
          template,
          version: v2.has(`${method} ${template}`) ? 'v2' : 'v1',
          kind,
          collection,
          itemParam: kind === 'action' ? undefined : itemParam,
          roles: (operation['x-roles'] ?? []) as string[],
          successStatus: success.status,
          statuses: Object.keys(operation.responses ?? {})
            .filter((status) => /^\d+$/.test(status))
            .map(Number),
          successHeaders: Object.keys(success.headers ?? {}),
          requestSchema: media?.schema ? this.requestView(media.schema) : undefined,
          requestMediaType,
          requestRequired: Boolean(body?.required),
          responseSchema: success.schema,
          parameters,
          matcher: new RegExp(`^${pattern}$`),
          paramNames,
          specificity: segments.filter((segment) => !segment.startsWith('{')).length,
        });
      }
    }
    return routes.sort((a, b) => b.specificity - a.specificity || a.template.length - b.template.length);
  }

  /** The documented success response of an operation: status, inlined schema and headers. */
  private successOf(operation: OpenApiNode): {status: number; schema?: OpenApiNode; headers?: OpenApiNode} {
    const [status, reference] = Object.entries(operation.responses ?? {}).find(([code]) => /^2\d\d$/.test(code)) ?? [
      '200',
      undefined,
    ];
    const response = resolve<OpenApiNode | undefined>(this.document, reference);
    const media = Object.values(response?.content ?? {})[0] as OpenApiNode | undefined;
    return {
      status: Number(status),
      schema: media?.schema ? (inlineRefs(this.document, media.schema, {omit: ANNOTATIONS}) as OpenApiNode) : undefined,
      headers: response?.headers,
    };
  }

  /** A request body schema as plain JSON Schema: read-only fields neither required nor allowed. */
  private requestView(schema: unknown): OpenApiNode {
    return schemaForDirection(inlineRefs(this.document, schema, {omit: ANNOTATIONS}) as OpenApiNode, 'request', {
      strict: true,
    });
  }
}
