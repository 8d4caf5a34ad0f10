#!/usr/bin/env node
// Size and speed of the site search, measured on a build: bytes (raw and gzip) of the search
// files and of the JS chunks the search loads, the bytes a first query and a further query fetch
// (each relevance query as the first of a page session; each after the one before it), the
// engine's load time, the median and p95 latency of the relevance queries
// (tests/fixtures/search-queries.json) and their top-3 hit rate.
// With --scale N it also builds the search files of a synthetic site of N times the pages (in a
// temporary folder) and reports both sizes side by side (`npm run bench` passes --scale 5).
// Usage: node --import tsx scripts/search-stats.mjs [build-dir] [--scale N]   (prints JSON)
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
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

/** Results the navbar box shows (src/components/SearchBox). */
export const DROPDOWN_RESULTS = 8;

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
  return {manifest, engine: SearchEngine.fromFiles((name) => readFileSync(path.join(buildDir, name), 'utf8'))};
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

/** JS chunks of the build that only the search loads (the engine; MiniSearch's before issue 25). */
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

function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1)};
}

/**
 * Bytes (gzip) the box fetches for queries, as the browser does: `first` is each relevance query
 * as the first of a page session (manifest, meta, its shards and chunks; the code is added by the
 * caller), `further` each query after the one before it (only what was not loaded yet).
 */
export async function queryBytes(buildDir, queries = RELEVANCE_QUERIES.map(({query}) => query)) {
  const gzipOf = new Map();
  const size = (name) => {
    if (!gzipOf.has(name)) gzipOf.set(name, sizes(path.join(buildDir, name)).gzip);
    return gzipOf.get(name);
  };
  const session = () => {
    let fetched = 0;
    const read = async (name) => {
      fetched += size(name);
      return readFileSync(path.join(buildDir, name), 'utf8');
    };
    return {read, fetched: () => fetched};
  };
  const open = async () => {
    const files = session();
    const {meta} = JSON.parse(await files.read('search-manifest.json'));
    const engine = new SearchEngine(JSON.parse(await files.read(meta)), files.read);
    return {engine, files};
  };
  const first = [];
  for (const query of queries) {
    const {engine, files} = await open();
    await engine.find(query, {limit: DROPDOWN_RESULTS});
    first.push(files.fetched());
  }
  const further = [];
  const {engine, files} = await open();
  let before = 0;
  for (const [position, query] of queries.entries()) {
    await engine.find(query, {limit: DROPDOWN_RESULTS});
    if (position > 0) further.push(files.fetched() - before);
    before = files.fetched();
  }
  return {first: spread(first), further: spread(further)};
}

/**
 * Lighthouse's mobile CPU slowdown, which the bench's Lighthouse runs emulate: the search's target
 * (p95 < 50 ms) is for Chromium with the CPU throttled this much (browserLatency).
 */
export const PHONE_CPU_SLOWDOWN = 4;

