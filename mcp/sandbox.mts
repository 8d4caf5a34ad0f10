// The sandbox_request tool: sends one API call to the API sandbox (sandbox/) and answers with its
// status, headers and JSON body, so that an agent can try a call before it writes the code. The
// only place it sends to is the sandbox the server was started with (./sandbox-client.mts): the
// path argument is a path under the sandbox's API, never a URL (./sandbox-arguments.mts).
import {STATUS_CODES} from 'node:http';
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import {sandboxBody, sandboxHeaders, sandboxInput, sandboxPath, type SandboxArgs} from './sandbox-arguments.mts';
import {DEFAULT_SANDBOX_URL, parseJson, SANDBOX_LIMITS, type SandboxClient} from './sandbox-client.mts';
import {UserError} from './site.mts';

/** The response headers the tool reports, in this order. */
export const REPORTED_HEADERS = [
  'Location',
  'ETag',
  'Idempotent-Replayed',
  'Tributary-Config-Version',
  'RateLimit-Remaining',
  'X-Request-Id',
  'Content-Type',
  'Accept-Patch',
  'Retry-After',
];

export const sandboxOutput = {
  status: z.number().int(),
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.unknown(),
  token: z.string(),
  newSandbox: z.boolean(),
};

/** The tool, answering with a tool error when the server has no sandbox. */
export function registerSandboxTool(server: McpServer, sandbox: SandboxClient | undefined): void {
  server.registerTool(
    'sandbox_request',
    {
      title: 'Try an API call in the sandbox',
      description:
        'Sends one API call to the Tributary API sandbox (test data, no real CDN or account: it keeps what you ' +
        'create and answers with the statuses, headers and problem+json errors of the real API) and returns the ' +
        'status, the headers (Location, ETag, Idempotent-Replayed, Tributary-Config-Version, RateLimit-Remaining, ' +
        'X-Request-Id), the JSON body and the sandbox token. Without `token` it creates a sandbox (seed ' +
        'example-world, the objects the guides use, or none) and returns its token: pass it in later calls to ' +
        'see what earlier calls created. Use it to check a call before writing the code that makes it.',
      inputSchema: sandboxInput,
      outputSchema: sandboxOutput,
      annotations: {
        title: 'Try an API call in the sandbox',
        readOnlyHint: false,
        // It changes a throwaway sandbox only, never an account.
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    async (args): Promise<CallToolResult> => {
      try {
        return await sandboxCall(sandbox, args);
      } catch (error) {
        if (error instanceof UserError) return {content: [{type: 'text', text: error.message}], isError: true};
        console.error(`[mcp] sandbox_request: ${(error as Error).stack ?? error}`);
        return {
          content: [{type: 'text', text: 'Internal error: the server could not answer this call.'}],
          isError: true,
        };
      }
    },
  );
}

async function sandboxCall(sandbox: SandboxClient | undefined, args: SandboxArgs): Promise<CallToolResult> {
  if (!sandbox) {
    throw new UserError(
      'No sandbox is configured for this MCP server: start it with --sandbox <sandbox URL or Unix socket>, ' +
        `such as --sandbox ${DEFAULT_SANDBOX_URL} (npm run mock).`,
    );
  }
  const relative = sandboxPath(args.path, args.query);
  const body = sandboxBody(args.method, args.body);
  const headers = sandboxHeaders(args.headers);
  if (body !== undefined) {
    headers['Content-Type'] = args.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
  }
  const newSandbox = args.token === undefined;
  const token = args.token ?? (await sandbox.mint(args.seed));
  const answer = await sandbox.send(args.method, relative, {...headers, Authorization: `Bearer ${token}`}, body);
  const reported: Record<string, string> = {};
  for (const name of REPORTED_HEADERS) {
    const value = answer.headers[name.toLowerCase()];
    if (value !== undefined) reported[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const parsed = answer.text === '' ? null : (parseJson(answer.text) ?? answer.text.slice(0, 2000));
  const url = sandbox.publicAddress(relative);
  const lines = [`${args.method} ${url} → ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`.trimEnd()];
  lines.push(
    newSandbox
      ? `Token: ${token} (a new sandbox, seed ${args.seed}: pass it as "token" to keep working in this sandbox)`
      : `Token: ${token}`,
  );
  if (answer.status === 401 && !newSandbox) {
    lines.push('The sandbox does not know this token (or it expired): leave out "token" to start a new sandbox.');
  }
  for (const [name, value] of Object.entries(reported)) lines.push(`${name}: ${value}`);
  if (parsed !== null) {
    const json = JSON.stringify(parsed, null, 2);
    lines.push(
      '',
      json.length > SANDBOX_LIMITS.textChars
        ? `${json.slice(0, SANDBOX_LIMITS.textChars)}\n… (cut here; the whole body is in the structured content)`
        : json,
    );
  }
  return {
    content: [{type: 'text', text: lines.join('\n')}],
    structuredContent: {
      status: answer.status,
      method: args.method,
      url,
      headers: reported,
      body: parsed,
      token,
      newSandbox,
    },
  };
}
