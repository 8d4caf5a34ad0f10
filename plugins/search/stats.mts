// Size and speed of the site search, measured on a build: bytes (raw and gzip) of the search
// files and of the JS chunks the search loads, the bytes a first query and a further query fetch
// (each relevance query as the first of a page session; each after the one before it), the
// engine's load time, the median and p95 latency of the relevance queries
// (tests/fixtures/search-queries.json) and their top-3 hit rate.
// With --scale N it also builds the search files of a synthetic site of N times the pages (in a
// temporary folder) and reports both sizes side by side (`npm run bench` passes --scale 5).
// Usage: node --import tsx plugins/search/stats.mts [build-dir] [--scale N]   (prints JSON)
// (npm run search:stats). The latency figures are measured in stats-latency.mts.
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {gzipSync, constants} from 'node:zlib';
import {SearchEngine, pageOf, type SearchMeta} from './engine/engine.ts';
import type {SearchPage} from './build.mts';
import {latency, phoneLatency, spread, type Spread} from './stats-latency.mts';

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? '').href;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Results the navbar box shows (theme/SearchBar). */
export const DROPDOWN_RESULTS = 8;

/** Queries and the page each should find in its first three results (tests/fixtures). */
export const RELEVANCE_QUERIES = JSON.parse(
  readFileSync(path.join(root, 'tests/fixtures/search-queries.json'), 'utf8'),
) as {query: string; expect: string}[];
const QUERIES = RELEVANCE_QUERIES.map(({query}) => query);

interface Sizes {
  raw: number;
  gzip: number;
}

function sizes(file: string): Sizes {
  const raw = readFileSync(file);
  const gz = existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).length
    : gzipSync(raw, {level: constants.Z_BEST_COMPRESSION}).length;
  return {raw: raw.length, gzip: gz};
}

/** The search engine over the search files of a build, as the browser builds it. */
export function loadBuiltEngine(buildDir: string): {manifest: {meta: string}; engine: SearchEngine} {
  const manifestFile = path.join(buildDir, 'search-manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the site first (npm run build).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {meta: string};
  return {manifest, engine: SearchEngine.fromFiles((name) => readFileSync(path.join(buildDir, name), 'utf8'))};
}

/** Site path (without the base URL) of the pages of the first `count` results. */
export function topPages(engine: SearchEngine, query: string, count = 3, baseUrl = '/docs/'): string[] {
  const pages: string[] = [];
  for (const result of engine.search(query, {limit: 10})) {
    const page = decodeURI(pageOf(result.url)).replace(baseUrl.replace(/\/$/, ''), '');
    if (!pages.includes(page)) pages.push(page);
  }
  return pages.slice(0, count);
}

/** JS chunks of the build that only the search loads (the engine). */
function searchChunks(buildDir: string): string[] {
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

/**
 * Bytes (gzip) the box fetches for queries, as the browser does: `first` is each relevance query
 * as the first of a page session (manifest, meta, its shards and chunks; the code is added by the
 * caller), `further` each query after the one before it (only what was not loaded yet).
 */
export async function queryBytes(buildDir: string, queries = QUERIES): Promise<{first: Spread; further: Spread}> {
  const gzipOf = new Map<string, number>();
  const size = (name: string) => {
    let gzip = gzipOf.get(name);
    if (gzip === undefined) gzipOf.set(name, (gzip = sizes(path.join(buildDir, name)).gzip));
    return gzip;
  };
  const session = () => {
    let fetched = 0;
    const read = async (name: string) => {
      fetched += size(name);
      return readFileSync(path.join(buildDir, name), 'utf8');
    };
    return {read, fetched: () => fetched};
  };
  const open = async () => {
    const files = session();
    const {meta} = JSON.parse(await files.read('search-manifest.json')) as {meta: string};
    const engine = new SearchEngine(JSON.parse(await files.read(meta)) as SearchMeta, files.read);
    return {engine, files};
  };
  const first: number[] = [];
  for (const query of queries) {
    const {engine, files} = await open();
    await engine.find(query, {limit: DROPDOWN_RESULTS});
    first.push(files.fetched());
  }
  const further: number[] = [];
  const {engine, files} = await open();
  let before = 0;
  for (const [position, query] of queries.entries()) {
    await engine.find(query, {limit: DROPDOWN_RESULTS});
    if (position > 0) further.push(files.fetched() - before);
    before = files.fetched();
  }
  return {first: spread(first), further: spread(further)};
}

/** A variant of a word for the synthetic copies: about one word in eight, so the vocabulary grows. */
function variant(text: string, copy: number): string {
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
export function syntheticPages(pages: SearchPage[], factor: number): SearchPage[] {
  const copies: SearchPage[] = [];
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
export async function scaleStats(buildDir: string, factor = 5): Promise<Record<string, unknown>[]> {
  const {collectPages, writeSearchFiles} = await import('./index.mts');
  const pages = await collectPages(buildDir, '/docs/', path.join(buildDir, 'openapi.json'));
  const code = searchChunks(buildDir).reduce((sum, file) => sum + sizes(file).gzip, 0);
  const rows: Record<string, unknown>[] = [];
  for (const size of [1, factor]) {
    const corpus = size === 1 ? pages : syntheticPages(pages, size);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'search-scale-'));
    try {
      const started = performance.now();
      const written = await writeSearchFiles(dir, corpus);
      const buildMs = performance.now() - started;
      const bytes = await queryBytes(dir);
      const {engine} = loadBuiltEngine(dir);
      const timing = latency(engine, QUERIES, 3);
      const phone = await phoneLatency(dir, QUERIES, DROPDOWN_RESULTS);
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

export async function searchStats(
  buildDir = path.join(root, 'build'),
  {scale = 0}: {scale?: number} = {},
): Promise<Record<string, unknown>> {
  const started = performance.now();
  const {manifest, engine} = loadBuiltEngine(buildDir);
  const loadMs = performance.now() - started;
  const total = (names: string[]) =>
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

  const timing = latency(engine, QUERIES);
  const phone = await phoneLatency(buildDir, QUERIES, DROPDOWN_RESULTS);
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
  // Usage: node --import tsx plugins/search/stats.mts [build-dir] [--scale N]
  const args = process.argv.slice(2);
  const scaleAt = args.indexOf('--scale');
  const scale = scaleAt >= 0 ? Number(args.splice(scaleAt, 2)[1]) : 0;
  const buildDir = path.resolve(args[0] ?? path.join(root, 'build'));
  console.log(JSON.stringify(await searchStats(buildDir, {scale}), null, 2));
}
