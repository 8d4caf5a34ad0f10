#!/usr/bin/env node
// `npm run loadtest`: a bounded load on the production server (nginx, loopback only) with
// autocannon: a guide page, an API page, a hashed asset and the search index, 10 s each at 64
// connections. It prints requests/s and latency percentiles and fails only on errors or non-2xx
// answers; speed is reported, not asserted (2 cores shared with the load generator).
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import autocannon from 'autocannon';
import {startNginx} from './serve-nginx.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.LOADTEST_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOADTEST_CONNECTIONS ?? 64);

const mainBundle = readdirSync(path.join(root, 'build/assets/js')).find((name) => /^main\.[0-9a-f]+\.js$/.test(name));
const searchFiles = JSON.parse(readFileSync(path.join(root, 'build/search-manifest.json'), 'utf8'));
const targets = [
  {name: 'guide page', path: '/docs/Guides/Origins/Origin%20Shield'},
  {name: 'API page', path: '/docs/api/services-origins-create'},
  {name: 'hashed asset (main JS)', path: `/docs/assets/js/${mainBundle}`},
  {name: 'search index', path: `/docs/${searchFiles.index}`},
];

const server = await startNginx({port: Number(process.env.LOADTEST_PORT ?? 8085)});
const origin = new URL(server.url).origin;
const rows = [];
let failed = false;
try {
  for (const target of targets) {
    const result = await autocannon({
      url: `${origin}${target.path}`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: {'accept-encoding': 'gzip'},
    });
    const bad = result.errors + result.timeouts + result.non2xx;
    if (bad > 0) failed = true;
    rows.push({
      target: target.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'MB/s': (result.throughput.average / 1e6).toFixed(1),
      requests: result.requests.total,
      'errors+non-2xx': bad,
    });
  }
} finally {
  server.stop();
}
console.log(`\nLoad test: ${DURATION} s per target, ${CONNECTIONS} connections, nginx on loopback`);
console.table(rows);
if (failed) {
  console.error('Some requests failed or answered non-2xx.');
  process.exit(1);
}
