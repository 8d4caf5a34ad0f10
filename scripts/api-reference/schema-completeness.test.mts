// Issue 42: every keyword of a schema that limits or describes a value (deprecated, lengths, pattern,
// bounds, enum, default, item counts, uniqueness, format, read-only, write-only, const) is shown, at
// any depth and on array items, on every operation page and object page AND in its Markdown twin.
//
// The spec is walked here on its own (a `$ref` with keywords beside it is its target with those
// keywords, allOf merged, readOnly fields out of requests and writeOnly ones out of responses, a
// nested resource object left to its own page), and each keyword found is looked for, in its
// rendered form, in the row of its property: in the HTML that <ApiSchema> and <ApiParameters>
// render from the props the generator writes into the page (./reference.mts, the build's own), and
// in the Markdown twin that plugins/llms-txt writes from the bundle. The keywords of array items are
// looked for in the row of the array.
import {before, test} from 'node:test';
import assert from 'node:assert/strict';
import rehypeParse from 'rehype-parse';
import {unified} from 'unified';
import type {Element, Nodes} from 'hast';
import {
  deref,
  isHidden,
  isJsonMedia,
  mergeAllOf,
  type Direction,
  type OpenApiNode,
} from '../../src/lib/openapi/index.ts';
import {loadSpec} from '../../src/lib/openapi/load.ts';
import {ApiMarkdown} from '../../plugins/llms-txt/openapi-markdown.mts';
import {commonResponseHeaders} from './responses.mts';
import {listObjects, objectOf} from './objects.mts';
import {listOperations} from './operations.mts';
import {SCHEMA_DATA_DIR} from './page-schemas.mts';
import {buildReference} from './reference.mts';
import {loadApiComponents, type ApiComponents} from './static-render.mts';

const SITE = {siteUrl: 'https://docs.tributary.example', baseUrl: '/docs/'};

/** A rendered row: its text, and (HTML only) the texts of its badges ("required", "deprecated"…). */
interface Row {
  text: string;
  flags: string[];
}
type Rows = Map<string, Row[]>;

