#!/usr/bin/env node
// Generates the API reference from the bundled OpenAPI file (`npm run api:gen`): one MDX page per
// operation, one per tag, the overview page, the Problem types page and the sidebar, in generated/api/. Each page carries its
// own operation data as JSX props, so it lands in that page's chunk only; the React components in
// src/components/Api*/ render it. A spec this generator cannot render fails with a precise message.
import {mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {codeFence, jsxProp, markdownToHtml, markdownToMdx, plainSummary, yamlString} from './markdown.mjs';
import {PANEL_IMPORTS, panelMdx} from './panel.mjs';
import {linkObjects, listObjects, objectPage, requestBodyMdx, responseBodyMdx} from './objects.mjs';
import {schemaView} from './schema.mjs';
import {rolesMarkdown} from '../api-request/roles.mts';
import {
  HTTP_METHODS as METHODS,
  STATUS_PHRASES as REASONS,
  SpecError,
  deref,
  exampleOf,
  jsonMedia,
  namedExamples,
  pageId,
} from '../../src/lib/openapi/index.ts';
import {DEFAULT_BUNDLE, loadSpec} from '../../src/lib/openapi/load.ts';
import {
  MAX_LISTED_OPERATIONS,
  PROBLEM_TYPES_ID,
  PROBLEM_TYPES_TITLE,
  guideTitle,
  operationCount,
  problemCatalogue,
  problemUsage,
} from './problem-types.mjs';

export {METHODS, SpecError};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_INPUT = DEFAULT_BUNDLE;
export const DEFAULT_OUTPUT = path.join(root, 'generated/api');
export const OVERVIEW_ID = 'tributary-api';

/** The operations of the spec in document order, checked for what the reference needs. */
export function listOperations(spec) {
  if (!spec || typeof spec !== 'object') throw new SpecError('(root)', 'the document is not an object');
  if (!/^3\.[01]\./.test(String(spec.openapi ?? ''))) {
    throw new SpecError('openapi', `version "${spec.openapi ?? '(missing)'}" is not supported (3.0.x or 3.1.x)`);
  }
  if (!spec.info?.title) throw new SpecError('info.title', 'missing');
  if (!spec.paths || typeof spec.paths !== 'object') throw new SpecError('paths', 'missing');
  if (!spec.servers?.length) throw new SpecError('servers', 'at least one server is needed for the samples');
  const declaredTags = new Set((spec.tags ?? []).map((tag) => tag.name));
  const operations = [];
  const ids = new Map();
  for (const [route, item] of Object.entries(spec.paths)) {
    for (const method of Object.keys(item)) {
      if (!METHODS.includes(method)) continue;
      const operation = item[method];
      const where = `paths.${route}.${method}`;
      if (!operation.operationId) throw new SpecError(where, 'has no operationId (it names the page)');
      if (!operation.summary)
        throw new SpecError(where, `operation "${operation.operationId}" has no summary (the page title)`);
      if (operation.tags?.length !== 1) {
        throw new SpecError(
          where,
          `operation "${operation.operationId}" must have exactly one tag, has ${operation.tags?.length ?? 0}`,
        );
      }
      if (!declaredTags.has(operation.tags[0])) {
        throw new SpecError(
          where,
          `tag "${operation.tags[0]}" of "${operation.operationId}" is not declared in the top-level tags`,
        );
      }
      if (!operation.responses || !Object.keys(operation.responses).length) {
        throw new SpecError(where, `operation "${operation.operationId}" has no responses`);
      }
      const id = pageId(operation.operationId);
      if (ids.has(id) || id === OVERVIEW_ID || id === PROBLEM_TYPES_ID) {
        throw new SpecError(
          where,
          `page id "${id}" of "${operation.operationId}" is already used by ${ids.get(id) ?? (id === OVERVIEW_ID ? 'the overview' : 'the Problem types page')}`,
        );
      }
      ids.set(id, `"${operation.operationId}"`);
      const parameters = new Map();
      for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const {node} = deref(spec, parameter);
        if (!node?.name || !['path', 'query', 'header', 'cookie'].includes(node.in)) {
          throw new SpecError(where, `a parameter of "${operation.operationId}" has no name or an unknown "in"`);
        }
        parameters.set(`${node.in}:${node.name}`, node);
      }
      for (const [, name] of route.matchAll(/\{([^}]+)\}/g)) {
        if (!parameters.has(`path:${name}`)) {
          throw new SpecError(where, `path parameter "${name}" of "${operation.operationId}" is not declared`);
        }
      }
      operations.push({id, method, route, operation, parameters: [...parameters.values()]});
    }
  }
  for (const tag of declaredTags) {
    if (ids.has(pageId(tag))) throw new SpecError(`tags.${tag}`, `page id "${pageId(tag)}" is also an operation's`);
    if (pageId(tag) === PROBLEM_TYPES_ID)
      throw new SpecError(`tags.${tag}`, `page id "${pageId(tag)}" is the Problem types page's`);
  }
  return operations;
}

