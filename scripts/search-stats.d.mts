import type {SearchEngine} from '../src/components/SearchEngine/engine';

export const RELEVANCE_QUERIES: {query: string; expect: string}[];
export function loadBuiltEngine(buildDir: string): {manifest: {meta: string}; engine: SearchEngine};
export function topPages(engine: SearchEngine, query: string, count?: number, baseUrl?: string): string[];
export function searchStats(buildDir?: string): Record<string, unknown>;
