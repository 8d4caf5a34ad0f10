// The docs site as an MCP server: its tools and resources over a loaded build (see site.mts). The
// same server runs over Streamable HTTP (http.mts, behind nginx at /docs/mcp) and over stdio
// (stdio.mts). Every tool only reads, except sandbox_request (./sandbox.mts), which sends an API call
// to the API sandbox the server was started with; a bad argument or an unknown page, operation or
// section ends as a tool error (isError) with a message saying what to do instead.
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {pageOf} from '../plugins/search/engine/engine';
import {registerSandboxTool} from './sandbox.mts';
import type {SandboxClient} from './sandbox-client.mts';
import {DocsSite, UserError, type Operation} from './site.mts';

export const SERVER_NAME = 'tributary-docs';
export const SERVER_VERSION = '1.0.0';
/** Where nginx serves the server, under the site's base URL. */
export const MCP_PATH = '/docs/mcp';

/**
 * Bounds of the arguments: above any real use, low enough that no call is costly (a search runs
 * synchronously, and its cost grows with the number of terms, each expanded by prefix and typo).
 */
export const LIMITS = {queryChars: 200, queryTerms: 12, addressChars: 2000, results: 50, parameters: 100};
/** Results asked of the engine per result wanted when a section filter drops the others, and at most. */
const SECTION_FETCH = {perResult: 4, max: 200};
/** An HTTP method at the start of a path argument: `POST /services/{serviceId}/origins`. */
const LEADING_METHOD = /^\s*(get|put|post|delete|patch|head|options|trace)\s+(\S.*)$/i;

const READ_ONLY = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false} as const;

const text = (value: string): CallToolResult['content'][number] => ({type: 'text', text: value});

/**
 * Wraps a tool body: a UserError becomes a tool error with its message; any other error is a bug,
 * logged on stderr and answered without its details (they hold file paths of the server).
 */
function tool<A>(body: (args: A) => CallToolResult): (args: A) => CallToolResult {
  return (args) => {
    try {
      return body(args);
    } catch (error) {
      if (error instanceof UserError) return {content: [text(error.message)], isError: true};
      console.error(`[mcp] ${(error as Error).stack ?? error}`);
      return {content: [text('Internal error: the server could not answer this call.')], isError: true};
    }
  };
}

const parameterValues = z
  .record(z.string(), z.unknown())
  .refine((value) => Object.keys(value).length <= LIMITS.parameters, `at most ${LIMITS.parameters} parameters`);

export interface DocsServerOptions {
  /** The API sandbox sandbox_request calls; without it, the tool answers that none is configured. */
  sandbox?: SandboxClient;
}