function parameterRow(spec, parameter, direction) {
  return {
    name: parameter.name,
    in: parameter.in,
    required: Boolean(parameter.required),
    deprecated: parameter.deprecated || undefined,
    description: markdownToHtml(parameter.description),
    schema: schemaView(spec, parameter.schema ?? {}, direction),
  };
}

function examplesMdx(examples, headingLabel) {
  return examples
    .map(
      (example) =>
        `**${headingLabel}: ${markdownToMdx(example.summary)}**\n\n${codeFence('json', JSON.stringify(example.value, null, 2))}`,
    )
    .join('\n\n');
}

const IMPORTS = [
  "import ApiEndpoint from '@site/src/components/ApiEndpoint';",
  "import ApiParameters from '@site/src/components/ApiParameters';",
  "import ApiSchema from '@site/src/components/ApiSchema';",
  ...PANEL_IMPORTS,
].join('\n');

function securityMdx(spec, operation) {
  const requirements = operation.security ?? spec.security ?? [];
  if (!requirements.length) return 'This operation needs no authentication.';
  return requirements
    .flatMap((requirement) => Object.keys(requirement))
    .map((name) => {
      const scheme = spec.components?.securitySchemes?.[name];
      if (!scheme) throw new SpecError(`security.${name}`, 'the security scheme is not declared in components');
      const kind =
        scheme.type === 'http'
          ? `HTTP ${scheme.scheme} authentication`
          : scheme.type === 'apiKey'
            ? `API key in the \`${scheme.name}\` ${scheme.in}`
            : scheme.type;
      return `- **${name}** (${kind}): ${markdownToMdx(scheme.description ?? '')}`.trimEnd();
    })
    .join('\n');
}

const SHARED_RESPONSE = /^#\/components\/responses\//;

/** A 4xx, 5xx or default response shared through components/responses. */
function isSharedError(status, rawResponse) {
  return (/^[45]/.test(status) || status === 'default') && SHARED_RESPONSE.test(rawResponse?.$ref ?? '');
}

/** Status, reason, when it happens and the problem types its examples show. */
function sharedErrorRow(spec, status, response) {
  const types = new Set();
  for (const media of Object.values(response.content ?? {})) {
    for (const example of namedExamples(spec, media)) {
      const type = example.value?.type;
      if (typeof type === 'string') types.add(type);
    }
  }
  return {
    status,
    reason: REASONS[status] ?? (status === 'default' ? 'Any other status' : ''),
    response,
    types: [...types],
  };
}

/** Headers every response of every operation carries: said once per page, not in each response's table. */
const commonHeadersOf = new WeakMap();
export function commonResponseHeaders(spec) {
  if (commonHeadersOf.has(spec)) return commonHeadersOf.get(spec);
  let common;
  for (const item of Object.values(spec.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      for (const raw of Object.values(operation.responses ?? {})) {
        const names = new Set(Object.keys(deref(spec, raw).node?.headers ?? {}));
        common = common ? new Set([...common].filter((name) => names.has(name))) : names;
      }
    }
  }
  commonHeadersOf.set(spec, common ?? new Set());
  return commonHeadersOf.get(spec);
}

