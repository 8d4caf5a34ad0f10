// Markdown of the API reference pages, written from the OpenAPI bundle rather than from the
// rendered pages: the overview, one page per tag, one per resource object (its fields, example and
// operations; plugins/api-reference/objects.mjs) and one per operation, each with its method,
// path, parameters, request and response schemas (nested fields flattened to dotted names) and
// the named examples.
import {
  apiPagePath,
  curlCommand,
  exampleOf,
  fillPath,
  isHidden,
  mergeAllOf,
  namedExamples,
  pageId,
  statusPhrase,
} from '../../src/lib/openapi/index.ts';
import {OpenApiIndex} from '../api-request/openapi-index.mts';
import {rolesMarkdown} from '../api-request/roles.mts';
import {
  MAX_LISTED_OPERATIONS,
  PROBLEM_TYPES_ID,
  PROBLEM_TYPES_TITLE,
  guideTitle,
  operationCount,
  problemCatalogue,
  problemUsage,
} from '../api-reference/problem-types.mjs';
import {bodyObjectOf, listObjects} from '../api-reference/objects.mjs';

const MAX_DEPTH = 8;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Text for one table cell: one line, pipes escaped. */
const cell = (value) =>
  String(value ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replaceAll('|', '\\|')
    .trim();
/** Inline code that may itself contain backticks (CommonMark: a longer fence, padded with spaces). */
function code(value) {
  const text = String(value);
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}
const json = (value) => JSON.stringify(value);
/** A value as written in a request: strings bare, anything else as JSON. */
const literal = (value) => (typeof value === 'string' ? value : json(value));

/** The first sentence of a Markdown description, with links reduced to their text. */
export function summarize(markdown = '') {
  const plain = markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const match = plain.match(/^(.+?[.!?])(\s|$)/);
  return match ? match[1] : plain;
}

export class ApiMarkdown {
  /**
   * @param {object} spec the bundled OpenAPI document
   * @param {{siteUrl: string, baseUrl: string}} site where the site is published (`https://host`, `/docs/`)
   */
  constructor(spec, {siteUrl, baseUrl}) {
    this.index = new OpenApiIndex(spec);
    this.spec = spec;
    this.origin = siteUrl.replace(/\/$/, '');
    this.baseUrl = baseUrl;
  }

  /** Site-relative links (`/docs/...`, `pathname:///docs/...`) of the OpenAPI descriptions made absolute. */
  absolutize(markdown = '') {
    // `pathname://` is Docusaurus's marker for a link to a static file rather than a page.
    return markdown.replace(/\]\((?:pathname:\/\/)?(\/[^)\s]*)\)/g, (_, target) => `](${this.origin}${target})`);
  }

  /** Site path of an API page from its id, such as `/docs/api/origins`. */
  pagePath(id) {
    return apiPagePath(id, this.baseUrl);
  }

  pageUrl(id) {
    return `${this.origin}${encodeURI(this.pagePath(id))}`;
  }

  /** Every page of the API reference: `{kind, path, title, description, tag?, markdown}`. */
  pages() {
    const tags = this.spec.tags ?? [];
    const pages = [
      {
        kind: 'overview',
        path: this.pagePath(pageId(this.spec.info.title)),
        title: this.spec.info.title,
        description: this.spec.info.summary ?? summarize(this.spec.info.description),
        markdown: this.overviewMarkdown(),
      },
    ];
    const catalogue = problemCatalogue(this.spec);
    if (catalogue) {
      pages.push({
        kind: 'problem-types',
        path: this.pagePath(PROBLEM_TYPES_ID),
        title: PROBLEM_TYPES_TITLE,
        description: 'Every problem type of the API’s error responses: its status, what causes it and what to do.',
        markdown: this.problemTypesMarkdown(catalogue),
      });
    }
    for (const tag of tags) {
      pages.push({
        kind: 'tag',
        path: this.pagePath(pageId(tag.name)),
        title: tag.name,
        description: summarize(tag.description),
        tag: tag.name,
        markdown: this.tagMarkdown(tag),
      });
    }
    for (const object of listObjects(this.spec)) {
      pages.push({
        kind: 'object',
        path: this.pagePath(object.id),
        title: object.title,
        description: summarize(object.description),
        tag: object.tag,
        markdown: this.objectMarkdown(object),
      });
    }
    for (const [operationId, entry] of this.index.operations) {
      pages.push({
        kind: 'operation',
        path: this.pagePath(pageId(operationId)),
        title: entry.operation.summary ?? operationId,
        description: summarize(entry.operation.description),
        tag: entry.operation.tags?.[0],
        markdown: this.operationMarkdown(operationId),
      });
    }
    return pages;
  }

  operationsOfTag(name) {
    return [...this.index.operations].filter(([, entry]) => entry.operation.tags?.[0] === name);
  }

  overviewMarkdown() {
    const {info, servers = [], tags = []} = this.spec;
    const lines = [`# ${info.title}`, '', `Version ${info.version}.`, ''];
    if (info.summary) lines.push(info.summary, '');
    lines.push(this.absolutize(info.description ?? ''), '', '## Servers', '');
    for (const server of servers)
      lines.push(`- ${code(server.url)}${server.description ? `: ${server.description}` : ''}`);
    lines.push('', '## Authentication', '', ...this.securityLines(this.spec.security), '');
    lines.push(
      '## OpenAPI file',
      '',
      `- [openapi.json](${this.origin}${this.baseUrl}openapi.json)`,
      `- [openapi.yaml](${this.origin}${this.baseUrl}openapi.yaml)`,
      '',
      '## Resources',
      '',
    );
    for (const tag of tags) {
      lines.push(`- [${tag.name}](${this.pageUrl(pageId(tag.name))}): ${summarize(tag.description)}`);
    }
    const links = [
      info.contact?.url && `- Contact: [${info.contact.name ?? info.contact.url}](${info.contact.url})`,
      info.contact?.email && `- Email: <${info.contact.email}>`,
      info.license?.name &&
        `- License: ${info.license.url ? `[${info.license.name}](${info.license.url})` : info.license.name}`,
      info.termsOfService && `- [Terms of service](${info.termsOfService})`,
    ].filter(Boolean);
    if (links.length) lines.push('', '## Contact and terms', '', ...links);
    return `${lines.join('\n').trim()}\n`;
  }

  /** "Returns: [Origin object](…)" for a body that is a resource object (or a list of one), else undefined. */
  objectLine(schemaNode, verb) {
    const carried = bodyObjectOf(this.spec, schemaNode);
    if (!carried) return undefined;
    const link = `[${carried.object.name} object${carried.list ? 's' : ''}](${this.pageUrl(carried.object.id)})`;
    return `${verb}: ${carried.list ? `a list of ${link}` : link}.`;
  }

  /** An object page: its description, fields (as returned), an example and the operations that take or return it. */
  objectMarkdown(object) {
    const lines = [`# ${object.title}`, '', this.absolutize(object.description), '', '## Fields', ''];
    const ref = `#/components/schemas/${object.name}`;
    lines.push(
      `Schema: ${code(object.name)}, as the API returns it.`,
      '',
      ...this.fieldTable({$ref: ref}, 'response'),
      '',
    );
    if (object.example !== undefined) {
      lines.push('## Example', '', '```json', JSON.stringify(object.example, null, 2), '```', '');
    }
    lines.push('## Operations', '');
    for (const {id, method, path, summary, takes, returns, lists} of object.operations) {
      const role = [returns && (lists ? 'returns a list of them' : 'returns it'), takes && 'takes it as its body']
        .filter(Boolean)
        .join(', ');
      lines.push(`- [${summary}](${this.pageUrl(id)}): ${code(`${method.toUpperCase()} ${path}`)}, ${role}.`);
    }
    return `${lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()}\n`;
  }

  tagMarkdown(tag) {
    const lines = [`# ${tag.name}`, '', this.absolutize(tag.description ?? ''), ''];
    const objects = listObjects(this.spec).filter((object) => object.tag === tag.name);
    if (objects.length) {
      lines.push('## Objects', '');
      for (const object of objects) {
        lines.push(`- [${object.title}](${this.pageUrl(object.id)}): ${summarize(object.description)}`.trimEnd());
      }
      lines.push('');
    }
    lines.push('## Operations', '');
    for (const [operationId, {method, route, operation}] of this.operationsOfTag(tag.name)) {
      const summary = summarize(operation.description);
      lines.push(
        `- [${operation.summary ?? operationId}](${this.pageUrl(pageId(operationId))}): ` +
          `${code(`${method.toUpperCase()} ${route}`)}${summary ? `. ${summary}` : ''}`,
      );
    }
    const webhooks = this.webhooksOfTag(tag.name);
    if (webhooks.length) lines.push('', '## Webhooks', '');
    for (const webhook of webhooks) lines.push(...this.webhookLines(webhook), '');
    return `${lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()}\n`;
  }

  /** The webhooks (OpenAPI 3.1 `webhooks`) documented on a tag's page: `{name, method, operation, parameters}`. */
  webhooksOfTag(name) {
    return Object.entries(this.spec.webhooks ?? {}).flatMap(([webhook, itemNode]) => {
      const item = this.index.resolve(itemNode) ?? {};
      return Object.entries(item)
        .filter(([method, operation]) => METHODS.includes(method) && operation.tags?.[0] === name)
        .map(([method, operation]) => ({
          name: webhook,
          method,
          operation,
          parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => this.index.resolve(p)),
        }));
    });
  }

  /** One webhook: the request Tributary sends (headers, body, examples) and what the endpoint answers. */
  webhookLines({name, method, operation, parameters}) {
    const lines = [
      `### ${operation.summary ?? name}`,
      '',
      `Tributary sends ${code(method.toUpperCase())} requests to your endpoint.`,
      '',
    ];
    if (operation.description) lines.push(this.absolutize(operation.description), '');
    const headers = parameters.filter((parameter) => parameter.in === 'header');
    if (headers.length) {
      lines.push('| Header | Type | Required | Description |', '| --- | --- | --- | --- |');
      for (const header of headers) {
        lines.push(
          `| ${code(header.name)} | ${cell(this.typeOf(header.schema ?? {}))} | ${header.required ? 'yes' : 'no'} | ` +
            `${cell(this.absolutize(header.description ?? ''))} |`,
        );
      }
      lines.push('');
    }
    const requestBody = this.index.resolve(operation.requestBody);
    for (const [type, media] of Object.entries(requestBody?.content ?? {})) {
      lines.push(`Body, content type ${code(type)}.`, '');
      lines.push(...this.schemaSection(media, 'request', new Map(), 'the body'));
      lines.push(...this.exampleBlocks(media, '####'));
    }
    const answers = Object.entries(operation.responses ?? {}).map(([status, node]) => {
      const description = cell(this.absolutize(this.index.resolve(node)?.description ?? ''));
      return `- ${status === 'default' ? 'Any other answer' : code(status)}: ${description}`;
    });
    if (answers.length) lines.push('What your endpoint answers:', '', ...answers);
    return lines;
  }

  securityLines(requirements) {
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
  typeOf(node, depth = 0) {
    const schema = this.index.resolve(node) ?? {};
    if (depth > MAX_DEPTH) return 'object';
    if (schema.oneOf || schema.anyOf) {
      return `one of: ${(schema.oneOf ?? schema.anyOf).map((v) => this.variantName(v)).join(', ')}`;
    }
    if (schema.allOf && !schema.type) return this.typeOf(this.merge(schema), depth + 1);
    let types = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : 'any')];
    types = types.map((type) => {
      if (type === 'array') return `array of ${this.typeOf(schema.items ?? {}, depth + 1)}`;
      if (type === 'string' && schema.format) return `string (${schema.format})`;
      if (type === 'integer' && schema.format) return `integer (${schema.format})`;
      return type;
    });
    return types.join(' or ');
  }

  variantName(node) {
    const schema = this.index.resolve(node) ?? {};
    return schema.title ?? node.$ref?.split('/').pop() ?? this.typeOf(schema);
  }

  /** An allOf schema as one object schema (properties and required lists combined). */
  merge(schema) {
    return mergeAllOf(this.spec, schema);
  }

  /** Limits, allowed values and defaults of a schema, in words. */
  constraints(node) {
    const schema = this.index.resolve(node) ?? {};
    const merged = schema.allOf ? this.merge(schema) : schema;
    const notes = [];
    const values = merged.enum ?? (merged.items && this.index.resolve(merged.items)?.enum);
    if (values) notes.push(`Allowed values: ${values.map((value) => code(literal(value))).join(', ')}.`);
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
  fieldRows(node, {direction, prefix = '', note = '', depth = 0, seen = new Set()} = {}) {
    const schema = this.index.resolve(node) ?? {};
    if (depth > MAX_DEPTH || (node?.$ref && seen.has(node.$ref))) return [];
    const visiting = node?.$ref ? new Set([...seen, node.$ref]) : seen;
    const options = {direction, depth: depth + 1, seen: visiting};
    if (schema.allOf) return this.fieldRows(this.merge(schema), {...options, prefix, note, depth});
    const rows = [];
    for (const variant of schema.oneOf ?? schema.anyOf ?? []) {
      const label = `${note}${this.variantName(variant)} variant only.`;
      rows.push(...this.fieldRows(variant, {...options, prefix, note: label}));
    }
    const type = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (type.includes('array') && schema.items) {
      return [...rows, ...this.fieldRows(schema.items, {...options, prefix: `${prefix}[]`, note})];
    }
    const required = new Set(schema.required ?? []);
    for (const [name, propertyNode] of Object.entries(schema.properties ?? {})) {
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

  fieldTable(node, direction) {
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

  exampleBlocks(media, heading) {
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
  schemaSection(media, direction, shown, where) {
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

  /** The example request of an operation, as curl (its first request example as the body). */
  curl(operationId, method, route, requestMedia, requestType = 'application/json') {
    const {parameters, operation} = this.index.operations.get(operationId);
    const pathParams = Object.fromEntries(
      parameters.filter((p) => p.in === 'path').map((p) => [p.name, exampleOf(this.spec, p)]),
    );
    const url = `${this.index.serverFor(operationId)}${fillPath(route, pathParams, {missing: 'keep'})}`;
    const body = requestMedia ? namedExamples(this.spec, requestMedia)[0]?.value : undefined;
    const command = curlCommand(
      {method, url, body, contentType: requestType},
      {auth: operation.security?.length !== 0},
    );
    return ['```bash', command, '```'];
  }

  /** The Problem types page: one section per type of the catalogue, with the operations that return it. */
  problemTypesMarkdown(catalogue) {
    const usage = problemUsage(this.spec, catalogue);
    const total = operationCount(this.spec);
    const lines = [
      `# ${PROBLEM_TYPES_TITLE}`,
      '',
      `Every error response of the API is an \`application/problem+json\` document (see [Errors](${this.pageUrl(pageId(this.spec.info.title))}#errors)). ` +
        `Its \`type\` is the address of one section of this page, \`${catalogue.base}#<slug>\`: branch on it, not on \`title\` or \`detail\`. ` +
        'New types may appear; treat an unknown type by its HTTP status.',
      '',
      '| Status | Type | Title |',
      '| --- | --- | --- |',
      ...catalogue.types.map((type) => `| ${type.status} | ${code(type.slug)} | ${cell(type.title)} |`),
    ];
    for (const type of catalogue.types) {
      const uses = usage.get(type.slug);
      const returnedBy = !uses.length
        ? 'No operation shows it in an example yet.'
        : uses.length === total
          ? 'Every operation.'
          : uses.length > MAX_LISTED_OPERATIONS
            ? `${uses.length} operations; each operation page shows it under its responses.`
            : uses
                .map(
                  ({id, method, route, summary}) =>
                    `[${summary}](${this.pageUrl(id)}) (${code(`${method.toUpperCase()} ${route}`)})`,
                )
                .join(', ');
      lines.push(
        '',
        `## ${type.title}`,
        '',
        `- Type: ${code(type.uri)}`,
        `- Status: ${type.status} ${statusPhrase(type.status)}`.trimEnd(),
        `- Cause: ${this.absolutize(type.cause)}`,
        `- What to do: ${this.absolutize(type.fix)}`,
        `- Returned by: ${returnedBy}`,
      );
      if (type.guides.length) {
        lines.push(`- Guides: ${type.guides.map((href) => `[${guideTitle(href)}](${this.origin}${href})`).join(', ')}`);
      }
    }
    return `${lines.join('\n').trim()}\n`;
  }

  operationMarkdown(operationId) {
    const entry = this.index.operations.get(operationId);
    if (!entry) throw new Error(`No operation "${operationId}" in the OpenAPI bundle.`);
    const {method, route, operation, parameters} = entry;
    const server = this.index.serverFor(operationId);
    const tag = operation.tags?.[0];
    const lines = [
      `# ${operation.summary ?? operationId}`,
      '',
      code(`${method.toUpperCase()} ${route}`),
      '',
      `Full URL: ${code(`${server}${route}`)}`,
      '',
    ];
    if (operation.deprecated) lines.push('**Deprecated.**', '');
    if (operation.description) lines.push(this.absolutize(operation.description), '');
    lines.push(`- Operation ID: ${code(operationId)}`);
    if (tag) lines.push(`- Tag: [${tag}](${this.pageUrl(pageId(tag))})`);
    lines.push('', '## Authentication', '', ...this.securityLines(operation.security ?? this.spec.security), '');
    const roles = rolesMarkdown(operation);
    if (roles) lines.push(this.absolutize(roles), '');

    if (parameters.length) {
      lines.push(
        '## Parameters',
        '',
        '| Name | In | Type | Required | Description |',
        '| --- | --- | --- | --- | --- |',
      );
      for (const parameter of parameters) {
        const description = [this.absolutize(parameter.description ?? ''), this.constraints(parameter.schema ?? {})]
          .filter(Boolean)
          .join(' ');
        lines.push(
          `| ${code(parameter.name)} | ${parameter.in} | ${cell(this.typeOf(parameter.schema ?? {}))} | ` +
            `${parameter.required ? 'yes' : 'no'} | ${cell(description)} |`,
        );
      }
      lines.push('');
    }

    const shown = new Map();
    const requestBody = this.index.resolve(operation.requestBody);
    const requestType = this.index.requestContentType(operationId);
    const requestMedia = requestType && requestBody.content[requestType];
    if (requestBody) {
      lines.push('## Request body', '');
      if (requestBody.description) lines.push(this.absolutize(requestBody.description), '');
      for (const [type, media] of Object.entries(requestBody.content ?? {})) {
        lines.push(`Content type ${code(type)}${requestBody.required ? ', required' : ', optional'}.`, '');
        const takes = this.objectLine(media.schema, 'Takes');
        if (takes) lines.push(takes, '');
        lines.push(...this.schemaSection(media, 'request', shown, 'the request body'));
        lines.push(...this.exampleBlocks(media, '###'));
      }
    }

    lines.push('## Example request', '', ...this.curl(operationId, method, route, requestMedia, requestType), '');

    lines.push('## Responses', '');
    for (const [status, responseNode] of Object.entries(operation.responses ?? {})) {
      const response = this.index.resolve(responseNode) ?? {};
      const reason = statusPhrase(status);
      lines.push(`### ${status}${reason ? ` ${reason}` : ''}`, '');
      if (response.description) lines.push(this.absolutize(response.description), '');
      const headers = Object.entries(response.headers ?? {});
      if (headers.length) {
        lines.push('| Header | Type | Description |', '| --- | --- | --- |');
        for (const [name, headerNode] of headers) {
          const header = this.index.resolve(headerNode) ?? {};
          lines.push(
            `| ${code(name)} | ${cell(this.typeOf(header.schema ?? {}))} | ${cell(this.absolutize(header.description))} |`,
          );
        }
        lines.push('');
      }
      const content = Object.entries(response.content ?? {});
      if (!content.length) lines.push('No response body.', '');
      for (const [type, media] of content) {
        lines.push(`Content type ${code(type)}.`, '');
        const returns = /^2/.test(status) && this.objectLine(media.schema, 'Returns');
        if (returns) lines.push(returns, '');
        lines.push(...this.schemaSection(media, 'response', shown, `the ${status} response`));
        lines.push(...this.exampleBlocks(media, '####'));
      }
    }
    return `${lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()}\n`;
  }
}
