// The parts every page of the API reference's Markdown twin is made of: links made absolute,
// security requirements, schemas as field tables (nested fields flattened to dotted names) with
// their constraints in words, and named examples. ApiMarkdown (./openapi-markdown.mts) writes the
// pages from them.
import {
  apiPagePath,
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

  /** Limits, allowed values and defaults of a schema, in words. */
  constraints(node: unknown): string {
    const schema = this.index.resolve(node) ?? {};
    const merged = schema.allOf ? this.merge(schema) : schema;
    const notes = [];
    const values = merged.enum ?? (merged.items && this.index.resolve(merged.items)?.enum);
    if (values) notes.push(`Allowed values: ${values.map((value: unknown) => code(literal(value))).join(', ')}.`);
    if (merged.const !== undefined) notes.push(`Always ${code(literal(merged.const))}.`);
    if (merged.minLength !== undefined || merged.maxLength !== undefined)
      notes.push(`Length: ${merged.minLength ?? 0} to ${merged.maxLength ?? 'any number of'} characters.`);
    if (merged.minimum !== undefined) notes.push(`Minimum: ${merged.minimum}.`);
    if (merged.maximum !== undefined) notes.push(`Maximum: ${merged.maximum}.`);
    if (merged.minItems !== undefined || merged.maxItems !== undefined)
      notes.push(`Items: ${merged.minItems ?? 0} to ${merged.maxItems ?? 'any number'}.`);
    if (merged.uniqueItems) notes.push('Items are unique.');
    if (merged.pattern) notes.push(`Pattern: ${code(merged.pattern)}.`);
    if (merged.default !== undefined) notes.push(`Default: ${code(json(merged.default))}.`);
    if (merged.writeOnly) notes.push('Write-only: never returned.');
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
      const label = `${note}${this.variantName(variant)} variant only.`;
      rows.push(...this.fieldRows(variant, {...options, prefix, note: label}));
    }
    const type: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (type.includes('array') && schema.items) {
      return [...rows, ...this.fieldRows(schema.items, {...options, prefix: `${prefix}[]`, note})];
    }
    const required = new Set<string>(schema.required ?? []);
    for (const [name, propertyNode] of Object.entries<OpenApiNode>(schema.properties ?? {})) {
      const property = this.index.resolve(propertyNode) ?? {};
      if (isHidden(this.spec, propertyNode, direction)) continue;
      const field = prefix ? `${prefix}.${name}` : name;
      const description = [note, this.absolutize(property.description ?? ''), this.constraints(propertyNode)]
        .filter(Boolean)
        .join(' ');
      rows.push({field, type: this.typeOf(propertyNode), required: required.has(name), description});
      rows.push(...this.fieldRows(propertyNode, {...options, prefix: field, note}));
    }
    const extra = schema.additionalProperties;
    if (extra && typeof extra === 'object' && Object.keys(extra).length) {
      const field = `${prefix || '(root)'}.<name>`;
      const description = [note, this.absolutize(this.index.resolve(extra)?.description ?? ''), this.constraints(extra)]
        .filter(Boolean)
        .join(' ');
      rows.push({field, type: this.typeOf(extra), required: false, description: description || 'Any key.'});
      rows.push(...this.fieldRows(extra, {...options, prefix: field, note}));
    }
    return rows;
  }

  fieldTable(node: OpenApiNode, direction: Direction): string[] {
    const rows = this.fieldRows(node, {direction});
    if (!rows.length) return [`Type: ${this.typeOf(node)}.`];
    return [
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