/** One compact table for the shared errors, with the error model described once. */
function sharedErrorsMdx(spec, rows) {
  const typeLink = (uri) => {
    const slug = uri.split('#')[1] ?? uri.split('/').pop();
    const page = uri.includes('/docs/api/') ? `/docs/api/${uri.split('/docs/api/')[1]}` : uri;
    return `[\`${slug}\`](${page})`;
  };
  const lines = [
    '### Errors {#errors}',
    markdownToMdx(
      'Every error answers `application/problem+json` with `type`, `title`, `status`, `detail` and `request_id` ' +
        '(see [Errors](/docs/api/tributary-api#errors) and [Problem types](/docs/api/problem-types)), and carries ' +
        '`X-Request-Id` and the `RateLimit-*` headers; `429` and server errors add `Retry-After`.',
    ),
    '| Status | Problem types |\n| --- | --- |',
  ];
  // What each status means is the Problem types page's (one section per type): here, status and types.
  const body = rows.map(
    ({status, reason, types}) => `| ${`${status} ${reason}`.trim()} | ${types.map(typeLink).join(', ')} |`,
  );
  lines[2] += `\n${body.join('\n')}`;
  return lines.join('\n\n');
}

/** The MDX of one operation page. */
export function operationPage(spec, entry) {
  const {id, method, route, operation, parameters} = entry;
  const where = `paths.${route}.${method}`;
  const servers = (operation.servers ?? spec.servers).map(({url, description}) => ({
    url,
    description: description ?? url,
  }));
  const sections = [];

  for (const location of ['path', 'query', 'header', 'cookie']) {
    const rows = parameters.filter((parameter) => parameter.in === location);
    if (!rows.length) continue;
    const title = `${location[0].toUpperCase()}${location.slice(1)} parameters`;
    sections.push(
      `## ${title} {#${location}-parameters}\n\n<ApiParameters label=${jsxProp(title)} parameters=${jsxProp(rows.map((row) => parameterRow(spec, row, 'request')))} />`,
    );
  }

  let body;
  let contentType;
  let requestExamples = [];
  const requestBody = operation.requestBody ? deref(spec, operation.requestBody).node : undefined;
  if (requestBody) {
    const parts = [`## Request body {#request-body}`];
    parts.push(requestBody.required ? 'Required.' : 'Optional.');
    if (requestBody.description) parts.push(markdownToMdx(requestBody.description));
    for (const [type, media] of jsonMedia(requestBody.content, `${where}.requestBody`)) {
      parts.push(`Content type \`${type}\`:`);
      parts.push(
        requestBodyMdx(
          spec,
          media.schema,
          `<ApiSchema label="Request body" schema=${jsxProp(linkObjects(spec, schemaView(spec, media.schema ?? {}, 'request')))} />`,
        ),
      );
      if (body === undefined) {
        body = exampleOf(spec, media);
        contentType = type;
        // The panel shows the examples of the first media type, in the samples and in Try it.
        requestExamples = namedExamples(spec, media);
        if (!requestExamples.length && body !== undefined) {
          requestExamples = [{name: 'example', summary: 'Example', value: body}];
        }
      }
    }
    sections.push(parts.join('\n\n'));
  }

  const responses = ['## Responses {#responses}'];
  const common = [...commonResponseHeaders(spec)];
  if (common.length) {
    responses.push(
      `Every response carries ${common.map((name) => `\`${name}\``).join(', ')} (see the [API overview](/docs/api/${OVERVIEW_ID})).`,
    );
  }
  const sharedErrors = [];
  const panelResponses = [];
  for (const [status, rawResponse] of Object.entries(operation.responses)) {
    const response = deref(spec, rawResponse).node;
    const reason = REASONS[status] ?? (status === 'default' ? 'Any other status' : '');
    panelResponses.push({
      status,
      label: status === 'default' ? 'Other status' : `${status} ${reason}`.trim(),
      examples: jsonMedia(response.content, `${where}.responses.${status}`).flatMap(([, media]) =>
        namedExamples(spec, media),
      ),
    });
    // Errors many operations share (a $ref to components/responses) get one row each in a compact
    // table; the schema and headers of every problem are the same and are described once.
    if (isSharedError(status, rawResponse)) {
      sharedErrors.push(sharedErrorRow(spec, status, response));
      continue;
    }
    responses.push(`### ${status} ${reason} {#response-${status.toLowerCase()}}`.replace('  ', ' '));
    if (response.description) responses.push(markdownToMdx(response.description));
    const headers = Object.entries(response.headers ?? {})
      .filter(([name]) => !common.includes(name))
      .map(([name, header]) => {
        const {node} = deref(spec, header);
        return {...parameterRow(spec, {...node, name, in: 'header'}, 'response')};
      });
    if (headers.length) {
      responses.push(
        `<ApiParameters label=${jsxProp(`Headers of the ${status} response`)} parameters=${jsxProp(headers)} />`,
      );
    }
    for (const [type, media] of jsonMedia(response.content, `${where}.responses.${status}`)) {
      responses.push(`Content type \`${type}\`:`);
      const view = linkObjects(spec, schemaView(spec, media.schema ?? {}, 'response'), {prune: true});
      const label = `${status} response body`;
      // A 2xx body that is a resource object links its page and folds its fields.
      responses.push(
        /^2/.test(status)
          ? responseBodyMdx(spec, media.schema, view, label)
          : `<ApiSchema label=${jsxProp(label)} schema=${jsxProp(view)} />`,
      );
      // Successful responses show their examples in the panel only; an error of this operation
      // alone keeps its examples here too, beside the case they illustrate.
      const examples = /^2/.test(status) ? [] : namedExamples(spec, media);
      if (examples.length) responses.push(examplesMdx(examples, 'Example'));
    }
  }
  if (sharedErrors.length) responses.push(sharedErrorsMdx(spec, sharedErrors));
  sections.push(responses.join('\n\n'));

  const exampleValue = (parameter) => {
    const value = exampleOf(spec, parameter) ?? parameter.schema?.default ?? parameter.schema?.enum?.[0];
    return value === undefined ? undefined : String(value);
  };
  const pathParams = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => {
        const value = exampleValue(parameter);
        if (value === undefined) throw new SpecError(where, `path parameter "${parameter.name}" has no example`);
        return [parameter.name, value];
      }),
  );
  const query = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'query' && parameter.required)
      .map((parameter) => [parameter.name, exampleValue(parameter) ?? '']),
  );
  const explorer = {
    method,
    path: route,
    servers,
    parameters: parameters
      .filter((parameter) => parameter.in !== 'cookie')
      .map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: Boolean(parameter.required),
        // An optional header (Idempotency-Key) starts empty: a fixed example key would replay.
        example: parameter.in === 'header' && !parameter.required ? '' : (exampleValue(parameter) ?? ''),
      })),
    // Sending it to production asks first: it deletes something or purges caches.
    destructive: method === 'delete' || /\/purge[^/]*\/$/.test(route),
    // The panel adds the body of the chosen request example.
    contentType: body === undefined || contentType === 'application/json' ? undefined : contentType,
  };

  return `---
id: ${id}
title: ${yamlString(operation.summary)}
description: ${yamlString(plainSummary(operation.description, operation.summary))}
sidebar_label: ${yamlString(operation.summary)}
custom_edit_url: null
hide_table_of_contents: true
---

${IMPORTS}

<ApiEndpoint method="${method}" path=${jsxProp(route)} server=${jsxProp(servers[0].url)} operationId=${jsxProp(operation.operationId)} />

${markdownToMdx(operation.description ?? '')}

${panelMdx({call: {method, server: servers[0].url, path: route, pathParams, query, contentType}, requestExamples, responses: panelResponses, explorer})}

## Authentication {#authentication}

${securityMdx(spec, operation)}

${markdownToMdx(rolesMarkdown(operation))}

${sections.join('\n\n')}
`;
}

