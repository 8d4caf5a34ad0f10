import type {SearchEngine} from '../src/components/SearchEngine/engine';

export const RELEVANCE_QUERIES: {query: string; expect: string}[];
export function loadBuiltEngine(buildDir: string): {manifest: {meta: string}; engine: SearchEngine};
export function topPages(engine: SearchEngine, query: string, count?: number, baseUrl?: string): string[];
export function searchStats(buildDir?: string): Record<string, unknown>;
/** Query latency in headless Chromium with the CPU throttled (4× by default): see search-stats.mjs. */
export function browserLatency(
  dir: string,
  options?: {rounds?: number; rate?: number},
): Promise<{
  cpuSlowdown: number;
  runs: number;
  query: {median: number; p95: number; max: number};
  firstQuery: {median: number; p95: number; max: number};
  engineLoadMedian: number;
  slowest: string[];
  loadAverage: number;
}>;
