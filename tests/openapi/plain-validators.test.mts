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

const spec = loadSpec();
const SPEC_ID = 'tributary-openapi-plain';

const ajv = new Ajv2020({strict: false, allErrors: true, validateFormats: true});
addFormats(ajv);
// The schemas untouched: no readOnly property removed, no `required` filtered.
ajv.addSchema({$id: SPEC_ID, components: spec.components});

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

/** The named examples of each media type of `content` that fail their schema, one line per error. */
function check(where: string, content: Record<string, Media> | undefined): {checked: number; problems: string[]} {
  let checked = 0;
  const problems: string[] = [];
  for (const [type, media] of Object.entries(content ?? {})) {
    if (!media.schema) continue;
    const validate = validatorOf(media.schema);
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

test('every request example validates against its request schema as plain JSON Schema', () => {
  let checked = 0;
  const problems: string[] = [];
  for (const {id, operation} of operations()) {
    const body = resolve<{content?: Record<string, Media>} | undefined>(spec, operation.requestBody);
    if (!body) continue;
    const result = check(`${id} request`, body.content);
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
      const result = check(`${id} ${status}`, resolve<{content?: Record<string, Media>}>(spec, response).content);
      checked += result.checked;
      problems.push(...result.problems);
    }
  }
  assert.deepEqual(problems, [], 'response examples that a plain validator refuses');
  assert.ok(checked > 1000, `only ${checked} response examples checked`);
});

/**
 * Where a payload of `schema` must carry a field that is `marker` (`readOnly` for a request,
 * `writeOnly` for a response): `Certificate > oneOf CertificateImported: private_key_pem`, at any
 * depth (properties, items, variants).
 */
function requiredAgainstDirection(
  schema: unknown,
  marker: 'readOnly' | 'writeOnly',
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
  const found = (merged.required ?? [])
        .filter((name: string) => marked(properties[name]))
        .map((name: string) => `${trail}: ${name}`);
  const name = (child: unknown) => (child as OpenApiNode)?.$ref?.split('/').pop() ?? '(inline)';
  for (const [key, property] of Object.entries(properties)) {
    if (!marked(property)) found.push(...requiredAgainstDirection(property, marker, `${trail}.${key}`, seen));
  }
  if (merged.items) found.push(...requiredAgainstDirection(merged.items, marker, `${trail}[]`, seen));
  for (const kind of ['oneOf', 'anyOf'] as const) {
    for (const option of merged[kind] ?? []) {
      found.push(...requiredAgainstDirection(option, marker, `${trail} > ${kind} ${name(option)}`, seen));
    }
  }
  return found;
}

test('no request schema requires a read-only field and no response schema a write-only one, in any variant', () => {
  const problems: string[] = [];
  for (const {id, operation} of operations()) {
    const body = resolve<{content?: Record<string, Media>} | undefined>(spec, operation.requestBody);
    for (const media of Object.values(body?.content ?? {})) {
      // A webhook's body is what Tributary sends: a response to the reader.
      const marker = id.startsWith('webhook ') ? 'writeOnly' : 'readOnly';
      problems.push(...requiredAgainstDirection(media.schema, marker).map((where) => `${id} request ${where}`));
    }
    for (const [status, response] of Object.entries<unknown>(operation.responses ?? {})) {
      for (const media of Object.values(resolve<{content?: Record<string, Media>}>(spec, response).content ?? {})) {
        problems.push(...requiredAgainstDirection(media.schema, 'writeOnly').map((where) => `${id} ${status} ${where}`));
      }
    }
  }
  assert.deepEqual(problems, []);
});