/**
 * The webhooks of the spec (OpenAPI 3.1 top-level `webhooks`): requests Tributary sends to the
 * customer. Each is shown on its tag's page, so it needs a summary and exactly one declared tag.
 */
export function listWebhooks(spec) {
  const declaredTags = new Set((spec.tags ?? []).map((tag) => tag.name));
  const webhooks = [];
  for (const [name, rawItem] of Object.entries(spec.webhooks ?? {})) {
    const item = deref(spec, rawItem).node ?? {};
    for (const method of Object.keys(item)) {
      if (!METHODS.includes(method)) continue;
      const operation = item[method];
      const where = `webhooks.${name}.${method}`;
      if (!operation.summary) throw new SpecError(where, 'has no summary (the section title)');
      if (operation.tags?.length !== 1 || !declaredTags.has(operation.tags[0])) {
        throw new SpecError(where, 'must have exactly one tag, declared in the top-level tags (its page)');
      }
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(
        (parameter) => deref(spec, parameter).node,
      );
      webhooks.push({name, method, operation, parameters});
    }
  }
  return webhooks;
}

/** The MDX section of one webhook on its tag page: headers, body and expected answers. */
function webhookSection(spec, {name, method, operation, parameters}) {
  const where = `webhooks.${name}.${method}`;
  const parts = [
    `### ${markdownToMdx(operation.summary)} {#webhook-${pageId(name)}}`,
    `Tributary sends \`${method.toUpperCase()}\` requests to your endpoint.`,
  ];
  if (operation.description) parts.push(markdownToMdx(operation.description));
  const headers = parameters.filter((parameter) => parameter.in === 'header');
  if (headers.length) {
    parts.push(
      `<ApiParameters label=${jsxProp(`Headers of the ${operation.summary} request`)} parameters=${jsxProp(headers.map((row) => parameterRow(spec, row, 'request')))} />`,
    );
  }
  const requestBody = operation.requestBody ? deref(spec, operation.requestBody).node : undefined;
  for (const [type, media] of jsonMedia(requestBody?.content, `${where}.requestBody`)) {
    parts.push(`Content type \`${type}\`:`);
    parts.push(
      `<ApiSchema label=${jsxProp(`${operation.summary} body`)} schema=${jsxProp(schemaView(spec, media.schema ?? {}, 'request'))} />`,
    );
    const examples = namedExamples(spec, media);
    if (examples.length) parts.push(examplesMdx(examples, 'Example'));
  }
  const answers = Object.entries(operation.responses ?? {}).map(([status, raw]) => {
    const response = deref(spec, raw).node ?? {};
    const label = status === 'default' ? 'Any other answer' : `\`${status}\``;
    return `- ${label}: ${markdownToMdx(response.description ?? '').replace(/\s*\n\s*/g, ' ')}`;
  });
  if (answers.length) parts.push(`What your endpoint answers:\n\n${answers.join('\n')}`);
  return parts.join('\n\n');
}

