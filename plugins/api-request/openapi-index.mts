// Looks up operations in the bundled OpenAPI file and validates example requests and responses
// against its schemas, so that the API examples in the guides cannot drift from the API.
// The document is read, resolved and viewed by direction through the OpenAPI module (src/lib/openapi).
import Ajv2020 from 'ajv/dist/2020.js';
import type {ErrorObject, SchemaObject, ValidateFunction} from 'ajv';
import addFormats from 'ajv-formats';
import {
  flatten,
  isHidden,
  isShellExpansion,
  operationPagePath,
  operationsOf,
  requestMediaType,
  requestUrl,
  resolve,
  schemaForDirection,
  serverOf,
  type Direction,
  type DirectionOptions,
  type OpenApiDocument,
  type OpenApiNode,
  type OperationEntry,
} from '../../src/lib/openapi/index.ts';
import {DEFAULT_BUNDLE, loadSpec} from '../../src/lib/openapi/load.ts';

export {DEFAULT_BUNDLE};

/** An example call: the operation, its parameters and body, and the response it shows. */
export interface ApiCall {
  operation: string;
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /**
   * Request headers the example sends, such as `Idempotency-Key`: each must be a header parameter
   * of the operation (names compare case-insensitively). A shell expansion (`$IDEMPOTENCY_KEY`,
   * `$(uuidgen)`) stands for a value made when the command runs and is not checked against the schema.
   */
  headers?: Record<string, unknown>;
  body?: unknown;
  status?: number;
  response?: unknown;
}

/** One problem of a call: where it is (`body/origins/0/host`, `path/service_id`…) and what. */
export interface ApiProblem {
  location: string;
  message: string;
  /** The one-line form printed by the guides' checks. */
  text: string;
}

/** One problem of a value against a schema (see describeErrors). */
export interface SchemaProblem {
  pointer: string;
  message: string;
  text: string;
}

/** An operation of the index, by operationId. */
export type IndexedOperation = Omit<OperationEntry, 'operationId'>;

/** Method, full URL and reference page of an example call (see OpenApiIndex.describe). */
export interface CallDescription {
  method: string;
  contentType?: string;
  url: string;
  page: string;
}

const SPEC_ID: Record<Direction, string> = {
  request: 'tributary-openapi-request',
  response: 'tributary-openapi-response',
};

/** Points the bundle's local `#/components/...` references at the spec registered for `direction`. */
function retarget<T>(schema: T, direction: Direction): T {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${SPEC_ID[direction]}#/`));
}

/** The `$ref`s used as `allOf` members anywhere in `node`: their targets also get an open copy. */
function allOfRefs(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => allOfRefs(item, found));
  else if (node && typeof node === 'object') {
    const {allOf} = node as OpenApiNode;
    for (const member of Array.isArray(allOf) ? allOf : []) if (member?.$ref) found.add(member.$ref);
    Object.values(node).forEach((value) => allOfRefs(value, found));
  }
  return found;
}

const OPEN_SCHEMAS = 'x-open-schemas';
const openRef = (ref: string): string => ref.replace(/^#\/components\/schemas\//, `#/components/${OPEN_SCHEMAS}/`);
/**
 * Ajv errors as problems: `pointer` is the JSON pointer of the value at fault (for a missing or
 * unknown property, the property itself), `text` the one-line message the guides' checks print.
 */
function describeErrors(errors: ErrorObject[] | null | undefined): SchemaProblem[] {
  return (errors ?? []).map((error) => {
    const where = error.instancePath || '(root)';
    // Ajv always writes `message` (its option `messages` is on by default).
    const ajvMessage = error.message ?? '';
    if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      const name = error.params.additionalProperty ?? error.params.unevaluatedProperty;
      return {
        pointer: `${error.instancePath}/${escapePointer(name)}`,
        message: `unknown property "${name}"`,
        text: `${where}: unknown property "${name}"`,
      };
    }
    if (error.keyword === 'required') {
      const name = error.params.missingProperty;
      return {
        pointer: `${error.instancePath}/${escapePointer(name)}`,
        message: ajvMessage,
        text: `${where}: ${ajvMessage}`,
      };
    }
    const message = error.keyword === 'enum' ? `must be one of ${error.params.allowedValues.join(', ')}` : ajvMessage;
    return {pointer: error.instancePath, message, text: `${where}: ${message}`};
  });
}

const escapePointer = (name: unknown): string => String(name).replaceAll('~', '~0').replaceAll('/', '~1');

export class OpenApiIndex {
  /** The bundle, loose for its readers (tests, the MCP server), which read fields it always has. */
  readonly spec: OpenApiNode;
  readonly operations: Map<string, IndexedOperation>;
  private readonly ajv: Ajv2020;
  private readonly validators: Map<string, ValidateFunction>;

