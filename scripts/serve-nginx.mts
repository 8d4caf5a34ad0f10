#!/usr/bin/env node
// Serves the production build with nginx, the way production serves it, at
// http://127.0.0.1:<port>/docs/ (default 8080), with the MCP server (mcp/http.mts) that nginx
// proxies /docs/mcp to, listening on a Unix socket in nginx's runtime folder.
// Usage: node --import tsx scripts/serve-nginx.mts [--port N] [--host ADDRESS]
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startSandbox} from '../sandbox/process.mts';
import {startNodeServer, type RunningNodeServer} from './node-server.mts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The placeholders of nginx/nginx.conf. */
export interface NginxConfigValues {
  siteRoot: string;
  listen: string;
  runtime: string;
  securityHeaders: string;
  mcpUpstream: string;
  /** The sandbox processes, as nginx `server` lines of the `sandbox` upstream. */
  sandboxServers: string[];
}

export interface NginxOptions {
  /** The production build to serve (default build/). */
  buildDir?: string;
  port?: number;
  host?: string;
  /** The generated nginx headers (default generated/nginx/security-headers.conf). */
  securityHeaders?: string;
  /** How many sandbox processes nginx spreads tokens over (default 1). */
  sandboxes?: number;
}

export interface ServeOptions extends NginxOptions {
  /** `false` serves the site without the MCP server and the sandbox. */
  mcp?: boolean;
  /** The sandbox's data folder (default data/sandbox; the tests pass a new temporary one). */
  sandboxData?: string;
  /** How long the sandbox's outside world takes, in ms (default 10 000). */
  sandboxDelayMs?: number;
}

/** A running server: `stop` ends nginx and the MCP server. */
export interface RunningServer {
  url: string;
  stop: () => void;
  child: ChildProcess;
  /** The MCP server's socket, when it runs. */
  mcpSocket?: string;
  /** The sandbox processes' sockets, and their process ids (the load test reads their memory). */
  sandboxSockets: string[];
  sandboxPids: number[];
}

/** The nginx binary of this machine; throws with the install command when there is none. */
export function findNginx(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  const which = spawnSync('which', ['nginx'], {encoding: 'utf8'});
  if (which.status === 0) return which.stdout.trim();
  throw new Error('nginx is not installed. Install it with: apt-get install -y nginx-light');
}

/** The nginx configuration of nginx/nginx.conf with its placeholders filled in. */
export function renderConfig({
  siteRoot,
  listen,
  runtime,
  securityHeaders,
  mcpUpstream,
  sandboxServers,
}: NginxConfigValues): string {
  return readFileSync(path.join(root, 'nginx/nginx.conf'), 'utf8')
    .replaceAll('{{MCP_UPSTREAM}}', mcpUpstream)
    .replaceAll('{{SANDBOX_SERVERS}}', sandboxServers.map((server) => `    server ${server};`).join('\n'))
    .replaceAll('{{RUNTIME}}', runtime)
    .replaceAll('{{ROOT}}', siteRoot)
    .replaceAll('{{LISTEN}}', listen)
    .replaceAll('{{SECURITY_HEADERS}}', securityHeaders);
}

/** Writes a runnable nginx configuration for `buildDir` and returns its path. */
export function prepareNginx({
  buildDir = path.join(root, 'build'),
  port = 8080,
  host = '127.0.0.1',
  securityHeaders = path.join(root, 'generated/nginx/security-headers.conf'),
  sandboxes = 1,
}: NginxOptions = {}): {confPath: string; runtime: string; mcpSocket: string; sandboxSockets: string[]} {
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`No build found in ${buildDir}. Run "npm run build" first.`);
  }
  if (!existsSync(securityHeaders)) {
    throw new Error(`No security headers found at ${securityHeaders}. Run "npm run build" first.`);
  }
  const runtime = mkdtempSync(path.join(tmpdir(), 'tributary-nginx-'));
  chmodSync(runtime, 0o755); // nginx workers run as an unprivileged user
  // The site lives under /docs/, so the server root holds a "docs" link to the build.
  const siteRoot = path.join(runtime, 'root');
  mkdirSync(siteRoot);
  symlinkSync(path.resolve(buildDir), path.join(siteRoot, 'docs'));
  const confPath = path.join(runtime, 'nginx.conf');
  const mcpSocket = path.join(runtime, 'mcp.sock');
  const sandboxSockets = Array.from({length: sandboxes}, (_, index) => path.join(runtime, `sandbox-${index}.sock`));
  writeFileSync(
    confPath,
    renderConfig({
      siteRoot,
      listen: `${host}:${port}`,
      runtime,
      securityHeaders: path.resolve(securityHeaders),
      mcpUpstream: `http://unix:${mcpSocket}:`,
      sandboxServers: sandboxSockets.map((socket) => `unix:${socket}`),
    }),
  );
  return {confPath, runtime, mcpSocket, sandboxSockets};
}