export function createDocsServer(site: DocsSite, options: DocsServerOptions = {}): McpServer {
  const server = new McpServer(
    {name: SERVER_NAME, title: 'Tributary documentation', version: SERVER_VERSION},
    {
      instructions:
        'The Tributary documentation (guides and API reference). Use search_docs to find pages, read_page to read ' +
        'one as Markdown, get_api_operation for an API operation, validate_api_request to check an API call ' +
        'against the OpenAPI schemas before sending it, and sandbox_request to send it to the API sandbox ' +
        '(test data) and see the real answer.',
    },
  );
  const sections = sectionsOf(site);

  server.registerTool(
    'search_docs',
    {
      title: 'Search the documentation',
      description:
        'Searches every guide and API reference page with the site search (the same ranking as the search box: ' +
        'prefixes, typos, exact method + path for API operations). Returns the best sections, each with its page ' +
        'title, section of the site, heading, address and a snippet (matched words in **bold**). Pass a result ' +
        'address to read_page for the full text.',
      inputSchema: {
        query: z
          .string()
          .min(1)
          .max(LIMITS.queryChars, `the query is longer than ${LIMITS.queryChars} characters; use a few words`)
          .refine(
            (query) => query.trim().split(/\s+/).length <= LIMITS.queryTerms,
            `the query has more than ${LIMITS.queryTerms} words; use a few words`,
          )
          .describe('Words, an error message, an API path such as "POST /services/{service_id}/origins"'),
        section: z
          .string()
          .max(200)
          .optional()
          .describe(
            `Only this part of the site: ${[...sections].filter((name) => !name.includes('/')).join(', ')} ` +
              '(api is the API reference), or a guide category such as Guides/Origins',
          ),
        limit: z.number().int().min(1).max(LIMITS.results).default(10).describe('Results at most (default 10)'),
      },
      outputSchema: {
        results: z.array(
          z.object({
            title: z.string(),
            section: z.string(),
            heading: z.string(),
            url: z.string(),
            snippet: z.string(),
          }),
        ),
      },
      annotations: {title: 'Search the documentation', ...READ_ONLY},
    },
    tool(({query, section, limit}) => {
      const results = search(site, sections, query, section, limit);
      const lines = results.map(
        (result, position) =>
          `${position + 1}. [${result.title}${result.heading ? ` › ${result.heading}` : ''}](${result.url})` +
          ` (${result.section || 'home'})\n   ${result.snippet}`,
      );
      return {
        content: [text(lines.length ? lines.join('\n') : `Nothing found for "${query}".`)],
        structuredContent: {results},
      };
    }),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page as Markdown',
      description:
        'Returns the Markdown version of a documentation page: a guide, a category page or an API reference page. ' +
        'Give its address (https://…/docs/Guides/Origins/Origin%20Shield, /docs/api/services-list, a search ' +
        'result URL with its #anchor, or the .md address).',
      inputSchema: {
        address: z.string().min(1).max(LIMITS.addressChars).describe('The page address or search result URL'),
      },
      annotations: {title: 'Read a page as Markdown', ...READ_ONLY},
    },
    tool(({address}) => {
      const page = site.readPage(address);
      return {content: [text(page.markdown)], _meta: {url: page.url, markdownUrl: page.markdownUrl}};
    }),
  );

  server.registerTool(
    'get_api_operation',
    {
      title: 'Look up an API operation',
      description:
        'The reference of one Tributary API operation in Markdown: method, path, parameters, request and ' +
        'response fields and examples. Name it by operationId (services_origins_create) ' +
        'or by method and path in any parameter style: method POST and path /services/{serviceId}/origins, or ' +
        'both in path (POST /services/{serviceId}/origins).',
      inputSchema: {
        operationId: z.string().max(200).optional().describe('The operationId, such as services_origins_create'),
        method: z.string().max(10).optional().describe('HTTP method, with path'),
        path: z
          .string()
          .max(500)
          .optional()
          .describe(
            'API path, such as /services/{service_id}/origins, or method and path: POST /services/{id}/origins',
          ),
      },
      annotations: {title: 'Look up an API operation', ...READ_ONLY},
    },
    tool((args) => {
      const operation = requireOperation(site, splitMethod(args));
      const page = site.readPage(operation.page);
      return {
        content: [text(page.markdown)],
        _meta: {operationId: operation.operationId, method: operation.method, path: operation.path, url: page.url},
      };
    }),
  );

  server.registerTool(
    'validate_api_request',
    {
      title: 'Validate an API request',
      description:
        'Checks an API call against the OpenAPI schemas with the validators that check the examples of the ' +
        'guides: unknown or missing parameters, parameter formats, and the JSON body (unknown properties, ' +
        'missing required fields, types, enums, formats). Answers valid or each problem with its location ' +
        '(path/service_id, query/limit, body/origins/0/host). Nothing is sent to the API.',
      inputSchema: {
        operationId: z.string().min(1).max(200).describe('The operationId, such as services_origins_create'),
        path: parameterValues.optional().describe('Path parameters by name'),
        query: parameterValues.optional().describe('Query parameters by name'),
        body: z.unknown().optional().describe('The JSON request body: a JSON value, or JSON text in a string'),
      },
      outputSchema: {
        valid: z.boolean(),
        operationId: z.string(),
        method: z.string(),
        url: z.string(),
        problems: z.array(z.object({location: z.string(), message: z.string()})),
      },
      annotations: {title: 'Validate an API request', ...READ_ONLY},
    },
    tool(({operationId, path, query, body}) => {
      const operation = requireOperation(site, {operationId});
      const call = {operation: operation.operationId, path, query, body: parseBody(body)};
      const problems = site.api.checkDetailed(call).map(({location, message}) => ({location, message}));
      const {method, url} = site.api.describe(call);
      const summary = problems.length
        ? `${problems.length} problem(s) in ${method} ${url}:\n${problems.map((p) => `- ${p.location}: ${p.message}`).join('\n')}`
        : `Valid: ${method} ${url} matches ${operation.operationId}.`;
      return {
        content: [text(summary)],
        structuredContent: {valid: problems.length === 0, operationId: operation.operationId, method, url, problems},
      };
    }),
  );

  registerSandboxTool(server, options.sandbox);

  const resources = [
    {name: 'llms.txt', file: 'llms.txt', mimeType: 'text/plain', description: 'Every page with its Markdown address'},
    {name: 'openapi.json', file: 'openapi.json', mimeType: 'application/json', description: 'The OpenAPI 3.1 bundle'},
    {name: 'openapi.yaml', file: 'openapi.yaml', mimeType: 'application/yaml', description: 'The OpenAPI 3.1 bundle'},
  ];
  for (const resource of resources) {
    const uri = `${site.siteUrl}${site.baseUrl}${resource.file}`;
    server.registerResource(
      resource.name,
      uri,
      {title: resource.name, description: resource.description, mimeType: resource.mimeType},
      () => ({contents: [{uri, mimeType: resource.mimeType, text: site.readFile(resource.file)}]}),
    );
  }
  return server;
}

