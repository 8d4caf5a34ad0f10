// The MDX page of one operation: its endpoint, description, request/response panel, authentication,
// parameters, request body and responses. The page carries its operation data as JSX props, so it
// lands in that page's chunk only; the components in src/components/Api*/ render it.
import {
  SpecError,
  deref,
  exampleOf,
  jsonMedia,
  namedExamples,
  type NamedExample,
  type OpenApiNode,
} from '../../src/lib/openapi/index.ts';
import type {ExplorerOperation} from '../../src/components/ApiExplorer/types.ts';
import {rolesMarkdown} from '../../plugins/api-request/roles.mts';
import {jsxProp, markdownToMdx, plainSummary, yamlString} from './markdown.mts';
import {linkObjects, requestBodyMdx} from './objects.mts';
import type {OperationPageEntry} from './operations.mts';
import {PANEL_IMPORTS, panelMdx} from './panel.mts';
import {responsesMdx} from './responses.mts';
import {parameterRow, schemaView} from './schema.mts';

const IMPORTS = [
  "import ApiEndpoint from '@site/src/components/ApiEndpoint';",
  "import ApiParameters from '@site/src/components/ApiParameters';",
  "import ApiSchema from '@site/src/components/ApiSchema';",
  ...PANEL_IMPORTS,
].join('\n');

const PARAMETER_LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;

function securityMdx(spec: OpenApiNode, operation: OpenApiNode): string {
  const requirements: OpenApiNode[] = operation.security ?? spec.security ?? [];
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

/** The "Request body" section, and the body, media type and examples the panel shows. */
function requestBodySection(
  spec: OpenApiNode,
  {method, route, operation}: OperationPageEntry,
): {mdx?: string; body?: unknown; contentType?: string; requestExamples: NamedExample[]} {
  const requestBody = operation.requestBody ? deref(spec, operation.requestBody).node : undefined;
  if (!requestBody) return {requestExamples: []};
  let body: unknown;
  let contentType: string | undefined;
  let requestExamples: NamedExample[] = [];
  const parts = [`## Request body {#request-body}`];
  parts.push(requestBody.required ? 'Required.' : 'Optional.');
  if (requestBody.description) parts.push(markdownToMdx(requestBody.description));
  for (const [type, media] of jsonMedia<OpenApiNode>(requestBody.content, `paths.${route}.${method}.requestBody`)) {
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
  return {mdx: parts.join('\n\n'), body, contentType, requestExamples};
}

/** A parameter's value in the samples and Try it: its example, default or first allowed value. */
function exampleValue(spec: OpenApiNode, parameter: OpenApiNode): string | undefined {
  const value = exampleOf(spec, parameter) ?? parameter.schema?.default ?? parameter.schema?.enum?.[0];
  return value === undefined ? undefined : String(value);
}

/** The MDX of one operation page. */
export function operationPage(spec: OpenApiNode, entry: OperationPageEntry): string {
  const {id, method, route, operation, parameters} = entry;
  const where = `paths.${route}.${method}`;
  const servers: ExplorerOperation['servers'] = (operation.servers ?? spec.servers).map(
    ({url, description}: OpenApiNode) => ({url, description: description ?? url}),
  );
  const sections = [];

  for (const location of PARAMETER_LOCATIONS) {
    const rows = parameters.filter((parameter) => parameter.in === location);
    if (!rows.length) continue;
    const title = `${location[0].toUpperCase()}${location.slice(1)} parameters`;
    sections.push(
      `## ${title} {#${location}-parameters}\n\n<ApiParameters label=${jsxProp(title)} parameters=${jsxProp(rows.map((row) => parameterRow(spec, row, 'request')))} />`,
    );
  }

  const request = requestBodySection(spec, entry);
  if (request.mdx) sections.push(request.mdx);
  const {body, contentType, requestExamples} = request;

  const responses = responsesMdx(spec, entry);
  sections.push(responses.mdx);

  const pathParams = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => {
        const value = exampleValue(spec, parameter);
        if (value === undefined) throw new SpecError(where, `path parameter "${parameter.name}" has no example`);
        return [parameter.name, value];
      }),
  );
  const query = Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === 'query' && parameter.required)
      .map((parameter) => [parameter.name, exampleValue(spec, parameter) ?? '']),
  );
  const explorer: ExplorerOperation = {
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
        example: parameter.in === 'header' && !parameter.required ? '' : (exampleValue(spec, parameter) ?? ''),
      })),
    // Sending it to production asks first: it deletes something or purges caches.
    destructive: method === 'delete' || /\/purge[^/]*\/$/.test(route),
    // The panel adds the body of the chosen request example.
    contentType: body === undefined || contentType === 'application/json' ? undefined : contentType,
  };
  const call = {method, server: servers[0].url, path: route, pathParams, query, contentType};

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

${panelMdx({call, requestExamples, responses: responses.panelResponses, explorer})}

## Authentication {#authentication}

${securityMdx(spec, operation)}

${markdownToMdx(rolesMarkdown(operation))}

${sections.join('\n\n')}
`;
}
