// The MDX page of a tag: its description, its operations and the webhooks it documents.
import {deref, jsonMedia, namedExamples, pageId, type OpenApiNode} from '../../src/lib/openapi/index.ts';
import type {ApiOperationSummary} from '../../src/components/ApiOperationList/index.tsx';
import {examplesMdx, jsxProp, markdownToMdx, plainSummary, yamlString} from './markdown.mts';
import type {OperationPageEntry, Webhook} from './operations.mts';
import {parameterRow, schemaView} from './schema.mts';

/** The MDX section of one webhook on its tag page: headers, body and expected answers. */
function webhookSection(spec: OpenApiNode, {name, method, operation, parameters}: Webhook): string {
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
  for (const [type, media] of jsonMedia<OpenApiNode>(requestBody?.content, `${where}.requestBody`)) {
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
export function tagPage(
  spec: OpenApiNode,
  tag: OpenApiNode,
  entries: OperationPageEntry[],
  webhooks: Webhook[] = [],
): string {
  const operations: ApiOperationSummary[] = entries.map(({id, method, route, operation}) => ({
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
