// The API's schemas as plain JSON Schema: what a validator without OpenAPI's readOnly/writeOnly
// semantics sees (Ajv alone, Prism-style mocks and sandboxes, code generators). Every request
// example must validate against its request schema and every response example against its response
// schema with the markers left as they are, so no read-only field may be required in a request
// schema and no write-only field in a response schema: a resource whose two directions differ has a
// `<Name>Create` request schema that its response schema extends (openapi/CONVENTIONS.md). The
// site's own checks (openapi.test.mts) read the markers, and refuse unknown fields besides.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import type {ValidateFunction} from 'ajv';
import addFormats from 'ajv-formats';
import {flatten, operationsOf, resolve, type OpenApiNode} from '../../src/lib/openapi/index.ts';
import {loadSpec} from '../../src/lib/openapi/load.ts';

/**
 * Request schemas still shared with the responses, whole or in the objects nested in their
 * properties (`OriginPatch.shield` is an `OriginShield`), whose `required` lists read-only fields.
 * Validators that read `readOnly` on an object's own
 * properties, Prism among them, accept their requests; plain JSON Schema does not. Only these are
 * checked that way, and never through `oneOf`, `anyOf` or `allOf`, which Prism does not follow
 * (https://github.com/stoplightio/prism/issues/1941). Split one as `CertificateCreate` is split from
 * `Certificate`, and remove it here.
 */
const SHARED_REQUEST_SCHEMAS = [
  'AccessToken',
  'AccountProvider',
  'AccountProviderCommitment',
  'Behavior',
  'ComputeDeployment',
  'Domain',
  'ExtendedStats',
  'GeoRestrictionRule',
  'HealthCheck',
  'Invitation',
  'LoadBalancer',
  'LoadBalancerCustomRule',
  'Origin',
  'OriginPatch',
  'OriginSet',
  'PerformanceCheck',
  'ProtocolConfig',
  'RequestLogEndpoint',
  'RequestLogEndpointPatch',
  'RequestLogRule',
  'Service',
  'ServiceConfigVersion',
  'ServiceProvider',
  'SsoSettings',
  'TrafficPolicy',
  'UrlSigningKey',
  'UrlSigningKeyGeneration',
  'User',
  'UserComputeFunction',
  'UserComputeFunctionPatch',
  'WafCustomRule',
  'WafCustomRuleset',
  'WafLoggingDestination',
  'WafManagedConfig',
  'WafManagedRuleset',
  'WafRateLimit',
  'WafSettings',
];

const spec = loadSpec();
const schemas: Record<string, OpenApiNode> = spec.components?.schemas ?? {};
const SPEC_ID = 'tributary-openapi-plain';
const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;
const LENIENT = 'x-read-only-aware';

/**
 * `node` as a validator that reads `readOnly` on properties sees a request: a read-only property is
 * not required, in this object and in those reached through `properties` and `items` (other
 * components are followed to their copy under `LENIENT`); `oneOf`, `anyOf`, `allOf` and every other
 * keyword stay plain.
 */
function readOnlyAware(node: OpenApiNode): OpenApiNode {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const out: OpenApiNode = {...node};
  const target = typeof node.$ref === 'string' ? node.$ref.match(SCHEMA_REF)?.[1] : undefined;
  if (target) out.$ref = `#/components/${LENIENT}/${target}`;
  if (node.properties) {
    out.properties = Object.fromEntries(
      Object.entries<OpenApiNode>(node.properties).map(([name, property]) => [name, readOnlyAware(property)]),
    );
    if (Array.isArray(node.required)) {
      out.required = node.required.filter(
        (name: string) => !(node.properties[name]?.readOnly || resolve<OpenApiNode>(spec, node.properties[name])?.readOnly),
      );
    }
  }
  if (node.items) out.items = readOnlyAware(node.items);
  return out;
}

