// Looks up operations in the bundled OpenAPI file and validates example requests and responses
// against its schemas, so that the API examples in the guides cannot drift from the API.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import kebabCase from 'lodash/kebabCase.js';
import {deref, mergeAllOf} from '../api-reference/schema.mjs';
import {hiddenMarker, schemaForDirection} from './schema-direction.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_BUNDLE = path.join(root, 'generated/static/openapi.json');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const SPEC_ID = {request: 'tributary-openapi-request', response: 'tributary-openapi-response'};

/** Points the bundle's local `#/components/...` references at the spec registered for `direction`. */
function retarget(schema, direction) {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${SPEC_ID[direction]}#/`));
}

/** The `$ref`s used as `allOf` members anywhere in `node`: their targets also get an open copy. */
function allOfRefs(node, found = new Set()) {
  if (Array.isArray(node)) node.forEach((item) => allOfRefs(item, found));
  else if (node && typeof node === 'object') {
    for (const member of Array.isArray(node.allOf) ? node.allOf : []) if (member?.$ref) found.add(member.$ref);
    Object.values(node).forEach((value) => allOfRefs(value, found));
  }
  return found;
}

const OPEN_SCHEMAS = 'x-open-schemas';
const openRef = (ref) => ref.replace(/^#\/components\/schemas\//, `#/components/${OPEN_SCHEMAS}/`);
/**
 * Ajv errors as problems: `pointer` is the JSON pointer of the value at fault (for a missing or
 * unknown property, the property itself), `text` the one-line message the guides' checks print.
 */
function describeErrors(errors) {
  return (errors ?? []).map((error) => {
    const where = error.instancePath || '(root)';
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
        message: error.message,
        text: `${where}: ${error.message}`,
      };
    }
    const message =
      error.keyword === 'enum' ? `must be one of ${error.params.allowedValues.join(', ')}` : error.message;
    return {pointer: error.instancePath, message, text: `${where}: ${message}`};
  });
}

const escapePointer = (name) => String(name).replaceAll('~', '~0').replaceAll('/', '~1');

export class OpenApiIndex {
  constructor(spec) {
    this.spec = spec;
    this.operations = new Map();
    for (const [route, item] of Object.entries(spec.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation?.operationId) continue;
        const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => this.resolve(p));
        this.operations.set(operation.operationId, {method, route, operation, parameters});
      }
    }
    this.ajv = new Ajv2020({strict: false, allErrors: true, validateFormats: true});
    addFormats(this.ajv);
    // Examples are checked strictly (see schemaForDirection): no unknown field, no read-only field
    // in a request, no secret in a response.
    const schemas = spec.components?.schemas ?? {};
    const open = {};
    for (const ref of allOfRefs(spec)) {
      const name = ref.replace(/^#\/components\/schemas\//, '');
      if (name !== ref && schemas[name]) open[name] = schemas[name];
    }
    for (const direction of ['request', 'response']) {
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
  directionOptions(direction) {
    const marker = hiddenMarker(direction);
    return {
      strict: true,
      openRef,
      isHidden: (property) => Boolean(property?.[marker] || this.resolve(property)?.[marker]),
    };
  }

  static load(file = DEFAULT_BUNDLE) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      throw new Error(`The OpenAPI bundle ${file} is missing. Run "npm run api:bundle" first.`);
    }
    return new OpenApiIndex(JSON.parse(text));
  }

  resolve(node) {
    let current = node;
    while (current?.$ref) {
      current = current.$ref
        .replace(/^#\//, '')
        .split('/')
        .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
        .reduce((value, key) => value?.[key], this.spec);
    }
    return current;
  }

  /** Validates `value` against `schema` as a request (default) or a response payload. */
  validate(schema, value, direction = 'request') {
    return this.validateDetailed(schema, value, direction).map((problem) => problem.text);
  }

  /** Like validate, with each problem's JSON pointer and message apart (see describeErrors). */
  validateDetailed(schema, value, direction = 'request') {
    const key = `${direction}:${JSON.stringify(schema)}`;
    let validator = this.validators.get(key);
    if (!validator) {
      validator = this.ajv.compile(
        retarget(schemaForDirection(schema, direction, this.directionOptions(direction)), direction),
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
  schemaFact(of, fact) {
    const [schemaName, ...fields] = String(of ?? '').split('.');
    const schemas = this.spec.components?.schemas ?? {};
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
  flatten(schema) {
    const {node} = deref(this.spec, schema);
    return node?.allOf ? mergeAllOf(this.spec, node) : (node ?? {});
  }

  /** The server URL an example shows: the operation's own first server, else the API's. */
  serverFor(operationId) {
    const {operation} = this.operations.get(operationId);
    return (operation.servers ?? this.spec.servers)[0].url;
  }

  /**
   * Checks an example call and returns a list of problems (empty when it is valid).
   * @param {{operation: string, path?: object, query?: object, body?: unknown, status?: number, response?: unknown}} call
   */
  check(call) {
    return this.checkDetailed(call).map((problem) => problem.text);
  }

  /**
   * The problems of check, each also with where it is: `location` is `operation`, `path/<name>`,
   * `query/<name>`, `body` or `response` followed by the JSON pointer of the value at fault.
   * The MCP server's validate tool answers with these.
   */
  checkDetailed(call) {
    const entry = this.operations.get(call.operation);
    if (!entry)
      return [{location: 'operation', message: 'unknown operation', text: `unknown operation "${call.operation}"`}];
    const problems = [];
    const add = (location, message, text) => problems.push({location, message, text});
    const {operation, parameters} = entry;
    for (const location of ['path', 'query']) {
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
    const requestBody = this.resolve(operation.requestBody);
    const requestSchema = requestBody?.content?.[this.requestContentType(call.operation)]?.schema;
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
      const response = this.resolve(operation.responses?.[status]);
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
  requestContentType(operationId) {
    const content = this.resolve(this.operations.get(operationId)?.operation.requestBody)?.content ?? {};
    return 'application/json' in content
      ? 'application/json'
      : Object.keys(content).find((type) => type.endsWith('+json'));
  }

  /** Method, full URL (path parameters filled in) and reference page of an example call. */
  describe(call) {
    const {method, route} = this.operations.get(call.operation);
    const filled = route.replace(/\{([^}]+)\}/g, (_, name) =>
      encodeURIComponent(String(call.path?.[name] ?? `{${name}}`)),
    );
    const query = new URLSearchParams(Object.entries(call.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
    return {
      method: method.toUpperCase(),
      contentType: this.requestContentType(call.operation),
      url: `${this.serverFor(call.operation)}${filled}${query ? `?${query}` : ''}`,
      // The API reference generator names each page with lodash's kebabCase of the operationId.
      page: `/api/${kebabCase(call.operation)}`,
    };
  }
}
