// What an API page must show of its schemas, for the schema-completeness test: every keyword that
// limits or describes a value, at any depth, and the row that must show it. The spec is walked on
// its own: a `$ref` with keywords beside it is its target with those keywords, allOf is merged,
// read-only fields are left out of requests and write-only ones out of responses, a nested resource
// object is left to its own page, and the keywords of array items belong to the row of the array.
import {
  deref,
  isHidden,
  isJsonMedia,
  mergeAllOf,
  type Direction,
  type OpenApiNode,
} from '../../src/lib/openapi/index.ts';
import {commonResponseHeaders} from './responses.mts';
import {listObjects, objectOf} from './objects.mts';
import type {listOperations} from './operations.mts';
import {childPath, type Row} from './rendered-rows.mts';

/** A keyword a row must show, and how each rendering shows it. */
export interface Expectation {
  /** The label of the <ApiSchema> or <ApiParameters> that shows it, such as "Request body". */
  section: string;
  /** The row: `name`, `results[].id`, `config.<name>`; '' for the schema itself. */
  path: string;
  what: string;
  html: (row: Row) => boolean;
  twin: (row: Row) => boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A number as a word of its own: 8 in "8 to 2048", not in "18" or "8.5". */
const hasNumber = (text: string, value: number) =>
  new RegExp(`(?<![\\w.])${escapeRegExp(String(value))}(?![\\w]|\\.\\d)`).test(text);
/** A value as both renderings write it: a string as itself (the HTML quotes it), anything else as JSON. */
const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const hasValue = (value: unknown) => (row: Row) => row.text.includes(valueText(value));
const flag = (html: string, twin: RegExp) => ({
  html: (row: Row) => row.flags.some((text) => text.startsWith(html)),
  twin: (row: Row) => twin.test(row.text),
});

/** The expectations of one schema node's own keywords (those that say nothing, such as `minLength: 0`, left out). */
function keywordExpectations(schema: OpenApiNode, direction: Direction): Omit<Expectation, 'section' | 'path'>[] {
  const found: Omit<Expectation, 'section' | 'path'>[] = [];
  const add = (what: string, checks: Pick<Expectation, 'html' | 'twin'>) => found.push({what, ...checks});
  if (schema.deprecated === true) add('deprecated', flag('deprecated', /\bDeprecated\b/));
  if (schema.readOnly === true && direction === 'response') add('readOnly', flag('read-only', /\bRead-only\b/));
  if (schema.writeOnly === true && direction === 'request') add('writeOnly', flag('write-only', /\bWrite-only\b/));
  for (const keyword of [
    'minLength',
    'maxLength',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'minItems',
    'maxItems',
  ]) {
    const value = schema[keyword];
    if (typeof value !== 'number' || ((keyword === 'minLength' || keyword === 'minItems') && value === 0)) continue;
    const check = (row: Row) => hasNumber(row.text, value);
    add(`${keyword} ${value}`, {html: check, twin: check});
  }
  if (typeof schema.pattern === 'string') {
    const check = (row: Row) => row.text.includes(schema.pattern);
    add(`pattern ${schema.pattern}`, {html: check, twin: check});
  }
  for (const value of Array.isArray(schema.enum) ? schema.enum : []) {
    add(`enum value ${JSON.stringify(value)}`, {html: hasValue(value), twin: hasValue(value)});
  }
  if ('default' in schema)
    add(`default ${JSON.stringify(schema.default)}`, {html: hasValue(schema.default), twin: hasValue(schema.default)});
  if ('const' in schema)
    add(`const ${JSON.stringify(schema.const)}`, {html: hasValue(schema.const), twin: hasValue(schema.const)});
  if (schema.uniqueItems === true) {
    const check = (row: Row) => /\bunique\b/i.test(row.text);
    add('uniqueItems', {html: check, twin: check});
  }
  if (typeof schema.format === 'string') {
    const check = (row: Row) => row.text.includes(schema.format);
    add(`format ${schema.format}`, {html: check, twin: check});
  }
  return found;
}
interface WalkOptions {
  /** Where the node is: `a.b`, `a[]` for the items of `a`. */
  path?: string;
  /** The row that shows its keywords: its own, or for items and shapes their property's. */
  row?: string;
  prune?: boolean;
  /** The components above it, to stop at a cycle. */
  trail?: string[];
  root?: boolean;
}

/** The page's truth: every keyword of every node a section shows, and the row that must show it. */
export class Expectations {
  readonly list: Expectation[] = [];
  private readonly objects: Set<string>;

