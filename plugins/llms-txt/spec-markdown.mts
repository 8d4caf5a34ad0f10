// The parts every page of the API reference's Markdown twin is made of: links made absolute,
// security requirements, schemas as field tables (nested fields flattened to dotted names) with
// their constraints in words, and named examples. ApiMarkdown (./openapi-markdown.mts) writes the
// pages from them.
import {
  apiPagePath,
  derefSchema,
  isHidden,
  mergeAllOf,
  namedExamples,
  type Direction,
  type OpenApiDocument,
  type OpenApiNode,
} from '../../src/lib/openapi/index.ts';
import {OpenApiIndex} from '../api-request/openapi-index.mts';
import {bodyObjectOf, patchedObjectOf} from '../../scripts/api-reference/objects.mts';
import {cell, code, json, literal} from './markdown-text.mts';

/** `1 item`, `100 items`. */
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** How deep nested fields are listed; deeper schemas are "object". */
const MAX_DEPTH = 8;

/** An operation as the OpenAPI index holds it. */
export interface IndexedOperation {
  method: string;
  route: string;
  operation: OpenApiNode;
  /** The path item's and the operation's parameters, references followed. */
  parameters: OpenApiNode[];
}

/** One row of a field table: `shield.location`, `results[].id`… */
export interface FieldRow {
  field: string;
  type: string;
  required: boolean;
  description: string;
}

interface FieldRowOptions {
  /** Request rows omit read-only fields; response rows omit write-only ones. */
  direction: Direction;
  prefix?: string;
  /** Said before each description, such as "Dog variant only." */
  note?: string;
  depth?: number;
  /** The references above this node, to stop at a cycle. */
  seen?: Set<string>;
}

export class SpecMarkdown {
  readonly index: OpenApiIndex;
  /** The bundled OpenAPI document. */
  readonly spec: OpenApiNode;
  /** Where the site is published, such as `https://host`. */
  readonly origin: string;
  /** The site's base path, such as `/docs/`. */
  readonly baseUrl: string;

  constructor(spec: OpenApiDocument, {siteUrl, baseUrl}: {siteUrl: string; baseUrl: string}) {
    this.index = new OpenApiIndex(spec);
    this.spec = spec;
    this.origin = siteUrl.replace(/\/$/, '');
    this.baseUrl = baseUrl;
  }