/** The MDX of a tag page: its description, its operations and the webhooks it documents. */
export function tagPage(tag, entries, webhooks = [], spec = undefined) {
  const operations = entries.map(({id, method, route, operation}) => ({
    id,
    method,
    path: route,
    summary: operation.summary,
  }));
  const imports = ["import ApiOperationList from '@site/src/components/ApiOperationList';"];
  let webhookMdx = '';
  if (webhooks.length) {
    imports.push(
      "import ApiParameters from '@site/src/components/ApiParameters';",
      "import ApiSchema from '@site/src/components/ApiSchema';",
    );
    webhookMdx = `\n## Webhooks {#webhooks}\n\n${webhooks.map((webhook) => webhookSection(spec, webhook)).join('\n\n')}\n`;
  }
  return `---
id: ${pageId(tag.name)}
title: ${yamlString(tag.name)}
description: ${yamlString(plainSummary(tag.description, tag.name))}
custom_edit_url: null
---

${imports.join('\n')}

${markdownToMdx(tag.description ?? '')}

## Operations {#operations}

<ApiOperationList operations=${jsxProp(operations)} />
${webhookMdx}`;
}

/** The MDX of the overview page: the spec's info.description, its security schemes and contacts. */
export function overviewPage(spec) {
  const {info} = spec;
  const schemes = Object.entries(spec.components?.securitySchemes ?? {});
  const about = [];
  if (info.contact?.url) about.push(`- Contact: [${info.contact.name ?? info.contact.url}](${info.contact.url})`);
  if (info.contact?.email) about.push(`- Email: [${info.contact.email}](mailto:${info.contact.email})`);
  if (info.termsOfService) about.push(`- [Terms of service](${info.termsOfService})`);
  if (info.license) {
    about.push(`- License: ${info.license.url ? `[${info.license.name}](${info.license.url})` : info.license.name}`);
  }
  return `---
id: ${OVERVIEW_ID}
title: ${yamlString(info.title)}
description: ${yamlString(plainSummary(info.description, info.title))}
sidebar_label: Introduction
sidebar_position: 0
custom_edit_url: null
---

<span className="badge badge--secondary">Version: ${markdownToMdx(info.version)}</span>

${markdownToMdx(info.description ?? '')}

## Security schemes {#security-schemes}

${schemes
  .map(
    ([name, scheme]) =>
      `- **${name}** (${scheme.type}${scheme.scheme ? `, scheme \`${scheme.scheme}\`` : ''}): ${markdownToMdx(scheme.description ?? '')}`,
  )
  .join('\n')}
${about.length ? `\n## Contact and terms {#contact-and-terms}\n\n${about.join('\n')}\n` : ''}`;
}

