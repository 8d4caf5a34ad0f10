// Markdown of the API reference pages, written from the OpenAPI bundle rather than from the
// rendered pages: the overview, the Problem types page, one page per tag, one per resource object
// (its fields, example and operations; scripts/api-reference/objects.mts) and one per operation
// (./operation-markdown.mts).
import {pageId, statusPhrase, type OpenApiNode} from '../../src/lib/openapi/index.ts';
import {
  MAX_LISTED_OPERATIONS,
  PROBLEM_TYPES_ID,
  PROBLEM_TYPES_TITLE,
  guideTitle,
  operationCount,
  problemCatalogue,
  problemUsage,
  type ProblemCatalogue,
} from '../../src/lib/openapi/problem-types.ts';
import {listObjects, type ResourceObject} from '../../scripts/api-reference/objects.mts';
import {cell, code, summarize} from './markdown-text.mts';
import {operationMarkdown} from './operation-markdown.mts';
import {SpecMarkdown, type IndexedOperation} from './spec-markdown.mts';

/** The methods a webhook may use. */
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** A page of the API reference's Markdown twin. */
export interface ApiPage {
  kind: 'overview' | 'problem-types' | 'tag' | 'object' | 'operation';
  /** Its site path, such as `/docs/api/origins`. */
  path: string;
  title: string;
  description: string;
  tag?: string;
  markdown: string;
}

/** A webhook documented on its tag's page. */
interface WebhookEntry {
  name: string;
  method: string;
  operation: OpenApiNode;
  parameters: OpenApiNode[];
}

/** The pages of the API reference's Markdown twin, from the bundle and where the site is published. */
export class ApiMarkdown extends SpecMarkdown {
  /** Every page of the API reference: `{kind, path, title, description, tag?, markdown}`. */
  pages(): ApiPage[] {
    const tags = this.spec.tags ?? [];
    const pages: ApiPage[] = [
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

  operationsOfTag(name: string): [string, IndexedOperation][] {
    return [...this.index.operations].filter(([, entry]) => entry.operation.tags?.[0] === name);
  }

  overviewMarkdown(): string {
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

  /** An object page: its description, fields (as returned), an example and the operations that take or return it. */
  objectMarkdown(object: ResourceObject): string {
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

  tagMarkdown(tag: {name: string; description?: string}): string {
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
  webhooksOfTag(name: string): WebhookEntry[] {
    return Object.entries<OpenApiNode>(this.spec.webhooks ?? {}).flatMap(([webhook, itemNode]) => {
      const item = this.index.resolve(itemNode) ?? {};
      return Object.entries<OpenApiNode>(item)
        .filter(([method, operation]) => METHODS.includes(method) && operation.tags?.[0] === name)
        .map(([method, operation]) => ({
          name: webhook,
          method,
          operation,
          parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p: OpenApiNode) =>
            this.index.resolve(p),
          ),
        }));
    });
  }

  /** One webhook: the request Tributary sends (headers, body, examples) and what the endpoint answers. */
  webhookLines({name, method, operation, parameters}: WebhookEntry): string[] {
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
    for (const [type, media] of Object.entries<OpenApiNode>(requestBody?.content ?? {})) {
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

  /** The Problem types page: one section per type of the catalogue, with the operations that return it. */
  problemTypesMarkdown(catalogue: ProblemCatalogue): string {
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
      const uses = usage.get(type.slug) ?? [];
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
        // The id the page gives the section (its slug: the fragment of the type URI), as in the MDX.
        `## ${type.title} {#${type.slug}}`,
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

  /** The Markdown of one operation's page. */
  operationMarkdown(operationId: string): string {
    return operationMarkdown(this, operationId);
  }
}