/** A keyword a row must show, and how each rendering shows it. */
interface Expectation {
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

/** Where the fields of a node's property `name` are: `a.b`, `a[].b`, `(root).<name>` for any key of the root. */
const childPath = (path: string, name: string) =>
  path ? `${path}.${name}` : name === '<name>' ? '(root).<name>' : name;

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
class Expectations {
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

// The rendered pages: rows by section label, then by path.

const isElement = (node: Nodes): node is Element => node.type === 'element';
const classes = (node: Element): string[] =>
  Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];
const hasClass = (node: Nodes, name: string): node is Element => isElement(node) && classes(node).includes(name);
const children = (node: Nodes): Nodes[] => ('children' in node ? node.children : []);

/** The text of a node and its badges, leaving out the nodes `skip` says (the fields below a row). */
function rowOf(node: Nodes, skip: (node: Nodes) => boolean): Row {
  const row: Row = {text: '', flags: []};
  const visit = (current: Nodes) => {
    if (skip(current)) return;
    if (current.type === 'text') row.text += current.value;
    if (hasClass(current, 'flag') || hasClass(current, 'required')) row.flags.push(textOf(current));
    if (isElement(current) && ['p', 'div', 'li', 'td', 'th', 'summary'].includes(current.tagName)) row.text += ' ';
    children(current).forEach(visit);
  };
  visit(node);
  return row;
}
const textOf = (node: Nodes): string =>
  (node.type === 'text' ? node.value : children(node).map(textOf).join('')).trim();
const isFieldList = (node: Nodes) => hasClass(node, 'properties');

function addRow(rows: Rows, path: string, row: Row): void {
  rows.set(path, [...(rows.get(path) ?? []), row]);
}

function findAll(node: Nodes, test: (node: Element) => boolean, found: Element[] = []): Element[] {
  if (isElement(node) && test(node)) found.push(node);
  for (const child of children(node)) findAll(child, test, found);
  return found;
}

/** The rows of <ApiSchema>'s HTML: the schema's own, then one per field, by path. */
function schemaRows(html: string, rows: Rows): void {
  const tree = unified().use(rehypeParse, {fragment: true}).parse(html);
  addRow(rows, '', rowOf(tree, isFieldList));
  const visit = (node: Nodes, path: string) => {
    for (const child of children(node)) {
      if (hasClass(child, 'property')) {
        const nameNode = findAll(child, (element) => classes(element).includes('name'))[0];
        const name = nameNode ? textOf(nameNode) : '?';
        const at = childPath(path, name === '{any key}' ? '<name>' : name);
        addRow(
          rows,
          at,
          rowOf(child, (inner) => inner !== child && isFieldList(inner)),
        );
        visit(child, at);
      } else if (hasClass(child, 'items')) {
        visit(child, `${path}[]`);
      } else {
        visit(child, path);
      }
    }
  };
  visit(tree, '');
}

/** The rows of <ApiParameters>'s HTML: one per table row, by name. */
function parameterRows(html: string, rows: Rows): void {
  const tree = unified().use(rehypeParse, {fragment: true}).parse(html);
  for (const tr of findAll(tree, (element) => element.tagName === 'tr')) {
    const name = findAll(tr, (element) => element.tagName === 'code')[0];
    if (name)
      addRow(
        rows,
        textOf(name),
        rowOf(tr, () => false),
      );
  }
}

// As the generators write them: one line each, the label as a string attribute or a JSX expression.
const SCHEMA_ELEMENT = /^<ApiSchema label=\{?(".*?")\}? schema=\{pageSchemas\[(\d+)\]\} \/>$/gm;
const PARAMETERS_ELEMENT = /^<ApiParameters label=\{?(".*?")\}? parameters=\{(.*)\} \/>$/gm;

/** The rows of each section of a generated page, rendered as the site renders them. */
function pageRows(files: Map<string, string>, file: string, components: ApiComponents): Map<string, Rows> {
  const mdx = files.get(file)!;
  const data = files.get(`${SCHEMA_DATA_DIR}/${file.replace(/\.mdx$/, '')}.json`);
  const schemas: unknown[] = data ? JSON.parse(data) : [];
  const {ApiSchema, ApiParameters, createElement, renderToStaticMarkup} = components;
  const sections = new Map<string, Rows>();
  const rowsOfSection = (label: string) => {
    if (!sections.has(label)) sections.set(label, new Map());
    return sections.get(label)!;
  };
  for (const [, label, index] of mdx.matchAll(SCHEMA_ELEMENT)) {
    const props = {label: JSON.parse(label), schema: schemas[Number(index)]};
    schemaRows(renderToStaticMarkup(createElement(ApiSchema as never, props)), rowsOfSection(props.label));
  }
  for (const [, label, parameters] of mdx.matchAll(PARAMETERS_ELEMENT)) {
    const props = {label: JSON.parse(label), parameters: JSON.parse(parameters)};
    parameterRows(renderToStaticMarkup(createElement(ApiParameters as never, props)), rowsOfSection(props.label));
  }
  return sections;
}

/** The part of the twin that shows a section: `## Parameters`, `## Request body`, `## Responses`, `## Fields`. */
function twinPart(label: string): string {
  if (/ parameters$/.test(label)) return 'Parameters';
  if (label === 'Request body') return 'Request body';
  if (/response/.test(label)) return 'Responses';
  return 'Fields';
}

/** The rows of each `## ` part of a twin: table rows by their first cell, other lines as the part's own row. */
function twinRows(markdown: string): Map<string, Rows> {
  const parts = new Map<string, Rows>();
  let rows: Rows = new Map();
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    if (inCode) continue;
    const heading = line.match(/^## (.+)$/);
    if (heading) {
      rows = new Map();
      parts.set(heading[1], rows);
      continue;
    }
    const cells = line.split(/(?<!\\)\|/);
    const text = line.replaceAll('\\|', '|');
    if (line.startsWith('| ') && cells.length > 2 && !/^\| -/.test(line)) {
      const name = cells[1].trim().replace(/^`+ ?| ?`+$/g, '');
      addRow(rows, name, {text, flags: []});
    } else if (line.trim()) {
      addRow(rows, '', {text, flags: []});
    }
  }
  return parts;
}

/** What `rows` lacks of `expectations`, as readable lines. */
function missing(
  page: string,
  where: 'page' | 'twin',
  expectations: Expectation[],
  rowsOf: (section: string) => Rows | undefined,
): string[] {
  return expectations.flatMap((expectation) => {
    const candidates = rowsOf(expectation.section)?.get(expectation.path) ?? [];
    const check = where === 'page' ? expectation.html : expectation.twin;
    if (candidates.some(check)) return [];
    const field = expectation.path || '(the schema itself)';
    const problem = candidates.length ? `no ${expectation.what}` : `no row at all (looked for ${expectation.what})`;
    return [`${page} ${where}, ${expectation.section} › ${field}: ${problem}`];
  });
}

let spec: OpenApiNode;
let files: Map<string, string>;
let twins: Map<string, string>;
let components: ApiComponents;

before(async () => {
  spec = loadSpec();
  files = buildReference(spec);
  twins = new Map(
    new ApiMarkdown(spec, SITE).pages().map((page) => [page.path.replace(`${SITE.baseUrl}api/`, ''), page.markdown]),
  );
  components = await loadApiComponents();
});

function check(page: string, file: string, expectations: Expectation[]): string[] {
  assert.ok(files.has(file), `${file} is generated`);
  assert.ok(twins.has(page), `${page} has a Markdown twin`);
  const html = pageRows(files, file, components);
  const twin = twinRows(twins.get(page)!);
  return [
    ...missing(page, 'page', expectations, (section) => html.get(section)),
    ...missing(page, 'twin', expectations, (section) => twin.get(twinPart(section))),
  ];
}

test('every operation page and its twin show every keyword of its parameters, body and response schemas', () => {
  const problems: string[] = [];
  let checked = 0;
  for (const entry of listOperations(spec)) {
    const expectations = new Expectations(spec);
    expectations.operation(entry);
    checked += expectations.list.length;
    problems.push(...check(entry.id, `${entry.id}.api.mdx`, expectations.list));
  }
  assert.ok(checked > 1000, `only ${checked} keywords found: is the walk broken?`);
  assert.deepEqual(problems, [], 'keywords missing from operation pages or their Markdown twins');
});

test('every object page and its twin show every keyword of its fields', () => {
  const problems: string[] = [];
  for (const object of listObjects(spec)) {
    const expectations = new Expectations(spec);
    expectations.schema(
      `Fields of the ${object.name} object`,
      {$ref: `#/components/schemas/${object.name}`},
      'response',
      {
        prune: true,
      },
    );
    problems.push(...check(object.id, `${object.id}.object.mdx`, expectations.list));
  }
  assert.deepEqual(problems, [], 'keywords missing from object pages or their Markdown twins');
});

test('the walk finds the keywords issue 42 reported lost', () => {
  const found = (expectations: Expectations, path: string, what: string) =>
    expectations.list.some((expectation) => expectation.path === path && expectation.what === what);
  const operation = (id: string) => {
    const entry = listOperations(spec).find((candidate) => candidate.id === id);
    assert.ok(entry, id);
    const expectations = new Expectations(spec);
    expectations.operation(entry);
    return expectations;
  };
  const purgeObject = new Expectations(spec);
  purgeObject.schema('Fields of the Purge object', {$ref: '#/components/schemas/Purge'}, 'response', {prune: true});
  assert.ok(found(operation('account-providers-create'), 'type', 'deprecated'), 'deprecated beside a $ref');
  assert.ok(found(purgeObject, 'providers[].provider', 'deprecated'), 'deprecated beside a $ref, in array items');
  assert.ok(
    found(operation('purge'), 'urls', 'maxLength 2048'),
    'a constraint of array items, in the row of the array',
  );
  assert.ok(found(operation('purge-tags'), 'tags', 'pattern ^[^\\s,]+$'), 'a pattern of array items');
});