/** What a section of the Problem types page says about the operations that return its type. */
function returnedByMdx(uses, total) {
  if (!uses.length) return 'No operation shows it in an example yet.';
  if (uses.length === total) return 'Every operation.';
  if (uses.length > MAX_LISTED_OPERATIONS) {
    return `${uses.length} operations; each operation page shows it under **Responses**.`;
  }
  return uses
    .map(
      ({id, method, route, summary}) =>
        `[${markdownToMdx(summary)}](/docs/api/${id}) (\`${method.toUpperCase()} ${route}\`)`,
    )
    .join(', ');
}

/** The MDX of the Problem types page: one section per type of the catalogue, anchored by its slug. */
export function problemTypesPage(spec, catalogue = problemCatalogue(spec)) {
  const usage = problemUsage(spec, catalogue);
  const total = operationCount(spec);
  const index = catalogue.types
    .map(({slug, status, title}) => `| ${status} | [\`${slug}\`](#${slug}) | ${markdownToMdx(title)} |`)
    .join('\n');
  const sections = catalogue.types.map((type) => {
    const lines = [
      `## ${markdownToMdx(type.title)} {#${type.slug}}`,
      `**Status:** \`${`${type.status} ${REASONS[type.status] ?? ''}`.trim()}\``,
      `**Type:** \`${type.uri}\``,
      `**Cause:** ${markdownToMdx(type.cause)}`,
      `**What to do:** ${markdownToMdx(type.fix)}`,
      `**Returned by:** ${returnedByMdx(usage.get(type.slug), total)}`,
    ];
    if (type.guides.length) {
      lines.push(
        `**Guides:** ${type.guides.map((href) => `[${markdownToMdx(guideTitle(href))}](${href})`).join(', ')}`,
      );
    }
    return lines.join('\n\n');
  });
  return `---
id: ${PROBLEM_TYPES_ID}
title: ${yamlString(PROBLEM_TYPES_TITLE)}
description: ${yamlString('Every problem type of the API’s error responses: its status, what causes it and what to do.')}
sidebar_label: ${yamlString(PROBLEM_TYPES_TITLE)}
sidebar_position: 1
custom_edit_url: null
toc_max_heading_level: 2
---

Every error response of the API is an \`application/problem+json\` document (see
[Errors](/docs/api/${OVERVIEW_ID}#errors)). Its \`type\` is the address of one section of this page,
such as \`${catalogue.types[0]?.uri ?? `${catalogue.base}#<type>`}\`: branch on it, not on \`title\`
or \`detail\`. New types may appear; treat an unknown type by its HTTP status.

| Status | Type | Title |
| --- | --- | --- |
${index}

${sections.join('\n\n')}
`;
}

/**
 * Descriptions may link API pages as `/docs/api/<page>`; those inside schemas become plain HTML the
 * docs build does not check, so every such link must name a generated page.
 */
