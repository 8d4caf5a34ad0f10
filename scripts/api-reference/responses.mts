// The "Responses" section of an operation page, and the responses as its panel lists them. Errors
// many operations share are one compact table; headers every response carries are named once.
import {
  STATUS_PHRASES as REASONS,
  deref,
  jsonMedia,
  namedExamples,
  type OpenApiNode,
} from '../../src/lib/openapi/index.ts';
import {examplesMdx, jsxProp, markdownToMdx} from './markdown.mts';
import {linkObjects, responseBodyMdx} from './objects.mts';
import {OVERVIEW_ID, isHttpMethod, type OperationPageEntry} from './operations.mts';
import type {PanelResponse} from './panel.mts';
import {parameterRow, schemaView} from './schema.mts';

const SHARED_RESPONSE = /^#\/components\/responses\//;

/** A row of the shared errors' table: a status and the problem types its examples show. */
interface SharedErrorRow {
  status: string;
  reason: string;
  types: string[];
}

/** A 4xx, 5xx or default response shared through components/responses. */
function isSharedError(status: string, rawResponse: OpenApiNode | undefined): boolean {
  return (/^[45]/.test(status) || status === 'default') && SHARED_RESPONSE.test(rawResponse?.$ref ?? '');
}

/** The reason phrase of a status, or what `default` stands for. */
const reasonOf = (status: string): string => REASONS[status] ?? (status === 'default' ? 'Any other status' : '');

function sharedErrorRow(spec: OpenApiNode, status: string, response: OpenApiNode): SharedErrorRow {
  const types = new Set<string>();
  for (const media of Object.values<OpenApiNode>(response.content ?? {})) {
    for (const example of namedExamples(spec, media)) {
      const type = (example.value as OpenApiNode | undefined)?.type;
      if (typeof type === 'string') types.add(type);
    }
  }
  return {status, reason: reasonOf(status), types: [...types]};
}

/** Headers every response of every operation carries: said once per page, not in each response's table. */
const commonHeadersOf = new WeakMap<OpenApiNode, Set<string>>();
export function commonResponseHeaders(spec: OpenApiNode): Set<string> {
  const cached = commonHeadersOf.get(spec);
  if (cached) return cached;
  let common: Set<string> | undefined;
  for (const item of Object.values<OpenApiNode>(spec.paths ?? {})) {
    for (const [method, operation] of Object.entries<OpenApiNode>(item)) {
      if (!isHttpMethod(method)) continue;
      for (const raw of Object.values(operation.responses ?? {})) {
        const names = new Set(Object.keys(deref(spec, raw).node?.headers ?? {}));
        common = common ? new Set([...common].filter((name) => names.has(name))) : names;
      }
    }
  }
  const headers = common ?? new Set<string>();
  commonHeadersOf.set(spec, headers);
  return headers;
}

/** One compact table for the shared errors, with the error model described once. */
function sharedErrorsMdx(rows: SharedErrorRow[]): string {
  const typeLink = (uri: string) => {
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

/** The MDX of the operation's responses, and the responses with their examples for its panel. */
export function responsesMdx(
  spec: OpenApiNode,
  {method, route, operation}: OperationPageEntry,
): {mdx: string; panelResponses: PanelResponse[]} {
  const where = `paths.${route}.${method}`;
  const responses = ['## Responses {#responses}'];
  const common = [...commonResponseHeaders(spec)];
  if (common.length) {
    responses.push(
      `Every response carries ${common.map((name) => `\`${name}\``).join(', ')} (see the [API overview](/docs/api/${OVERVIEW_ID})).`,
    );
  }
  const sharedErrors: SharedErrorRow[] = [];
  const panelResponses: PanelResponse[] = [];
  for (const [status, rawResponse] of Object.entries<OpenApiNode>(operation.responses)) {
    const response = deref(spec, rawResponse).node;
    const reason = reasonOf(status);
    panelResponses.push({
      status,
      label: status === 'default' ? 'Other status' : `${status} ${reason}`.trim(),
      examples: jsonMedia<OpenApiNode>(response.content, `${where}.responses.${status}`).flatMap(([, media]) =>
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
    const headers = Object.entries<OpenApiNode>(response.headers ?? {})
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
    for (const [type, media] of jsonMedia<OpenApiNode>(response.content, `${where}.responses.${status}`)) {
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
  if (sharedErrors.length) responses.push(sharedErrorsMdx(sharedErrors));
  return {mdx: responses.join('\n\n'), panelResponses};
}
