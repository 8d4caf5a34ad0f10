// The search figures, from plugins/search/stats.mts when it exists: what a query downloads, how fast
// it answers, relevance, and the scale run (a synthetic site of SEARCH_SCALE times the pages).
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {messageOf, root, type ByteSizes} from './common.mts';

/** The search's scale run: a synthetic site of this many times the pages (plugins/search/stats.mts). */
export const SEARCH_SCALE = 5;

interface Spread {
  median: number;
  p95: number;
  max: number;
}

/** Phone-class latency (Chromium, CPU throttled 4×), or why it is missing. */
export type PhoneLatency =
  | {query: {median: number; p95: number}; firstQuery: {median: number; p95: number}; engineLoadMedian: number}
  | {error: string};

/** One row of the scale run: the site at `factor` times its pages. */
export interface ScaleRow {
  factor: number;
  pages: number;
  documents: number;
  terms: number;
  indexBuildMs: number;
  firstQueryGzip: {median: number; p95: number};
  furtherQueryGzip: {median: number; p95: number};
  queryLatencyMs: {p95: number};
  phoneLatencyMs?: {query: {p95: number}} | {error: string};
}

/** The figures of plugins/search/stats.mts the report reads (it prints more). */
export interface SearchFigures {
  documents: number;
  files: {meta: ByteSizes; shards: ByteSizes & {count: number}; chunks: ByteSizes & {count: number}};
  totals: {firstQueryGzip: Spread; furtherQueryGzip: Spread; searchChunksGzip: number};
  engineLoadMs: number;
  queryLatencyMs: Spread & {runs: number};
  phoneLatencyMs?: PhoneLatency;
  relevance: {queries: number; top3Hits: number};
  scale?: ScaleRow[];
}

export type SearchResult = {available: true; figures: SearchFigures} | {available: false; reason: string};

export async function searchStats(baseUrl: string): Promise<SearchResult> {
  const script = path.join(root, 'plugins', 'search', 'stats.mts');
  if (!existsSync(script)) return {available: false, reason: 'plugins/search/stats.mts not available'};
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', script, path.join(root, 'build'), '--scale', String(SEARCH_SCALE)],
        {
          cwd: root,
          env: {...process.env, BASE_URL: baseUrl, BUILD_DIR: path.join(root, 'build')},
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0
          ? resolve(Buffer.concat(out).toString('utf8'))
          : reject(new Error(`exit code ${code}: ${Buffer.concat(err).toString('utf8').slice(-500)}`)),
      );
    });
    return {available: true, figures: JSON.parse(output) as SearchFigures};
  } catch (error) {
    return {available: false, reason: `plugins/search/stats.mts failed: ${messageOf(error)}`};
  }
}