const sectionCache = new WeakMap<DocsSite, Set<string>>();
/** The site sections of a build, computed once: a server is created for every HTTP request. */
function sectionsOf(site: DocsSite): Set<string> {
  let sections = sectionCache.get(site);
  if (!sections) {
    sections = knownSections(site);
    sectionCache.set(site, sections);
  }
  return sections;
}

/** The site sections pages live in (`api`, `Guides`, `Guides/Origins`…), for the section filter. */
function knownSections(site: DocsSite): Set<string> {
  const sections = new Set<string>();
  for (const document of site.engine.documents) {
    const section = site.sectionOf(document.url);
    if (!section) continue;
    sections.add(section);
    if (section.includes('/')) sections.add(section.split('/')[0]);
  }
  return sections;
}

function search(site: DocsSite, sections: Set<string>, query: string, section: string | undefined, limit: number) {
  let inSection: (url: string) => boolean = () => true;
  if (section !== undefined && section.trim() !== '') {
    const wanted = section
      .trim()
      .replace(/^\/+|\/+$/g, '')
      .toLowerCase();
    const known = [...sections].find((name) => name.toLowerCase() === wanted);
    if (!known) {
      throw new UserError(`Unknown section "${section}". Sections: ${[...sections].sort().join(', ')}.`);
    }
    inSection = (url) => {
      const own = site.sectionOf(url).toLowerCase();
      return own === wanted || own.startsWith(`${wanted}/`);
    };
  }
  // The ranking of the whole site first, then the filter, so that the order within a section is
  // the search box's order.
  const fetchCount = section ? Math.min(limit * SECTION_FETCH.perResult, SECTION_FETCH.max) : limit;
  const found = site.engine.search(query, {limit: fetchCount}).filter((result) => inSection(result.url));
  return found.slice(0, limit).map((result) => ({
    title: result.title,
    section: site.sectionOf(result.url),
    // A page's first document carries its breadcrumb as subcategory; only sections have a heading.
    heading: result.url.includes('#') ? result.subcategory : '',
    url: site.absolute(result.url),
    snippet: result.snippet.map((segment) => (segment.mark ? `**${segment.text}**` : segment.text)).join(''),
  }));
}

/** A path given as `POST /services/{id}/origins`: its method goes to method (which must agree). */
function splitMethod(args: {operationId?: string; method?: string; path?: string}) {
  const match = args.path?.match(LEADING_METHOD);
  if (!match) return args;
  const [, method, apiPath] = match;
  if (args.method && args.method.trim().toUpperCase() !== method.toUpperCase()) {
    throw new UserError(`The method ${args.method} and the method in the path (${method}) differ: give one.`);
  }
  return {...args, method: method.toUpperCase(), path: apiPath.trim()};
}

function requireOperation(site: DocsSite, args: {operationId?: string; method?: string; path?: string}): Operation {
  if (!args.operationId && !args.path) {
    throw new UserError('Give an operationId, or a method and a path (such as GET /services).');
  }
  const operation = site.findOperation(args);
  if (operation) return operation;
  if (args.path && !args.operationId) {
    const others = site.operationsAt(args.path);
    if (others.length > 0) {
      throw new UserError(
        `No ${args.method?.toUpperCase() ?? ''} operation at ${args.path}. Operations at this path: ` +
          `${others.map((op) => `${op.method} ${op.path} (${op.operationId})`).join(', ')}.`,
      );
    }
  }
  const named = args.operationId ?? `${args.method ?? ''} ${args.path}`.trim();
  const guesses = site.engine
    .search(named.replaceAll('_', ' '), {limit: 20})
    .filter((result) => result.api)
    .map((result) => site.operationByPage(pageOf(result.url)))
    .filter((op): op is Operation => Boolean(op))
    .slice(0, 3);
  const hint = guesses.length ? ` Did you mean ${guesses.map((op) => op.operationId).join(', ')}?` : '';
  throw new UserError(`Unknown API operation "${named}".${hint} search_docs with section "api" lists operations.`);
}

/** The body as a value: JSON text in a string is parsed (agents often send it so). */
function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new UserError(`The body is not JSON: ${(error as Error).message}. Send a JSON object or JSON text.`);
  }
}
