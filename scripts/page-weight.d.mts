import type {Browser} from 'playwright-core';

export type Kind = 'js' | 'css' | 'html' | 'other';
export interface Bytes {
  raw: number;
  gzip: number;
  requests: number;
}
export type Totals = Record<Kind | 'total', Bytes>;
export interface LoadedResponse {
  url: string;
  status: number;
  kind: Kind;
  resourceType: string;
  prefetched: boolean;
  encoding: string | null;
  raw: number;
  gzip: number;
}
export interface PageWeight {
  url: string;
  status: number;
  responses: LoadedResponse[];
  totals: Totals;
}

export const KINDS: Kind[];
export function kindOf(contentType?: string): Kind;
export function sumByKind(responses: Pick<LoadedResponse, 'kind' | 'raw' | 'gzip'>[]): Totals;
export function launchMeasuringBrowser(): Promise<Browser>;
export function fetchSizes(
  url: string,
): Promise<{status: number; contentType: string; encoding: string | null; raw: number; gzip: number}>;
export function measurePageWeight(
  browser: Browser,
  url: string,
  options?: {viewport?: {width: number; height: number}},
): Promise<PageWeight>;
