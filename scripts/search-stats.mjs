#!/usr/bin/env node
// Size and speed of the site search, measured on a build: bytes (raw and gzip) of the search
// files and of the JS chunks the first search loads, the engine's load time, the median and p95
// latency of the relevance queries (tests/fixtures/search-queries.json) and their top-3 hit rate.
// Usage: node scripts/search-stats.mjs [build-dir]   (prints JSON)
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {gzipSync, constants} from 'node:zlib';
import {spawnSync} from 'node:child_process';

// The engine is TypeScript (shared with the browser): run under tsx, re-launching when needed.
const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? '').href;
if (isMain && !process.execArgv.some((arg) => arg.includes('tsx'))) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', ...process.argv.slice(1)], {stdio: 'inherit'});
  process.exit(child.status ?? 1);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {SearchEngine, pageOf} = await import('../src/components/SearchEngine/engine.ts');

export const RELEVANCE_QUERIES = JSON.parse(
  readFileSync(path.join(root, 'tests/fixtures/search-queries.json'), 'utf8'),
);

function sizes(file) {
  const raw = readFileSync(file);
  const gz = existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).length
    : gzipSync(raw, {level: constants.Z_BEST_COMPRESSION}).length;
  return {raw: raw.length, gzip: gz};
}

/** The search engine over the search files of a build, as the browser builds it. */
export function loadBuiltEngine(buildDir) {
  const manifestFile = path.join(buildDir, 'search-manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the site first (npm run build).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const documents = JSON.parse(readFileSync(path.join(buildDir, manifest.documents), 'utf8'));
  const index = readFileSync(path.join(buildDir, manifest.index), 'utf8');
  return {manifest, engine: SearchEngine.fromFiles(documents, index)};
}

/** Site path (without the base URL) of the pages of the first `count` results. */
export function topPages(engine, query, count = 3, baseUrl = '/docs/') {
  const pages = [];
  for (const result of engine.search(query, {limit: 10})) {
    const page = decodeURI(pageOf(result.url)).replace(baseUrl.replace(/\/$/, ''), '');
    if (!pages.includes(page)) pages.push(page);
  }
  return pages.slice(0, count);
}

/** JS chunks of the build that only the search loads (the engine and MiniSearch). */
function searchChunks(buildDir) {
  const dir = path.join(buildDir, 'assets/js');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .filter((name) => {
      const code = readFileSync(path.join(dir, name), 'utf8');
      return code.includes('search-manifest.json') || code.includes('MiniSearch: ');
    })
    .map((name) => path.join(dir, name));
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

export function searchStats(buildDir = path.join(root, 'build')) {
  const started = performance.now();
  const {manifest, engine} = loadBuiltEngine(buildDir);
  const loadMs = performance.now() - started;
  const files = {
    manifest: sizes(path.join(buildDir, 'search-manifest.json')),
    documents: sizes(path.join(buildDir, manifest.documents)),
    index: sizes(path.join(buildDir, manifest.index)),
  };
  const chunks = Object.fromEntries(searchChunks(buildDir).map((file) => [path.relative(buildDir, file), sizes(file)]));
  const sum = (entries, key) => entries.reduce((total, entry) => total + entry[key], 0);
  const dataFiles = Object.values(files);
  const chunkFiles = Object.values(chunks);

  for (const {query} of RELEVANCE_QUERIES) engine.search(query); // warm-up
  const timings = [];
  for (let round = 0; round < 5; round += 1) {
    for (const {query} of RELEVANCE_QUERIES) {
      const start = performance.now();
      engine.search(query);
      timings.push(performance.now() - start);
    }
  }
  timings.sort((a, b) => a - b);
  const misses = RELEVANCE_QUERIES.filter(({query, expect}) => !topPages(engine, query).includes(expect));
  return {
    documents: engine.documents.length,
    files,
    chunks,
    totals: {
      indexFilesRaw: sum(dataFiles, 'raw'),
      indexFilesGzip: sum(dataFiles, 'gzip'),
      searchChunksGzip: sum(chunkFiles, 'gzip'),
      firstSearchGzip: sum(dataFiles, 'gzip') + sum(chunkFiles, 'gzip'),
    },
    engineLoadMs: Number(loadMs.toFixed(1)),
    queryLatencyMs: {
      queries: RELEVANCE_QUERIES.length,
      runs: timings.length,
      median: Number(percentile(timings, 0.5).toFixed(2)),
      p95: Number(percentile(timings, 0.95).toFixed(2)),
      max: Number(timings.at(-1).toFixed(2)),
    },
    relevance: {
      queries: RELEVANCE_QUERIES.length,
      top3Hits: RELEVANCE_QUERIES.length - misses.length,
      hitRate: Number(((RELEVANCE_QUERIES.length - misses.length) / RELEVANCE_QUERIES.length).toFixed(3)),
      misses: misses.map(({query, expect}) => ({query, expect, got: topPages(engine, query)})),
    },
  };
}

if (isMain) {
  console.log(JSON.stringify(searchStats(path.resolve(process.argv[2] ?? path.join(root, 'build'))), null, 2));
}
