#!/usr/bin/env node
// Serves the production build with nginx, the way production serves it, at
// http://127.0.0.1:<port>/docs/ (default 8080). Usage: node scripts/serve-nginx.mjs [--port N]
import {spawn, spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  const which = spawnSync('which', ['nginx'], {encoding: 'utf8'});
  if (which.status === 0) return which.stdout.trim();
  throw new Error('nginx is not installed. Install it with: apt-get install -y nginx-light');
}

/** The nginx configuration of nginx/nginx.conf with its placeholders filled in. */
export function renderConfig({siteRoot, listen, runtime, securityHeaders}) {
  return readFileSync(path.join(root, 'nginx/nginx.conf'), 'utf8')
    .replaceAll('{{RUNTIME}}', runtime)
    .replaceAll('{{ROOT}}', siteRoot)
    .replaceAll('{{LISTEN}}', listen)
    .replaceAll('{{SECURITY_HEADERS}}', securityHeaders);
}

/** Writes a runnable nginx configuration for `buildDir` and returns its path. */
export function prepareNginx({
  buildDir = path.join(root, 'build'),
  port = 8080,
  securityHeaders = path.join(root, 'generated/nginx/security-headers.conf'),
} = {}) {
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
  writeFileSync(
    confPath,
    renderConfig({siteRoot, listen: `127.0.0.1:${port}`, runtime, securityHeaders: path.resolve(securityHeaders)}),
  );
  return {confPath, runtime};
}

/** Starts nginx and resolves once it accepts connections. */
export async function startNginx(options = {}) {
  const port = options.port ?? 8080;
  const {confPath} = prepareNginx({...options, port});
  const child = spawn(findNginx(), ['-c', confPath, '-e', 'stderr'], {stdio: ['ignore', 'inherit', 'inherit']});
  const url = `http://127.0.0.1:${port}/docs/`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    try {
      await fetch(url, {method: 'HEAD'});
      return {url, stop: () => child.kill('SIGTERM'), child};
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGTERM');
  throw new Error(`nginx did not answer on ${url}`);
}

function flag(name, fallback) {
  const index = process.argv.indexOf(name);
  return index > -1 ? process.argv[index + 1] : fallback;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write-config')) {
  // Used by the Dockerfile: a configuration for fixed paths inside the image.
  writeFileSync(
    flag('--write-config'),
    renderConfig({
      siteRoot: flag('--root', '/srv/site'),
      // Inside a container nginx listens on every interface.
      listen: flag('--listen', '8080'),
      runtime: flag('--runtime', '/tmp'),
      securityHeaders: flag('--headers', '/etc/nginx/security-headers.conf'),
    }),
  );
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(flag('--port', 8080));
  try {
    const server = await startNginx({port});
    console.log(`Serving the production build at ${server.url} (Ctrl+C to stop)`);
    const stop = () => {
      server.stop();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
