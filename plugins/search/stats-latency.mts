// Query latency of the search engine for stats.mts: in Node on an engine with every file loaded,
// and on a phone-class CPU (headless Chromium with the CPU throttled).
import {readdirSync, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {SearchEngine} from './engine/engine.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Median, p95 and max of a set of figures. */
export interface Spread {
  median: number;
  p95: number;
  max: number;
}

export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted[sorted.length - 1]};
}

/**
 * Lighthouse's mobile CPU slowdown, which the bench's Lighthouse runs emulate: the search's target
 * (p95 < 50 ms) is for Chromium with the CPU throttled this much (browserLatency).
 */
export const PHONE_CPU_SLOWDOWN = 4;

/** Every search file of a folder of search files, by name (as the engine reads them). */
function searchFiles(dir: string): Record<string, string> {
  const names = [
    'search-manifest.json',
    ...readdirSync(path.join(dir, 'assets/search'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => `assets/search/${name}`),
  ];
  return Object.fromEntries(names.map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
}

export interface BrowserLatency {
  cpuSlowdown: number;
  runs: number;
  query: Spread;
  firstQuery: Spread;
  engineLoadMedian: number;
  slowest: string[];
  loadAverage: number;
}

/**
 * Query latency on the phone-class CPU: the engine (bundled with esbuild, the bundler tsx brings,
 * as the site bundles it with webpack) in headless Chromium with the CPU throttled PHONE_CPU_SLOWDOWN times (CDP
 * Emulation.setCPUThrottlingRate), every file loaded, each query `rounds` times after a warm-up.
 * Also the time to build the engine from the meta file (what opening the box costs once the file
 * is there) and the first search of a fresh engine with the query's shards parsed in it.
 */
export async function browserLatency(
  dir: string,
  queries: string[],
  limit: number,
  {rounds = 3, rate = PHONE_CPU_SLOWDOWN}: {rounds?: number; rate?: number} = {},
): Promise<BrowserLatency> {
  const [{build}, {chromium}, {CHROMIUM_ARGS, CHROMIUM_PATH}] = await Promise.all([
    import('esbuild'),
    import('playwright-core'),
    import('../../scripts/chromium.mts'),
  ]);
  const bundle = await build({
    entryPoints: [path.join(here, 'engine/engine.ts')],
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
      (globalThis as unknown as {searchFiles: Record<string, string>}).searchFiles = files;
    }, searchFiles(dir));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate});
    // No named helper functions inside: tsx would wrap them in a `__name` call the page does not know.
    const result = await page.evaluate(
      async ({queries, rounds, limit}) => {
        const files = new Map(
          Object.entries((globalThis as unknown as {searchFiles: Record<string, string>}).searchFiles),
        );
        const read = files.get.bind(files) as (name: string) => string;
        const {SearchEngine: Engine} = (globalThis as unknown as {Search: {SearchEngine: typeof SearchEngine}}).Search;
        const meta = (JSON.parse(read('search-manifest.json')) as {meta: string}).meta;
        // Opening the box: the meta file parsed and the engine built (median of 5).
        const loads: number[] = [];
        for (let run = 0; run < 5; run += 1) {
          const started = performance.now();
          new Engine(JSON.parse(read(meta)), read);
          loads.push(performance.now() - started);
        }
        // The first query of a fresh engine: its shards parsed and decoded, then the search.
        const firsts: number[] = [];
        for (const query of queries) {
          const engine = new Engine(JSON.parse(read(meta)), read);
          const started = performance.now();
          await engine.find(query, {limit});
          firsts.push(performance.now() - started);
        }
        // A query once its files are loaded, as the box runs it (find: the vocabulary lookups that
        // name its shards, the ranking, the snippets).
        const engine = Engine.fromFiles(read);
        for (const query of queries) await engine.find(query, {limit}); // warm-up
        const timings: number[] = [];
        const slowest = new Map<string, number>();
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
      {queries, rounds, limit},
    );
    const ms = (values: number[]): Spread => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        median: Number(percentile(sorted, 0.5).toFixed(1)),
        p95: Number(percentile(sorted, 0.95).toFixed(1)),
        max: Number(sorted[sorted.length - 1].toFixed(1)),
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
export async function phoneLatency(
  dir: string,
  queries: string[],
  limit: number,
): Promise<BrowserLatency | {error: string}> {
  try {
    return await browserLatency(dir, queries, limit);
  } catch (error) {
    return {error: String(error instanceof Error ? error.message : error).split('\n')[0]};
  }
}

/** Median, p95 and max of the queries' latency on an engine with every file loaded (Node). */
export function latency(engine: SearchEngine, queries: string[], rounds = 5): {queries: number; runs: number} & Spread {
  for (const query of queries) engine.search(query); // warm-up
  const timings: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const query of queries) {
      const start = performance.now();
      engine.search(query);
      timings.push(performance.now() - start);
    }
  }
  timings.sort((a, b) => a - b);
  return {
    queries: queries.length,
    runs: timings.length,
    median: Number(percentile(timings, 0.5).toFixed(2)),
    p95: Number(percentile(timings, 0.95).toFixed(2)),
    max: Number(timings[timings.length - 1].toFixed(2)),
  };
}