const ajv = new Ajv2020({strict: false, allErrors: true, validateFormats: true});
addFormats(ajv);
// The schemas untouched (no readOnly property removed, no `required` filtered), and the read-only
// aware copies that SHARED_REQUEST_SCHEMAS use.
const lenient = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, readOnlyAware(schema)]));
ajv.addSchema({$id: SPEC_ID, components: {...spec.components, [LENIENT]: lenient}});

const validators = new Map<string, ValidateFunction>();
function validatorOf(schema: OpenApiNode): ValidateFunction {
  const text = JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${SPEC_ID}#/`);
  let validator = validators.get(text);
  if (!validator) {
    validator = ajv.compile(JSON.parse(text));
    validators.set(text, validator);
  }
  return validator;
}

interface Media {
  schema?: OpenApiNode;
  examples?: Record<string, unknown>;
}

/** The schema a request body is checked against: its own, or the read-only aware copy of a shared one. */
function requestSchema(schema: OpenApiNode): OpenApiNode {
  const name = typeof schema.$ref === 'string' ? schema.$ref.match(SCHEMA_REF)?.[1] : undefined;
  return name && SHARED_REQUEST_SCHEMAS.includes(name) ? {$ref: `#/components/${LENIENT}/${name}`} : schema;
}

/** The named examples of each media type of `content` that fail their schema, one line per error. */
function check(where: string, content: Record<string, Media> | undefined, request: boolean): {checked: number; problems: string[]} {
  let checked = 0;
  const problems: string[] = [];
  for (const [type, media] of Object.entries(content ?? {})) {
    if (!media.schema) continue;
    const validate = validatorOf(request ? requestSchema(media.schema) : media.schema);
    for (const [name, example] of Object.entries(media.examples ?? {})) {
      const {value} = resolve<{value?: unknown}>(spec, example);
      if (value === undefined) continue;
      checked += 1;
      if (validate(value)) continue;
      for (const error of validate.errors ?? []) {
        const detail = error.keyword === 'required' ? '' : ` ${JSON.stringify(error.params)}`;
        problems.push(`${where} ${type} ${name}: ${error.instancePath || '(root)'} ${error.message}${detail}`);
      }
    }
  }
  return {checked, problems};
}

/** Every operation, and every webhook (whose body Tributary sends), by id. */
function operations(): Array<{id: string; operation: OpenApiNode}> {
  const found = operationsOf(spec).map(({operationId, operation}) => ({id: operationId, operation}));
  for (const [name, item] of Object.entries(spec.webhooks ?? {})) {
    for (const [method, operation] of Object.entries(resolve<Record<string, OpenApiNode>>(spec, item))) {
      if (operation?.responses) found.push({id: `webhook ${name} ${method}`, operation});
    }
  }
  return found;
}

/** The component names of the request body schemas. */
function requestBodySchemas(): Set<string> {
  const names = new Set<string>();
  for (const {operation} of operations()) {
    const body = resolve<{content?: Record<string, Media>} | undefined>(spec, operation.requestBody);
    for (const media of Object.values(body?.content ?? {})) {
      const name = media.schema?.$ref?.match(SCHEMA_REF)?.[1];
      if (name) names.add(name);
    }
  }
  return names;
}

test('every request example validates against its request schema as plain JSON Schema', () => {
  let checked = 0;
  const problems: string[] = [];
  for (const {id, operation} of operations()) {
    const body = resolve<{content?: Record<string, Media>} | undefined>(spec, operation.requestBody);
    if (!body) continue;
    const result = check(`${id} request`, body.content, true);
    checked += result.checked;
    problems.push(...result.problems);
  }
  assert.deepEqual(problems, [], 'request examples that a plain validator refuses');
  assert.ok(checked > 100, `only ${checked} request examples checked`);
});

test('every response example validates against its response schema as plain JSON Schema', () => {
  let checked = 0;
  const problems: string[] = [];
  for (const {id, operation} of operations()) {
    for (const [status, response] of Object.entries<unknown>(operation.responses ?? {})) {
      const result = check(`${id} ${status}`, resolve<{content?: Record<string, Media>}>(spec, response).content, false);
      checked += result.checked;
      problems.push(...result.problems);
    }
  }
  assert.deepEqual(problems, [], 'response examples that a plain validator refuses');
  assert.ok(checked > 1000, `only ${checked} response examples checked`);
});