/**
 * Starts the MCP server (mcp/http.mts) on `socket` and resolves once it listens. Its sandbox_request
 * tool calls the sandbox on `sandboxSocket` (the processes share one database, so any of them).
 */
export function startMcp({
  buildDir = path.join(root, 'build'),
  socket,
  sandboxSocket,
}: {
  buildDir?: string;
  socket: string;
  sandboxSocket?: string;
}): Promise<RunningNodeServer> {
  const args = ['--listen', socket, '--build', path.resolve(buildDir)];
  if (sandboxSocket) args.push('--sandbox', sandboxSocket);
  return startNodeServer('The MCP server', 'mcp/http.mts', args);
}

/**
 * Starts the MCP server and nginx and resolves once nginx accepts connections. `mcp: false` serves
 * the site alone (another build, such as the benchmark's stock site); /docs/mcp then answers 503.
 */
export async function startNginx(options: ServeOptions = {}): Promise<RunningServer> {
  const port = options.port ?? 8080;
  const {confPath, mcpSocket, sandboxSockets} = prepareNginx({...options, port});
  const mcp =
    options.mcp === false
      ? null
      : await startMcp({buildDir: options.buildDir, socket: mcpSocket, sandboxSocket: sandboxSockets[0]});
  const sandboxes =
    options.mcp === false
      ? []
      : await Promise.all(
          sandboxSockets.map((socket) =>
            startSandbox({
              listen: socket,
              dataDir: options.sandboxData ?? path.join(root, 'data/sandbox'),
              delayMs: options.sandboxDelayMs,
            }),
          ),
        );
  const child = spawn(findNginx(), ['-c', confPath, '-e', 'stderr'], {stdio: ['ignore', 'inherit', 'inherit']});
  const stop = () => {
    child.kill('SIGTERM');
    mcp?.stop();
    for (const sandbox of sandboxes) sandbox.stop();
  };
  const url = `http://127.0.0.1:${port}/docs/`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) {
      mcp?.stop();
      for (const sandbox of sandboxes) sandbox.stop();
      throw new Error(`nginx exited with code ${child.exitCode}`);
    }
    try {
      await fetch(url, {method: 'HEAD'});
      return {
        url,
        stop,
        child,
        mcpSocket: mcp ? mcpSocket : undefined,
        sandboxSockets: sandboxes.length ? sandboxSockets : [],
        sandboxPids: sandboxes.map((sandbox) => sandbox.child.pid!),
      };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  stop();
  throw new Error(`nginx did not answer on ${url}`);
}

/** The value after `name` on the command line, else `fallback`. */
function flag(name: string): string | undefined;
function flag<T extends string | number>(name: string, fallback: T): string | T;
function flag(name: string, fallback?: string | number): string | number | undefined {
  const index = process.argv.indexOf(name);
  return index > -1 ? process.argv[index + 1] : fallback;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write-config')) {
  // Used by the Dockerfile: a configuration for fixed paths inside the image.
  writeFileSync(
    flag('--write-config')!,
    renderConfig({
      siteRoot: flag('--root', '/srv/site'),
      // Inside a container nginx listens on every interface.
      listen: flag('--listen', '8080'),
      runtime: flag('--runtime', '/tmp'),
      securityHeaders: flag('--headers', '/etc/nginx/security-headers.conf'),
      // The MCP server started beside nginx: node --import tsx mcp/http.mts --listen <this>.
      mcpUpstream: flag('--mcp-upstream', 'http://127.0.0.1:8787'),
      // The sandbox started beside nginx: node --import tsx sandbox/main.mts --listen <this>.
      sandboxServers: [flag('--sandbox-upstream', '127.0.0.1:4010')],
    }),
  );
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(flag('--port', 8080));
  try {
    // --host 0.0.0.0 in a container, where nginx must answer on every interface.
    const server = await startNginx({
      port,
      host: flag('--host', '127.0.0.1'),
      sandboxes: Number(flag('--sandboxes', 1)),
    });
    console.log(
      `Serving the production build at ${server.url}, MCP at ${server.url}mcp, the sandbox API at ${server.url}sandbox/api/v1/ (Ctrl+C to stop)`,
    );
    const stop = () => {
      server.stop();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
