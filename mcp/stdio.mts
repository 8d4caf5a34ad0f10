// The MCP server over stdio, for a local checkout: `npm run --silent mcp` or
// `node --import tsx mcp/stdio.ts [--build <dir>] [--sandbox <sandbox URL | Unix socket path>]`
// (after `npm run build`; the sandbox defaults to `npm run mock`'s, http://127.0.0.1:4010/docs/sandbox).
// stdout carries the protocol only, so everything else goes to stderr.
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {DEFAULT_SANDBOX_URL, SandboxClient} from './sandbox-client.mts';
import {createDocsServer} from './server.mts';
import {DEFAULT_BUILD_DIR, DocsSite} from './site.mts';

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > -1 ? process.argv[index + 1] : undefined;
}

try {
  const site = new DocsSite(
    flag('--build') ?? process.env.MCP_BUILD_DIR ?? DEFAULT_BUILD_DIR,
    process.env.MCP_SITE_URL,
  );
  const sandbox = new SandboxClient(flag('--sandbox') ?? process.env.MCP_SANDBOX ?? DEFAULT_SANDBOX_URL, {
    publicUrl: `${site.siteUrl}${site.baseUrl}sandbox`,
  });
  await createDocsServer(site, {sandbox}).connect(new StdioServerTransport());
} catch (error) {
  console.error(`tributary-docs MCP server: ${(error as Error).message}`);
  process.exit(1);
}