/**
 * Where a payload of `schema` must carry a field that is `marker` (`readOnly` for a request,
 * `writeOnly` for a response): `Certificate > oneOf CertificateImported: private_key_pem`. Objects
 * reached only through properties and items are left out when `lenient` (SHARED_REQUEST_SCHEMAS).
 */
function requiredAgainstDirection(
  schema: unknown,
  marker: 'readOnly' | 'writeOnly',
  lenient: boolean,
  trail = 'body',
  seen = new Set<unknown>(),
): string[] {
  const node = resolve<OpenApiNode>(spec, schema);
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  const merged = flatten(spec, node);
  const properties: Record<string, OpenApiNode> = merged.properties ?? {};
  const marked = (property: OpenApiNode | undefined) =>
    Boolean(property?.[marker] || resolve<OpenApiNode>(spec, property)?.[marker]);
  const found = lenient
    ? []
    : (merged.required ?? [])
        .filter((name: string) => marked(properties[name]))
        .map((name: string) => `${trail}: ${name}`);
  const name = (child: unknown) => (child as OpenApiNode)?.$ref?.split('/').pop() ?? '(inline)';
  for (const [key, property] of Object.entries(properties)) {
    if (!marked(property)) found.push(...requiredAgainstDirection(property, marker, lenient, `${trail}.${key}`, seen));
  }
  if (merged.items) found.push(...requiredAgainstDirection(merged.items, marker, lenient, `${trail}[]`, seen));
  for (const kind of ['oneOf', 'anyOf'] as const) {
    for (const option of merged[kind] ?? []) {
      found.push(...requiredAgainstDirection(option, marker, false, `${trail} > ${kind} ${name(option)}`, seen));
    }
  }
  return found;
}

test('no request schema requires a read-only field and no response schema a write-only one, in any variant', () => {
  const problems: string[] = [];
  for (const {id, operation} of operations()) {
    const body = resolve<{content?: Record<string, Media>} | undefined>(spec, operation.requestBody);
    for (const media of Object.values(body?.content ?? {})) {
      const name = media.schema?.$ref?.match(SCHEMA_REF)?.[1];
      const lenient = Boolean(name && SHARED_REQUEST_SCHEMAS.includes(name));
      // A webhook's body is what Tributary sends: a response to the reader.
      const marker = id.startsWith('webhook ') ? 'writeOnly' : 'readOnly';
      problems.push(...requiredAgainstDirection(media.schema, marker, lenient).map((where) => `${id} request ${where}`));
    }
    for (const [status, response] of Object.entries<unknown>(operation.responses ?? {})) {
      for (const media of Object.values(resolve<{content?: Record<string, Media>}>(spec, response).content ?? {})) {
        problems.push(...requiredAgainstDirection(media.schema, 'writeOnly', false).map((where) => `${id} ${status} ${where}`));
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('SHARED_REQUEST_SCHEMAS lists request body schemas that require a read-only field, and no other', () => {
  const bodies = requestBodySchemas();
  assert.deepEqual(
    SHARED_REQUEST_SCHEMAS.filter((name) => !bodies.has(name) || !requiresReadOnly(schemas[name])),
    [],
    'listed, but no longer a request body that requires a read-only field: remove them from the list',
  );
});

/** Whether `node`, or an object reached through its properties and items, requires a read-only field. */
function requiresReadOnly(node: OpenApiNode, seen = new Set<OpenApiNode>()): boolean {
  const schema = resolve<OpenApiNode>(spec, node);
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return false;
  seen.add(schema);
  const properties: Record<string, OpenApiNode> = schema.properties ?? {};
  if ((schema.required ?? []).some((name: string) => resolve<OpenApiNode>(spec, properties[name])?.readOnly || properties[name]?.readOnly)) return true;
  return [...Object.values(properties), ...(schema.items ? [schema.items] : [])].some((child) => requiresReadOnly(child, seen));
}