  constructor(spec: OpenApiDocument) {
    this.spec = spec;
    this.operations = new Map(
      operationsOf(spec).map(({operationId, method, route, operation, parameters}) => [
        operationId,
        {method, route, operation, parameters},
      ]),
    );
    this.ajv = new Ajv2020({strict: false, allErrors: true, validateFormats: true});
    addFormats(this.ajv);
    // Examples are checked strictly (see schemaForDirection): no unknown field, no read-only field
    // in a request, no secret in a response.
    const schemas: OpenApiNode = spec.components?.schemas ?? {};
    const open: OpenApiNode = {};
    for (const ref of allOfRefs(spec)) {
      const name = ref.replace(/^#\/components\/schemas\//, '');
      if (name !== ref && schemas[name]) open[name] = schemas[name];
    }
    for (const direction of ['request', 'response'] as const) {
      const options = this.directionOptions(direction);
      const components = {
        ...schemaForDirection(spec.components ?? {}, direction, options),
        [OPEN_SCHEMAS]: Object.fromEntries(
          Object.entries(open).map(([name, schema]) => [
            name,
            schemaForDirection(schema, direction, {...options, open: true}),
          ]),
        ),
      };
      this.ajv.addSchema({$id: SPEC_ID[direction], components: retarget(components, direction)});
    }
    this.validators = new Map();
  }

  /** Options of schemaForDirection for this spec: strict, `$ref`s resolved to find the markers. */
  private directionOptions(direction: Direction): DirectionOptions {
    return {
      strict: true,
      openRef,
      isHidden: (property: unknown) => isHidden(this.spec, property, direction),
    };
  }

  /** The index of the bundle in `file` (default: generated/static/openapi.json). */
  static load(file: string = DEFAULT_BUNDLE): OpenApiIndex {
    return new OpenApiIndex(loadSpec(file));
  }

  /** `node` with its `$ref`s followed. */
  resolve<T = OpenApiNode>(node: unknown): T {
    return resolve<T>(this.spec, node);
  }

  /** Validates `value` against `schema` as a request (default) or a response payload. */
  validate(schema: object, value: unknown, direction: Direction = 'request'): string[] {
    return this.validateDetailed(schema, value, direction).map((problem) => problem.text);
  }

  /** Like validate, with each problem's JSON pointer and message apart (see describeErrors). */
  validateDetailed(schema: object, value: unknown, direction: Direction = 'request'): SchemaProblem[] {
    const key = `${direction}:${JSON.stringify(schema)}`;
    let validator = this.validators.get(key);
    if (!validator) {
      validator = this.ajv.compile(
        retarget(schemaForDirection(schema as SchemaObject, direction, this.directionOptions(direction)), direction),
      );
      this.validators.set(key, validator);
    }
    return validator(value) ? [] : describeErrors(validator.errors);
  }

  /**
   * A constraint or default of a schema field, for pages that state limits: `of` is a schema of
   * `components.schemas` followed by property names (`OriginSet.members`; array items are entered
   * on the way, and `items` names the item schema itself: `PurgeUrlRequest.urls.items`), `fact`
   * a JSON Schema keyword such as `maxItems`, `maxLength`, `maximum` or `default`. Throws, naming what exists, when the field or the fact is not in the schema.
   */
  schemaFact(of: string, fact: string): unknown {
    const [schemaName, ...fields] = String(of ?? '').split('.');
    const schemas: OpenApiNode = this.spec.components?.schemas ?? {};
    if (!schemas[schemaName]) throw new Error(`no schema "${schemaName}" in components.schemas`);
    let node = this.flatten(schemas[schemaName]);
    let walked = schemaName;
    for (const field of fields) {
      // `items` names the item schema of an array, for limits on each item (maxLength of a URL).
      if (field === 'items' && node.items) {
        node = this.flatten(node.items);
        walked += '.items';
        continue;
      }
      if (node.type === 'array' && node.items) node = this.flatten(node.items);
      const next = node.properties?.[field];
      if (!next) {
        const known = Object.keys(node.properties ?? {}).join(', ') || 'none';
        throw new Error(`${walked} has no property "${field}" (properties: ${known})`);
      }
      node = this.flatten(next);
      walked += `.${field}`;
    }
    if (!(fact in node)) {
      const keywords = Object.keys(node)
        .filter((key) => /^(min|max|default|multipleOf|enum|const|pattern|format)/.test(key))
        .join(', ');
      throw new Error(`${walked} has no "${fact}" (it has: ${keywords || 'no constraint'})`);
    }
    return node[fact];
  }

  /** A schema with its references resolved and its `allOf` parts merged (as the API pages merge them). */
  flatten(schema: unknown): OpenApiNode {
    return flatten(this.spec, schema);
  }

  /** The server URL an example shows: the operation's own first server, else the API's. */
  serverFor(operationId: string): string {
    return serverOf(this.spec, this.operations.get(operationId)!.operation);
  }

  /** Checks an example call and returns a list of problems (empty when it is valid). */
  check(call: ApiCall): string[] {
    return this.checkDetailed(call).map((problem) => problem.text);
  }

  /**
   * The problems of check, each also with where it is: `location` is `operation`, `path/<name>`,
   * `query/<name>`, `body` or `response` followed by the JSON pointer of the value at fault.
   * The MCP server's validate tool answers with these.
   */
  checkDetailed(call: ApiCall): ApiProblem[] {
    const entry = this.operations.get(call.operation);
    if (!entry)
      return [{location: 'operation', message: 'unknown operation', text: `unknown operation "${call.operation}"`}];
    const problems: ApiProblem[] = [];
    const add = (location: string, message: string, text: string) => problems.push({location, message, text});
    const {operation, parameters} = entry;
    for (const location of ['path', 'query'] as const) {
      const given = call[location] ?? {};
      const declared = parameters.filter((p) => p.in === location);
      for (const name of Object.keys(given)) {
        const parameter = declared.find((p) => p.name === name);
        const at = `${location}/${escapePointer(name)}`;
        if (!parameter) {
          add(
            at,
            'is not a parameter of this operation',
            `${location} parameter "${name}" is not defined for ${call.operation}`,
          );
          continue;
        }
        for (const problem of this.validateDetailed(parameter.schema ?? {}, given[name])) {
          add(
            `${at}${problem.pointer}`,
            problem.message,
            `${location} parameter "${name}" ${problem.text.replace('(root): ', '')}`,
          );
        }
      }
      for (const parameter of declared) {
        if (parameter.required && !(parameter.name in given))
          add(
            `${location}/${escapePointer(parameter.name)}`,
            'is required',
            `missing ${location} parameter "${parameter.name}"`,
          );
      }
    }
    const declaredHeaders = parameters.filter((p) => p.in === 'header');
    for (const [name, value] of Object.entries(call.headers ?? {})) {
      const parameter = declaredHeaders.find((p) => p.name.toLowerCase() === name.toLowerCase());
      const at = `header/${escapePointer(name)}`;
      if (!parameter) {
        add(at, 'is not a header parameter of this operation', `header "${name}" is not defined for ${call.operation}`);
        continue;
      }
      if (parameter.name !== name)
        add(at, `is spelled ${parameter.name}`, `header "${name}" is spelled "${parameter.name}" in the OpenAPI file`);
      if (typeof value !== 'string') {
        add(at, 'must be a string', `header "${name}" must be a string`);
        continue;
      }
      if (isShellExpansion(value)) continue;
      for (const problem of this.validateDetailed(parameter.schema ?? {}, value)) {
        add(`${at}${problem.pointer}`, problem.message, `header "${name}" ${problem.text.replace('(root): ', '')}`);
      }
    }
    const requestBody = this.resolve<OpenApiNode | undefined>(operation.requestBody);
    const contentType = this.requestContentType(call.operation);
    const requestSchema = contentType === undefined ? undefined : requestBody?.content?.[contentType]?.schema;
    if (call.body !== undefined) {
      if (!requestSchema)
        add('body', 'this operation takes no JSON request body', `${call.operation} takes no JSON request body`);
      else
        for (const problem of this.validateDetailed(requestSchema, call.body))
          add(`body${problem.pointer}`, problem.message, `body ${problem.text}`);
    } else if (requestBody?.required) {
      add('body', 'a request body is required', `${call.operation} requires a request body`);
    }
    if (call.status !== undefined || call.response !== undefined) {
      const status = String(call.status ?? Object.keys(operation.responses).find((code) => code.startsWith('2')));
      const response = this.resolve<OpenApiNode | undefined>(operation.responses?.[status]);
      if (!response) {
        add('status', `the operation has no ${status} response`, `${call.operation} has no ${status} response`);
      } else if (call.response !== undefined) {
        const schema =
          response.content?.['application/json']?.schema ?? response.content?.['application/problem+json']?.schema;
        if (!schema)
          add(
            'response',
            `the ${status} response has no JSON body`,
            `the ${status} response of ${call.operation} has no JSON body`,
          );
        else
          for (const problem of this.validateDetailed(schema, call.response, 'response'))
            add(`response${problem.pointer}`, problem.message, `response ${problem.text}`);
      }
    }
    return problems;
  }

  /**
   * The media type of an operation's JSON request body: `application/json`, or another JSON type
   * such as `application/merge-patch+json` (PATCH); undefined without a body.
   */
  requestContentType(operationId: string): string | undefined {
    return requestMediaType(this.resolve(this.operations.get(operationId)?.operation.requestBody)?.content);
  }

  /** Method, full URL (path parameters filled in) and reference page of an example call. */
  describe(call: ApiCall): CallDescription {
    const {method, route, parameters} = this.operations.get(call.operation)!;
    // A path parameter the call lacks shows as its URL-encoded `{name}` (the MCP tool's answer names it).
    const pathParams = Object.fromEntries(
      parameters.filter((p) => p.in === 'path').map(({name}) => [name, call.path?.[name] ?? `{${name}}`]),
    );
    return {
      method: method.toUpperCase(),
      contentType: this.requestContentType(call.operation),
      url: requestUrl({server: this.serverFor(call.operation), path: route, pathParams, query: call.query}),
      // Relative to the docs' base URL, as <Link> takes it.
      page: operationPagePath(call.operation, '/'),
    };
  }
}