  /** Site-relative links (`/docs/...`, `pathname:///docs/...`) of the OpenAPI descriptions made absolute. */
  absolutize(markdown = ''): string {
    // `pathname://` is Docusaurus's marker for a link to a static file rather than a page.
    return markdown.replace(
      /\]\((?:pathname:\/\/)?(\/[^)\s]*)\)/g,
      (_, target: string) => `](${this.origin}${target})`,
    );
  }

  /** Site path of an API page from its id, such as `/docs/api/origins`. */
  pagePath(id: string): string {
    return apiPagePath(id, this.baseUrl);
  }

  pageUrl(id: string): string {
    return `${this.origin}${encodeURI(this.pagePath(id))}`;
  }

  /**
   * "Returns: [Origin object](…)" for a body that is a resource object (or a list of one), "Takes:
   * changes to the [Origin object](…)" for its merge patch, else undefined.
   */
  objectLine(schemaNode: OpenApiNode | undefined, verb: 'Takes' | 'Returns'): string | undefined {
    const patched = verb === 'Takes' ? patchedObjectOf(this.spec, schemaNode) : undefined;
    if (patched) return `Takes: changes to the [${patched.name} object](${this.pageUrl(patched.id)}).`;
    const carried = bodyObjectOf(this.spec, schemaNode);
    if (!carried) return undefined;
    const link = `[${carried.object.name} object${carried.list ? 's' : ''}](${this.pageUrl(carried.object.id)})`;
    return `${verb}: ${carried.list ? `a list of ${link}` : link}.`;
  }

  securityLines(requirements: OpenApiNode[] | undefined): string[] {
    if (!requirements || requirements.length === 0) return ['None: this operation needs no credentials.'];
    const schemes = this.spec.components?.securitySchemes ?? {};
    return requirements.flatMap((requirement) =>
      Object.keys(requirement).map((name) => {
        const scheme = this.index.resolve(schemes[name]) ?? {};
        const kind =
          scheme.type === 'http' && scheme.scheme === 'bearer'
            ? 'HTTP bearer token, sent as `Authorization: Bearer <token>`'
            : scheme.type === 'apiKey'
              ? `API key in the ${scheme.in} ${code(scheme.name)}`
              : scheme.type;
        return `- ${code(name)}: ${kind}.${scheme.description ? ` ${this.absolutize(scheme.description)}` : ''}`;
      }),
    );
  }

  /** Type label of a schema: `string (uuid)`, `array of object`, `integer or null`… */
  typeOf(node: unknown, depth = 0): string {
    const schema = this.index.resolve(node) ?? {};
    if (depth > MAX_DEPTH) return 'object';
    if (schema.oneOf || schema.anyOf) {
      return `one of: ${(schema.oneOf ?? schema.anyOf).map((v: OpenApiNode) => this.variantName(v)).join(', ')}`;
    }
    if (schema.allOf && !schema.type) return this.typeOf(this.merge(schema), depth + 1);
    let types: string[] = Array.isArray(schema.type)
      ? schema.type
      : [schema.type ?? (schema.properties ? 'object' : 'any')];
    types = types.map((type) => {
      if (type === 'array') return `array of ${this.typeOf(schema.items ?? {}, depth + 1)}`;
      if (type === 'string' && schema.format) return `string (${schema.format})`;
      if (type === 'integer' && schema.format) return `integer (${schema.format})`;
      return type;
    });
    return types.join(' or ');
  }

  variantName(node: OpenApiNode): string {
    const schema = this.index.resolve(node) ?? {};
    return schema.title ?? node.$ref?.split('/').pop() ?? this.typeOf(schema);
  }

  /** An allOf schema as one object schema (properties and required lists combined). */
  merge(schema: OpenApiNode): OpenApiNode {
    return mergeAllOf(this.spec, schema);
  }

  /**
   * A schema node as OpenAPI 3.1 reads it: its reference followed, with the keywords beside the
   * `$ref` (`deprecated`, a `description` of what it means there) over the target's, allOf merged.
   */
  schemaOf(node: unknown): OpenApiNode {
    const schema = derefSchema(this.spec, node ?? {}).node ?? {};
    return schema.allOf ? this.merge(schema) : schema;
  }

  /** The limits a schema sets on its value, each a sentence (a lower bound of 0 limits nothing). */
  limits(schema: OpenApiNode): string[] {
    const notes = [];
    // A description that already says "Always `x`" is not repeated.
    const always = schema.const !== undefined && `Always ${code(literal(schema.const))}`;
    if (always && !String(schema.description ?? '').includes(always)) notes.push(`${always}.`);
    const {minLength, maxLength, minItems, maxItems} = schema;
    if (minLength && maxLength !== undefined) notes.push(`Length: ${minLength} to ${maxLength} characters.`);
    else if (maxLength !== undefined) notes.push(`Up to ${plural(maxLength, 'character')}.`);
    else if (minLength) notes.push(`At least ${plural(minLength, 'character')}.`);
    if (schema.minimum !== undefined) notes.push(`Minimum: ${schema.minimum}.`);
    if (schema.exclusiveMinimum !== undefined) notes.push(`Greater than ${schema.exclusiveMinimum}.`);
    if (schema.maximum !== undefined) notes.push(`Maximum: ${schema.maximum}.`);
    if (schema.exclusiveMaximum !== undefined) notes.push(`Less than ${schema.exclusiveMaximum}.`);
    if (schema.multipleOf !== undefined) notes.push(`Multiple of ${schema.multipleOf}.`);
    if (minItems && maxItems !== undefined) notes.push(`Items: ${minItems} to ${maxItems}.`);
    else if (maxItems !== undefined) notes.push(`Up to ${plural(maxItems, 'item')}.`);
    else if (minItems) notes.push(`At least ${plural(minItems, 'item')}.`);
    if (schema.uniqueItems) notes.push('Items are unique.');
    if (schema.minProperties) notes.push(`At least ${plural(schema.minProperties, 'field')}.`);
    if (schema.maxProperties !== undefined) notes.push(`At most ${plural(schema.maxProperties, 'field')}.`);
    if (schema.pattern) notes.push(`Pattern: ${code(schema.pattern)}.`);
    return notes;
  }

  /** "Deprecated." for a deprecated schema, parameter or header whose description does not say so already, else ''. */
  deprecation(node: unknown): string {
    const {deprecated, description} = this.schemaOf(node);
    return deprecated && !/\bdeprecated\b/i.test(description ?? '') ? 'Deprecated.' : '';
  }

  /**
   * The description of a field, parameter or header: `note`, "Deprecated." when `node` is
   * deprecated, the description, then the constraints of `schema`; empty parts are left out.
   */
  fieldDescription(node: unknown, description: string | undefined, schema: unknown, note = ''): string {
    return [note, this.deprecation(node), this.absolutize(description ?? ''), this.constraints(schema)]
      .filter(Boolean)
      .join(' ');
  }

  /**
   * Limits, allowed values and defaults of a schema, in words, those of its items after "Each
   * item:", and whether it is read-only or write-only.
   */
  constraints(node: unknown): string {
    const schema = this.schemaOf(node);
    const items = schema.items ? this.schemaOf(schema.items) : undefined;
    const notes = [];
    const values = schema.enum ?? items?.enum;
    if (values) notes.push(`Allowed values: ${values.map((value: unknown) => code(literal(value))).join(', ')}.`);
    notes.push(...this.limits(schema));
    const each = items ? this.limits(items) : [];
    if (each.length) notes.push(`Each item: ${each.join(' ')}`);
    if (schema.default !== undefined) notes.push(`Default: ${code(json(schema.default))}.`);
    if (schema.readOnly) notes.push('Read-only: never sent in requests.');
    if (schema.writeOnly) notes.push('Write-only: never returned.');
    return notes.join(' ');
  }

  /**
   * Rows `{field, type, required, description}` of a schema's fields, nested fields with dotted
   * names (`shield.location`, `results[].id`). Request rows omit read-only fields; response rows
   * omit write-only ones.
   */
  fieldRows(
    node: OpenApiNode | undefined,
    {direction, prefix = '', note = '', depth = 0, seen = new Set<string>()}: FieldRowOptions,
  ): FieldRow[] {
    const schema = this.index.resolve(node) ?? {};
    if (depth > MAX_DEPTH || (node?.$ref && seen.has(node.$ref))) return [];
    const visiting = node?.$ref ? new Set([...seen, node.$ref]) : seen;
    const options = {direction, depth: depth + 1, seen: visiting};
    if (schema.allOf) return this.fieldRows(this.merge(schema), {...options, prefix, note, depth});
    const rows: FieldRow[] = [];
    for (const variant of schema.oneOf ?? schema.anyOf ?? []) {
      const label = `${note ? `${note} ` : ''}${this.variantName(variant)} variant only.`;
      rows.push(...this.fieldRows(variant, {...options, prefix, note: label}));
    }
    const type: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (type.includes('array') && schema.items) {
      return [...rows, ...this.fieldRows(schema.items, {...options, prefix: `${prefix}[]`, note})];
    }
    const required = new Set<string>(schema.required ?? []);
    for (const [name, propertyNode] of Object.entries<OpenApiNode>(schema.properties ?? {})) {
      if (isHidden(this.spec, propertyNode, direction)) continue;
      const field = prefix ? `${prefix}.${name}` : name;
      const description = this.fieldDescription(
        propertyNode,
        this.schemaOf(propertyNode).description,
        propertyNode,
        note,
      );
      rows.push({field, type: this.typeOf(propertyNode), required: required.has(name), description});
      rows.push(...this.fieldRows(propertyNode, {...options, prefix: field, note}));
    }
    const extra = schema.additionalProperties;
    if (extra && typeof extra === 'object' && Object.keys(extra).length) {
      const field = `${prefix || '(root)'}.<name>`;
      const description = this.fieldDescription(extra, this.schemaOf(extra).description, extra, note);
      rows.push({field, type: this.typeOf(extra), required: false, description: description || 'Any key.'});
      rows.push(...this.fieldRows(extra, {...options, prefix: field, note}));
    }
    return rows;
  }

  /** The fields of a schema as a table, after the limits of the schema itself (an array's item count, say). */
  fieldTable(node: OpenApiNode, direction: Direction): string[] {
    const rows = this.fieldRows(node, {direction});
    const limits = this.constraints(node);
    const before = limits ? [`Constraints: ${limits}`, ''] : [];
    if (!rows.length) return [`Type: ${this.typeOf(node)}.`, ...(limits ? ['', `Constraints: ${limits}`] : [])];
    return [
      ...before,
      '| Field | Type | Required | Description |',
      '| --- | --- | --- | --- |',
      ...rows.map(
        (row) =>
          `| ${code(row.field)} | ${cell(row.type)} | ${row.required ? 'yes' : 'no'} | ${cell(row.description)} |`,
      ),
    ];
  }

  exampleBlocks(media: OpenApiNode, heading: string): string[] {
    return namedExamples(this.spec, media).flatMap((example) => [
      `${heading} Example: ${example.summary}`,
      '',
      ...(example.description ? [this.absolutize(example.description), ''] : []),
      '```json',
      JSON.stringify(example.value, null, 2),
      '```',
      '',
    ]);
  }

  /** The schema of a body, or a pointer to the same schema shown earlier on the page. */
  schemaSection(media: OpenApiNode, direction: Direction, shown: Map<string, string>, where: string): string[] {
    const ref = media.schema?.$ref;
    const key = `${direction}:${ref}`;
    if (ref && shown.has(key)) return [`Schema: ${code(ref.split('/').pop())}, the same as ${shown.get(key)}.`, ''];
    if (ref) shown.set(key, where);
    return [
      ...(ref ? [`Schema: ${code(ref.split('/').pop())}.`, ''] : []),
      ...this.fieldTable(media.schema ?? {}, direction),
      '',
    ];
  }
}
