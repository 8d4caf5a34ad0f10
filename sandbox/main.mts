#!/usr/bin/env node
// Runs the sandbox API: `npm run mock` (alone, on 127.0.0.1:4010) and serve-nginx (behind nginx,
// on a Unix socket). Options: --listen <port | host:port | socket>, --data <folder> (default
// data/sandbox), --delay-ms <ms> (how long the outside world takes, default 10000).
import {chmodSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {SandboxEngine} from './engine.mts';
import {createSandboxServer} from './http.mts';
import {SandboxSpec} from './spec.mts';
import {Store} from './store.mts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DATA_DIR = path.join(root, 'data/sandbox');
const HOUR_MS = 3600_000;

export function listenTarget(value: string): {port: number; host: string} | {path: string} {
  if (/^\d+$/.test(value)) return {port: Number(value), host: '127.0.0.1'};
  const hostPort = /^(.+):(\d+)$/.exec(value);
  if (hostPort && !value.includes('/')) return {host: hostPort[1], port: Number(hostPort[2])};
  return {path: value};
}

const {values} = parseArgs({
  options: {
    listen: {type: 'string', default: '4010'},
    data: {type: 'string', default: DEFAULT_DATA_DIR},
    'delay-ms': {type: 'string', default: '10000'},
  },
});
const delayMs = Number(values['delay-ms']);
if (!Number.isFinite(delayMs) || delayMs < 0) {
  console.error(`--delay-ms takes a number of milliseconds, not "${values['delay-ms']}".`);
  process.exit(2);
}
let store: Store;
try {
  store = new Store(path.join(values.data!, 'sandbox.db'));
} catch (error) {
  console.error(`The sandbox cannot open its database in ${values.data}: ${(error as Error).message}`);
  process.exit(1);
}
const engine = new SandboxEngine(store, new SandboxSpec(), {delayMs});
const expire = () => {
  const removed = store.expireIdle();
  if (removed) console.log(`[sandbox] removed ${removed} sandbox(es) idle for 30 days`);
};
expire();
setInterval(expire, HOUR_MS).unref();
const server = createSandboxServer(engine);
const target = listenTarget(values.listen!);
server.listen(target, () => {
  // nginx's workers run as an unprivileged user: they need write access to the socket.
  if ('path' in target) chmodSync(target.path, 0o666);
  console.log(
    `[sandbox] listening on ${'path' in target ? target.path : `http://${target.host}:${target.port}`}/docs/sandbox/`,
  );
});
const stop = () => {
  server.close();
  store.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
