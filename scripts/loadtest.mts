#!/usr/bin/env node
// `npm run loadtest`: a bounded load on the production server (nginx, loopback only) with
// autocannon: a guide page, an API page, a hashed asset and the search index, 10 s each at 64
// connections, then the MCP server's search tool (stateless JSON answers, the relevance queries in
// turn). It prints requests/s and latency percentiles and fails only on errors, non-2xx answers or
// an MCP answer without results; speed is reported, not asserted (2 cores shared with the load
// generator). The MCP run goes to the Node server's socket, behind nginx: through nginx, the rate
// limit of /docs/mcp (20 a second per client) would be all it measured. Then the sandbox API through
// nginx (sandbox/loadtest.mts), and the sandbox processes' memory with 10,000 seeded sandboxes.
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import autocannon, {type AutocannonResult} from 'autocannon';
import {startNginx} from './serve-nginx.mts';
import {mintMany, mixedLoad, rssMb} from '../sandbox/loadtest.mts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.LOADTEST_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOADTEST_CONNECTIONS ?? 64);
// One Node process answers MCP calls one at a time (about 10 ms of CPU each): more connections
// than this only add queueing to its latency.
const MCP_CONNECTIONS = Number(process.env.LOADTEST_MCP_CONNECTIONS ?? 8);

const mainBundle = readdirSync(path.join(root, 'build/assets/js')).find((name) => /^main\.[0-9a-f]+\.js$/.test(name));
const searchFiles = JSON.parse(readFileSync(path.join(root, 'build/search-manifest.json'), 'utf8'));
const queries: {query: string}[] = JSON.parse(
  readFileSync(path.join(root, 'tests/fixtures/search-queries.json'), 'utf8'),
);
/** One tools/call of search_docs per relevance query, sent in turn by each connection. */
const mcpSearches = queries.map(({query}, id) => ({
  method: 'POST',
  headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'},
  body: JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {name: 'search_docs', arguments: {query, limit: 10}},
  }),
}));
const targets = [
  {name: 'guide page', path: '/docs/Guides/Origins/Origin%20Shield'},
  {name: 'API page', path: '/docs/api/services-origins-create'},
  {name: 'hashed asset (main JS)', path: `/docs/assets/js/${mainBundle}`},
  {name: 'search meta file', path: `/docs/${searchFiles.meta}`},
  {name: 'MCP search_docs (Node server)', path: '/docs/mcp', mcp: true},
];

const SANDBOXES = Number(process.env.LOADTEST_SANDBOXES ?? 1000);
// Two single-threaded sandbox processes: more connections than this only add queueing to latency.
const SANDBOX_CONNECTIONS = Number(process.env.LOADTEST_SANDBOX_CONNECTIONS ?? 16);
const SEEDED_FOR_MEMORY = Number(process.env.LOADTEST_SEEDED ?? 10_000);
const sandboxData = mkdtempSync(path.join(tmpdir(), 'tributary-loadtest-sandbox-'));
const server = await startNginx({port: Number(process.env.LOADTEST_PORT ?? 8085), sandboxes: 2, sandboxData});
const origin = new URL(server.url).origin;
/** One line of the report. */
function row(target: string, connections: number, result: AutocannonResult, bad: number) {
  return {
    target,
    connections,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'MB/s': (result.throughput.average / 1e6).toFixed(1),
    requests: result.requests.total,
    'errors+non-2xx': bad,
  };
}

const rows: ReturnType<typeof row>[] = [];
let failed = false;
let sandboxMemory: Record<string, string | number> | undefined;
try {
  for (const target of targets) {
    const result = await autocannon({
      url: `${origin}${target.path}`,
      connections: target.mcp ? MCP_CONNECTIONS : CONNECTIONS,
      duration: DURATION,
      headers: {'accept-encoding': 'gzip'},
      ...(target.mcp
        ? {
            socketPath: server.mcpSocket,
            requests: mcpSearches,
            // A tool error or an empty result list counts as a mismatch, not as a success.
            verifyBody: (body: string) => /^\{"result":\{"content":\[\{"type":"text","text":"1\. /.test(body),
          }
        : {}),
    });
    const bad = result.errors + result.timeouts + result.non2xx + (result.mismatches ?? 0);
    if (bad > 0) failed = true;
    rows.push(row(target.name, target.mcp ? MCP_CONNECTIONS : CONNECTIONS, result, bad));
  }
  // The sandbox: a mixed load over 1,000 seeded sandboxes, through nginx (two processes).
  const tokens = await mintMany(server.sandboxSockets, SANDBOXES);
  const result = await mixedLoad({origin, tokens, duration: DURATION, connections: SANDBOX_CONNECTIONS});
  const bad = result.errors + result.timeouts + result.non2xx;
  if (bad > 0) {
    failed = true;
    console.error('Sandbox answers by status:', JSON.stringify(result.statusCodeStats));
  }
  rows.push(row(`sandbox API, 70 % reads / 30 % writes over ${SANDBOXES} sandboxes`, SANDBOX_CONNECTIONS, result, bad));
  const rssBefore = server.sandboxPids.map(rssMb);
  const started = Date.now();
  await mintMany(server.sandboxSockets, Math.max(0, SEEDED_FOR_MEMORY - SANDBOXES));
  const mintSeconds = (Date.now() - started) / 1000;
  sandboxMemory = {
    sandboxes: SEEDED_FOR_MEMORY,
    'RSS MB per process (after the load)': rssBefore.join(', '),
    'RSS MB per process (10,000 seeded)': server.sandboxPids.map(rssMb).join(', '),
    'database MB': Math.round(statSync(path.join(sandboxData, 'sandbox.db')).size / 1e6),
    'seeded per second': Math.round((SEEDED_FOR_MEMORY - SANDBOXES) / mintSeconds),
  };
} finally {
  server.stop();
  rmSync(sandboxData, {recursive: true, force: true});
}
console.log(`\nLoad test: ${DURATION} s per target, nginx, the MCP server and two sandbox processes on loopback`);
console.table(rows);
if (sandboxMemory) {
  console.log('\nSandbox memory');
  console.table([sandboxMemory]);
}
if (failed) {
  console.error('Some requests failed or answered non-2xx.');
  process.exit(1);
}
