// The Markdown page of one operation in the API reference's Markdown twin, with a curl example
// of its first request example.
import {
  curlCommand,
  exampleOf,
  fillPath,
  namedExamples,
  pageId,
  statusPhrase,
  type OpenApiNode,
} from '../../src/lib/openapi/index.ts';
import {rolesMarkdown} from '../api-request/roles.mts';
import {cell, code} from './markdown-text.mts';
import type {IndexedOperation, SpecMarkdown} from './spec-markdown.mts';

/** The example request of an operation, as curl (its first request example as the body). */
function exampleRequest(
  api: SpecMarkdown,
  operationId: string,
  {method, route, operation, parameters}: IndexedOperation,
  requestMedia: OpenApiNode | undefined,
  requestType = 'application/json',
): string[] {
  const pathParams = Object.fromEntries(
    parameters.filter((p) => p.in === 'path').map((p) => [p.name, exampleOf(api.spec, p)]),
  );
  const url = `${api.index.serverFor(operationId)}${fillPath(route, pathParams, {missing: 'keep'})}`;
  const body = requestMedia ? namedExamples(api.spec, requestMedia)[0]?.value : undefined;
  const command = curlCommand({method, url, body, contentType: requestType}, {auth: operation.security?.length !== 0});
  return ['```bash', command, '```'];
}

/**
 * The Markdown page of one operation: its method, path, authentication, parameters, request body,
 * an example request and its responses.
 */
export function operationMarkdown(api: SpecMarkdown, operationId: string): string {
  const entry = api.index.operations.get(operationId);
  if (!entry) throw new Error(`No operation "${operationId}" in the OpenAPI bundle.`);
  const {method, route, operation, parameters} = entry;
  const server = api.index.serverFor(operationId);
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
  if (operation.description) lines.push(api.absolutize(operation.description), '');
  lines.push(`- Operation ID: ${code(operationId)}`);
  if (tag) lines.push(`- Tag: [${tag}](${api.pageUrl(pageId(tag))})`);
  lines.push('', '## Authentication', '', ...api.securityLines(operation.security ?? api.spec.security), '');
  const roles = rolesMarkdown(operation);
  if (roles) lines.push(api.absolutize(roles), '');

  if (parameters.length) {
    lines.push('## Parameters', '', '| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |');
    for (const parameter of parameters) {
      const description = api.fieldDescription(parameter, parameter.description, parameter.schema ?? {});
      lines.push(
        `| ${code(parameter.name)} | ${parameter.in} | ${cell(api.typeOf(parameter.schema ?? {}))} | ` +
          `${parameter.required ? 'yes' : 'no'} | ${cell(description)} |`,
      );
    }
    lines.push('');
  }

  const shown = new Map<string, string>();
  const requestBody = api.index.resolve(operation.requestBody);
  const requestType = api.index.requestContentType(operationId);
  const requestMedia = requestType && requestBody.content[requestType];
  if (requestBody) {
    lines.push('## Request body', '');
    if (requestBody.description) lines.push(api.absolutize(requestBody.description), '');
    for (const [type, media] of Object.entries<OpenApiNode>(requestBody.content ?? {})) {
      lines.push(`Content type ${code(type)}${requestBody.required ? ', required' : ', optional'}.`, '');
      const takes = api.objectLine(media.schema, 'Takes');
      if (takes) lines.push(takes, '');
      lines.push(...api.schemaSection(media, 'request', shown, 'the request body'));
      lines.push(...api.exampleBlocks(media, '###'));
    }
  }

  lines.push('## Example request', '', ...exampleRequest(api, operationId, entry, requestMedia, requestType), '');

  lines.push('## Responses', '');
  for (const [status, responseNode] of Object.entries<OpenApiNode>(operation.responses ?? {})) {
    const response = api.index.resolve(responseNode) ?? {};
    const reason = statusPhrase(status);
    lines.push(`### ${status}${reason ? ` ${reason}` : ''}`, '');
    if (response.description) lines.push(api.absolutize(response.description), '');
    const headers = Object.entries<OpenApiNode>(response.headers ?? {});
    if (headers.length) {
      lines.push('| Header | Type | Description |', '| --- | --- | --- |');
      for (const [name, headerNode] of headers) {
        const header = api.index.resolve(headerNode) ?? {};
        const description = api.fieldDescription(header, header.description, header.schema ?? {});
        lines.push(`| ${code(name)} | ${cell(api.typeOf(header.schema ?? {}))} | ${cell(description)} |`);
      }
      lines.push('');
    }
    const content = Object.entries<OpenApiNode>(response.content ?? {});
    if (!content.length) lines.push('No response body.', '');
    for (const [type, media] of content) {
      lines.push(`Content type ${code(type)}.`, '');
      const returns = /^2/.test(status) && api.objectLine(media.schema, 'Returns');
      if (returns) lines.push(returns, '');
      lines.push(...api.schemaSection(media, 'response', shown, `the ${status} response`));
      lines.push(...api.exampleBlocks(media, '####'));
    }
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