/** Every search file of a folder of search files, by name (as the engine reads them). */
function searchFiles(dir) {
  const names = [
    'search-manifest.json',
    ...readdirSync(path.join(dir, 'assets/search'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => `assets/search/${name}`),
  ];
  return Object.fromEntries(names.map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
}

/**
 * Query latency on the phone-class CPU: the engine (bundled with esbuild, the bundler tsx brings,
 * as the site bundles it with webpack) in headless Chromium with the CPU throttled PHONE_CPU_SLOWDOWN times (CDP
 * Emulation.setCPUThrottlingRate), every file loaded, each relevance query `rounds` times after a
 * warm-up. Also the time to build the engine from the meta file (what opening the box costs once
 * the file is there) and the first search of a fresh engine with the query's shards parsed in it.
 */
export async function browserLatency(dir, {rounds = 3, rate = PHONE_CPU_SLOWDOWN} = {}) {
  const [{build}, {chromium}, {CHROMIUM_ARGS, CHROMIUM_PATH}] = await Promise.all([
    import('esbuild'),
    import('playwright-core'),
    import('./chromium.mts'),
  ]);
  const bundle = await build({
    entryPoints: [path.join(root, 'src/components/SearchEngine/engine.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'Search',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
  });
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>search latency</title>');
    await page.addScriptTag({content: bundle.outputFiles[0].text});
    await page.evaluate((files) => {
      globalThis.searchFiles = files;
    }, searchFiles(dir));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate});
    const result = await page.evaluate(
      async ({queries, rounds, limit}) => {
        const files = globalThis.searchFiles;
        const read = (name) => files[name];
        const {SearchEngine} = globalThis.Search;
        const meta = JSON.parse(files['search-manifest.json']).meta;
        // Opening the box: the meta file parsed and the engine built (median of 5).
        const loads = [];
        for (let run = 0; run < 5; run += 1) {
          const started = performance.now();
          new SearchEngine(JSON.parse(read(meta)), read);
          loads.push(performance.now() - started);
        }
        // The first query of a fresh engine: its shards parsed and decoded, then the search.
        const firsts = [];
        for (const query of queries) {
          const engine = new SearchEngine(JSON.parse(read(meta)), read);
          const started = performance.now();
          await engine.find(query, {limit});
          firsts.push(performance.now() - started);
        }
        // A query once its files are loaded, as the box runs it (find: the vocabulary lookups that
        // name its shards, the ranking, the snippets).
        const engine = SearchEngine.fromFiles(read);
        for (const query of queries) await engine.find(query, {limit}); // warm-up
        const timings = [];
        const slowest = new Map();
        for (let round = 0; round < rounds; round += 1) {
          for (const query of queries) {
            const started = performance.now();
            await engine.find(query, {limit});
            const took = performance.now() - started;
            timings.push(took);
            slowest.set(query, Math.max(slowest.get(query) ?? 0, took));
          }
        }
        return {loads, firsts, timings, slowest: [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 3)};
      },
      {queries: RELEVANCE_QUERIES.map(({query}) => query), rounds, limit: DROPDOWN_RESULTS},
    );
    const ms = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        median: Number(percentile(sorted, 0.5).toFixed(1)),
        p95: Number(percentile(sorted, 0.95).toFixed(1)),
        max: Number(sorted.at(-1).toFixed(1)),
      };
    };
    return {
      cpuSlowdown: rate,
      runs: result.timings.length,
      query: ms(result.timings),
      firstQuery: ms(result.firsts),
      engineLoadMedian: ms(result.loads).median,
      slowest: result.slowest.map(([query, took]) => `${query} (${took.toFixed(1)} ms)`),
      loadAverage: os.loadavg()[0],
    };
  } finally {
    await browser.close();
  }
}

/** browserLatency, or why it could not be measured (no Chromium…): the rest of the figures stand. */
async function phoneLatency(dir) {
  try {
    return await browserLatency(dir);
  } catch (error) {
    return {error: String(error.message ?? error).split('\n')[0]};
  }
}

/** Median, p95 and max of the relevance queries' latency on an engine with every file loaded. */
function latency(engine, rounds = 5) {
  for (const {query} of RELEVANCE_QUERIES) engine.search(query); // warm-up
  const timings = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const {query} of RELEVANCE_QUERIES) {
      const start = performance.now();
      engine.search(query);
      timings.push(performance.now() - start);
    }
  }
  timings.sort((a, b) => a - b);
  return {
    queries: RELEVANCE_QUERIES.length,
    runs: timings.length,
    median: Number(percentile(timings, 0.5).toFixed(2)),
    p95: Number(percentile(timings, 0.95).toFixed(2)),
    max: Number(timings.at(-1).toFixed(2)),
  };
}

/** A variant of a word for the synthetic copies: about one word in eight, so the vocabulary grows. */
function variant(text, copy) {
  let count = 0;
  return text.replace(/\p{L}{5,}/gu, (word) =>
    ++count % 8 === 0 ? `${word}${'aeiou'[copy % 5]}${'rstln'[copy % 5]}` : word,
  );
}

/**
 * The site at `factor` times its pages: each page of the build again factor - 1 times under
 * another address, with one word in eight changed (a larger vocabulary, as more pages bring) and,
 * for API pages, another path and operationId. Generated in memory, never written to the repo.
 */
export function syntheticPages(pages, factor) {
  const copies = [];
  for (let copy = 1; copy < factor; copy += 1) {
    for (const page of pages) {
      copies.push({
        ...page,
        url: `${page.url}-copy-${copy}`,
        title: `${page.title} ${'ABCDEFGHIJ'[copy % 10]}`,
        description: page.description === undefined ? undefined : variant(page.description, copy),
        sections: page.sections.map((section) => ({...section, text: variant(section.text, copy)})),
        ...(page.api && {
          api: {
            ...page.api,
            path: `/copy-${copy}${page.api.path}`,
            operationId: `${page.api.operationId}_copy_${copy}`,
          },
        }),
      });
    }
  }
  return [...pages, ...copies];
}

/**
 * Search figures of the site at its size and at `factor` times its pages: bytes of a first and a
 * further query, index build time, and query latency (Node, and on a phone-class CPU).
 */