  constructor(private readonly spec: OpenApiNode) {
    this.objects = new Set(listObjects(spec).map((object) => object.name));
  }

  /** A schema node as OpenAPI 3.1 reads it: the target of its `$ref` with the keywords beside it, allOf merged. */
  private resolve(node: unknown): {schema: OpenApiNode; name?: string} {
    const {node: target, name} = deref(this.spec, node ?? {});
    const {$ref, ...siblings} = (node ?? {}) as OpenApiNode;
    const schema: OpenApiNode = $ref ? {...target, ...siblings} : target;
    return {schema: schema.allOf ? mergeAllOf(this.spec, schema) : schema, name};
  }

  /**
   * The keywords of `node` (at `path`, shown in the row `row`) and of everything under it. With
   * `prune`, a nested resource object is its page's to describe: its own keywords only.
   */
  schema(
    section: string,
    node: unknown,
    direction: Direction,
    {path = '', row = path, prune = false, trail = [], root = true}: WalkOptions = {},
  ): void {
    const {schema, name} = this.resolve(node);
    if (name && trail.includes(name)) return; // a cycle: "Same structure as its parent"
    for (const expectation of keywordExpectations(schema, direction))
      this.list.push({section, path: row, ...expectation});
    if (!root && prune && name && this.objects.has(name)) return;
    const next = {direction, prune, trail: name ? [...trail, name] : trail, root: false};
    for (const [property, child] of Object.entries<OpenApiNode>(schema.properties ?? {})) {
      if (isHidden(this.spec, child, direction)) continue;
      const at = childPath(path, property);
      this.schema(section, child, direction, {...next, path: at, row: at});
    }
    const extra = schema.additionalProperties;
    if (extra && typeof extra === 'object' && Object.keys(extra).length) {
      const at = childPath(path, '<name>');
      this.schema(section, extra, direction, {...next, path: at, row: at});
    }
    // The items of an array, and the shapes of a oneOf/anyOf, are shown in the row of their property.
    if (schema.items) this.schema(section, schema.items, direction, {...next, path: `${path}[]`, row});
    for (const option of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
      this.schema(section, option, direction, {...next, path, row});
    }
  }

  /** A parameter or header: its own `deprecated`, and the keywords of its schema, in its row. */
  parameter(section: string, name: string, parameter: OpenApiNode, direction: Direction): void {
    if (parameter.deprecated)
      this.list.push({section, path: name, what: 'deprecated', ...flag('deprecated', /\bDeprecated\b/)});
    this.schema(section, parameter.schema ?? {}, direction, {path: name});
  }

  /** What an operation page shows: parameters, request body, and the responses not shared or linked. */
  operation(entry: ReturnType<typeof listOperations>[number]): void {
    const {operation, parameters} = entry;
    for (const parameter of parameters) {
      const location = `${parameter.in[0].toUpperCase()}${parameter.in.slice(1)}`;
      this.parameter(`${location} parameters`, parameter.name, parameter, 'request');
    }
    const requestBody = deref(this.spec, operation.requestBody ?? {}).node;
    for (const [type, media] of Object.entries<OpenApiNode>(requestBody?.content ?? {})) {
      if (isJsonMedia(type)) this.schema('Request body', media.schema ?? {}, 'request');
    }
    const common = commonResponseHeaders(this.spec);
    for (const [status, raw] of Object.entries<OpenApiNode>(operation.responses ?? {})) {
      // Errors shared through components/responses are one table row each; their schema is the overview's.
      if ((/^[45]/.test(status) || status === 'default') && /^#\/components\/responses\//.test(raw.$ref ?? ''))
        continue;
      const response = deref(this.spec, raw).node;
      for (const [name, header] of Object.entries<OpenApiNode>(response.headers ?? {})) {
        if (!common.has(name)) {
          this.parameter(`Headers of the ${status} response`, name, deref(this.spec, header).node, 'response');
        }
      }
      for (const [type, media] of Object.entries<OpenApiNode>(response.content ?? {})) {
        if (!isJsonMedia(type)) continue;
        // A 2xx body that is a resource object is a link to its page, which shows its fields.
        const ref = media.schema?.$ref?.match(/^#\/components\/schemas\/([^/]+)$/)?.[1];
        if (/^2/.test(status) && objectOf(this.spec, ref)) continue;
        this.schema(`${status} response body`, media.schema ?? {}, 'response', {prune: true});
      }
    }
  }
}