function checkApiLinks(spec, operations, catalogue) {
  const pages = new Set([
    OVERVIEW_ID,
    ...operations.map((entry) => entry.id),
    ...(spec.tags ?? []).map((tag) => pageId(tag.name)),
    ...(catalogue ? [PROBLEM_TYPES_ID] : []),
  ]);
  const slugs = new Set(catalogue?.types.map((type) => type.slug));
  const text = JSON.stringify(spec);
  for (const [, page, anchor] of text.matchAll(/\/docs\/api\/([\w-]+)(?:#([\w-]+))?/g)) {
    if (!pages.has(page)) throw new SpecError('links', `"/docs/api/${page}" is not an API reference page`);
    // A problem type URI (or a link to one) names a section of the Problem types page.
    if (page === PROBLEM_TYPES_ID && anchor && !slugs.has(anchor)) {
      throw new SpecError('links', `"/docs/api/${page}#${anchor}" names no type of x-problem-types`);
    }
  }
}

/** Every file of generated/api: page MDX and the sidebar, by file name. */
export function buildReference(spec) {
  const operations = listOperations(spec);
  let catalogue;
  try {
    catalogue = problemCatalogue(spec);
  } catch (error) {
    const [where, ...message] = error.message.split(': ');
    throw new SpecError(where, message.join(': '));
  }
  const webhooks = listWebhooks(spec);
  checkApiLinks(spec, operations, catalogue);
  const files = new Map();
  files.set(`${OVERVIEW_ID}.info.mdx`, overviewPage(spec));
  const sidebar = [{type: 'doc', id: OVERVIEW_ID}];
  if (catalogue) {
    files.set(`${PROBLEM_TYPES_ID}.info.mdx`, problemTypesPage(spec, catalogue));
    sidebar.push({type: 'doc', id: PROBLEM_TYPES_ID, label: PROBLEM_TYPES_TITLE});
  }
  // Operation pages first: a fault in an operation is reported at the operation.
  for (const entry of operations) {
    try {
      files.set(`${entry.id}.api.mdx`, operationPage(spec, entry));
    } catch (error) {
      if (error instanceof SpecError) throw error;
      throw new SpecError(`paths.${entry.route}.${entry.method}`, error.message);
    }
  }
  // One page per resource object, first in the category of the tag whose operations return it most.
  const objects = listObjects(spec);
  const taken = new Map([
    [OVERVIEW_ID, 'the overview'],
    [PROBLEM_TYPES_ID, 'the Problem types page'],
    ...(spec.tags ?? []).map((tag) => [pageId(tag.name), `the tag "${tag.name}"`]),
    ...operations.map((entry) => [entry.id, `"${entry.operation.operationId}"`]),
  ]);
  for (const object of objects) {
    if (taken.has(object.id)) {
      throw new SpecError(
        `components.schemas.${object.name}`,
        `page id "${object.id}" of the ${object.name} object is already used by ${taken.get(object.id)}`,
      );
    }
    taken.set(object.id, `the ${object.name} object`);
    files.set(
      `${object.id}.object.mdx`,
      objectPage(spec, object, schemaView(spec, {$ref: `#/components/schemas/${object.name}`}, 'response')),
    );
  }
  for (const tag of spec.tags ?? []) {
    const entries = operations.filter((entry) => entry.operation.tags[0] === tag.name);
    if (!entries.length) continue;
    const tagObjects = objects.filter((object) => object.tag === tag.name);
    const tagWebhooks = webhooks.filter((webhook) => webhook.operation.tags[0] === tag.name);
    files.set(`${pageId(tag.name)}.tag.mdx`, tagPage(tag, entries, tagWebhooks, spec));
    sidebar.push({
      type: 'category',
      label: tag.name,
      link: {type: 'doc', id: pageId(tag.name)},
      items: [
        ...tagObjects.map((object) => ({type: 'doc', id: object.id, label: object.title, className: 'api-object'})),
        ...entries.map(({id, method, operation}) => ({
          type: 'doc',
          id,
          label: operation.summary,
          className: `api-method ${method}`,
        })),
      ],
    });
  }
  files.set(
    'sidebar.ts',
    `// Generated by plugins/api-reference/generate.mjs from the OpenAPI bundle: do not edit.
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

const sidebar: SidebarsConfig[string] = ${JSON.stringify(sidebar, null, 2)};

export default sidebar;
`,
  );
  return files;
}

/** Replaces the generated pages in `outputDir` with `files`. */
export function writeReference(outputDir, files) {
  mkdirSync(outputDir, {recursive: true});
  for (const name of readdirSync(outputDir)) {
    if (/\.mdx$|^sidebar\.(ts|js)$/.test(name)) rmSync(path.join(outputDir, name));
  }
  for (const [name, content] of files) writeFileSync(path.join(outputDir, name), content);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [input = DEFAULT_INPUT, output = DEFAULT_OUTPUT] = process.argv.slice(2);
  try {
    const files = buildReference(loadSpec(input));
    writeReference(output, files);
    console.log(`[api-reference] ${files.size - 1} pages written to ${path.relative(root, output) || output}`);
  } catch (error) {
    console.error(`[api-reference] ${error.message}`);
    process.exit(1);
  }
}