export async function scaleStats(buildDir, factor = 5) {
  const {collectPages, writeSearchFiles} = await import('../plugins/search-index/index.mjs');
  const pages = await collectPages(buildDir, '/docs/', path.join(buildDir, 'openapi.json'));
  const code = searchChunks(buildDir).reduce((sum, file) => sum + sizes(file).gzip, 0);
  const rows = [];
  for (const size of [1, factor]) {
    const corpus = size === 1 ? pages : syntheticPages(pages, size);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'search-scale-'));
    try {
      const started = performance.now();
      const written = await writeSearchFiles(dir, corpus);
      const buildMs = performance.now() - started;
      const bytes = await queryBytes(dir);
      const {engine} = loadBuiltEngine(dir);
      const timing = latency(engine, 3);
      const phone = await phoneLatency(dir);
      rows.push({
        factor: size,
        pages: corpus.length,
        documents: written.documents,
        terms: written.terms,
        shards: written.shards,
        chunks: written.chunks,
        indexBuildMs: Math.round(buildMs),
        firstQueryGzip: {median: bytes.first.median + code, p95: bytes.first.p95 + code, max: bytes.first.max + code},
        furtherQueryGzip: bytes.further,
        queryLatencyMs: timing,
        phoneLatencyMs: phone,
      });
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  }
  return rows;
}

export async function searchStats(buildDir = path.join(root, 'build'), {scale = 0} = {}) {
  const started = performance.now();
  const {manifest, engine} = loadBuiltEngine(buildDir);
  const loadMs = performance.now() - started;
  const total = (names) =>
    names
      .map((name) => sizes(path.join(buildDir, name)))
      .reduce((sum, {raw, gzip}) => ({raw: sum.raw + raw, gzip: sum.gzip + gzip}), {raw: 0, gzip: 0});
  const files = {
    manifest: sizes(path.join(buildDir, 'search-manifest.json')),
    meta: sizes(path.join(buildDir, manifest.meta)),
    shards: {count: engine.meta.shards.length, ...total(engine.meta.shards.map(({file}) => file))},
    chunks: {count: engine.meta.chunks.length, ...total(engine.meta.chunks.map(({file}) => file))},
  };
  const chunks = Object.fromEntries(searchChunks(buildDir).map((file) => [path.relative(buildDir, file), sizes(file)]));
  const codeGzip = Object.values(chunks).reduce((sum, {gzip}) => sum + gzip, 0);
  const bytes = await queryBytes(buildDir);

  const timing = latency(engine);
  const phone = await phoneLatency(buildDir);
  const misses = RELEVANCE_QUERIES.filter(({query, expect}) => !topPages(engine, query).includes(expect));
  return {
    documents: engine.meta.documentCount,
    terms: engine.meta.terms.length,
    files,
    chunks,
    totals: {
      indexFilesRaw: files.manifest.raw + files.meta.raw + files.shards.raw + files.chunks.raw,
      indexFilesGzip: files.manifest.gzip + files.meta.gzip + files.shards.gzip + files.chunks.gzip,
      searchChunksGzip: codeGzip,
      // What the box fetches for a relevance query (median / p95 / max over the 48), code included.
      firstQueryGzip: {
        median: bytes.first.median + codeGzip,
        p95: bytes.first.p95 + codeGzip,
        max: bytes.first.max + codeGzip,
      },
      furtherQueryGzip: bytes.further,
    },
    engineLoadMs: Number(loadMs.toFixed(1)),
    queryLatencyMs: timing,
    phoneLatencyMs: phone,
    relevance: {
      queries: RELEVANCE_QUERIES.length,
      top3Hits: RELEVANCE_QUERIES.length - misses.length,
      hitRate: Number(((RELEVANCE_QUERIES.length - misses.length) / RELEVANCE_QUERIES.length).toFixed(3)),
      misses: misses.map(({query, expect}) => ({query, expect, got: topPages(engine, query)})),
    },
    ...(scale > 1 && {scale: await scaleStats(buildDir, scale)}),
  };
}

if (isMain) {
  // Usage: node --import tsx scripts/search-stats.mjs [build-dir] [--scale N]
  const args = process.argv.slice(2);
  const scaleAt = args.indexOf('--scale');
  const scale = scaleAt >= 0 ? Number(args.splice(scaleAt, 2)[1]) : 0;
  const buildDir = path.resolve(args[0] ?? path.join(root, 'build'));
  console.log(JSON.stringify(await searchStats(buildDir, {scale}), null, 2));
}
