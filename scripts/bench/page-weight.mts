// Bytes a page makes Chromium download until the network is idle, by kind (JS, CSS, HTML, other),
// decoded ("raw") and as transferred with gzip ("gzip"). Shared by `npm run bench` and the byte
// budget test, so both count the same way.
//
// Chromium records which addresses the page loads; each address is then fetched once more with
// `Accept-Encoding: gzip` to read its exact sizes. Counting each address once (a prefetched chunk
// that later runs comes from the cache) and not relying on the browser's transfer accounting, which
// reports odd sizes for prefetch-cache hits, keeps the figures identical from run to run. The
// service worker is blocked: it only installs the offline fallback after load.
import {request as httpRequest, type IncomingMessage} from 'node:http';
import {request as httpsRequest} from 'node:https';
import {gunzipSync} from 'node:zlib';
import {chromium, type Browser} from 'playwright-core';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../chromium.mts';

export const KINDS = ['js', 'css', 'html', 'other'] as const;
export type Kind = (typeof KINDS)[number];
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
export interface Sizes {
  status: number;
  contentType: string;
  encoding: string | null;
  raw: number;
  gzip: number;
}

/** The kind of a response, from its Content-Type. */
export function kindOf(contentType = ''): Kind {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (/(java|ecma)script/.test(type)) return 'js';
  if (type === 'text/css') return 'css';
  if (type === 'text/html') return 'html';
  return 'other';
}

/** Sums per-response sizes into {js, css, html, other, total}: {raw, gzip, requests}. */
export function sumByKind(responses: Pick<LoadedResponse, 'kind' | 'raw' | 'gzip'>[]): Totals {
  const totals = Object.fromEntries(
    [...KINDS, 'total' as const].map((kind) => [kind, {raw: 0, gzip: 0, requests: 0}]),
  ) as Totals;
  for (const response of responses) {
    for (const key of [response.kind, 'total'] as const) {
      totals[key].raw += response.raw;
      totals[key].gzip += response.gzip;
      totals[key].requests += 1;
    }
  }
  return totals;
}

export async function launchMeasuringBrowser(): Promise<Browser> {
  return chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
}

/** Body sizes of `url` as a gzip-accepting client receives it: {status, contentType, raw, gzip}. */
export function fetchSizes(url: string): Promise<Sizes> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {headers: {'accept-encoding': 'gzip'}}, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const gzipped = response.headers['content-encoding'] === 'gzip';
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'] ?? '',
          encoding: response.headers['content-encoding'] ?? null,
          raw: gzipped ? gunzipSync(body).length : body.length,
          gzip: body.length,
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * Loads `url` in a fresh context of `browser` (empty cache), waits until the page has hydrated and
 * the network has been idle for 500 ms, and returns every address it loaded with its sizes, and
 * their totals by kind. `prefetched` marks chunks Docusaurus prefetches for links in view.
 */
export async function measurePageWeight(
  browser: Browser,
  url: string,
  {viewport = {width: 1280, height: 800}}: {viewport?: {width: number; height: number}} = {},
): Promise<PageWeight> {
  const context = await browser.newContext({serviceWorkers: 'block', viewport});
  const loaded = new Map<string, {resourceType: string; prefetched: boolean}>();
  let status: number;
  try {
    const page = await context.newPage();
    page.on('request', (request) => {
      const address = request.url();
      if (!/^https?:/.test(address)) return;
      const entry = loaded.get(address);
      // A chunk that is prefetched and then run counts once, as prefetched only if it never ran.
      const prefetched = request.resourceType() === 'other' && (entry?.prefetched ?? true);
      loaded.set(address, {resourceType: request.resourceType(), prefetched});
    });
    const response = await page.goto(url, {waitUntil: 'networkidle'});
    if (!response) throw new Error(`No response for ${url}`);
    status = response.status();
    // Hydration may start more requests after the load event (lazy chunks, prefetches).
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    await page.waitForLoadState('networkidle');
  } finally {
    await context.close();
  }
  const responses: LoadedResponse[] = [];
  for (const [address, {resourceType, prefetched}] of loaded) {
    const sizes = await fetchSizes(address);
    responses.push({
      url: address,
      status: sizes.status,
      kind: kindOf(sizes.contentType),
      resourceType,
      prefetched: prefetched && kindOf(sizes.contentType) === 'js',
      encoding: sizes.encoding,
      raw: sizes.raw,
      gzip: sizes.gzip,
    });
  }
  return {url, status, responses, totals: sumByKind(responses)};
}

/** What the bench keeps of a page's weight: its totals and its five largest JS responses. */
export interface WeightSummary {
  status: number;
  totals: Totals;
  largestJs: {path: string; raw: number; gzip: number}[];
}

/** Only the figures worth keeping: totals, and the five largest JS responses to see what weighs. */
export function summarizeWeight(weight: PageWeight): WeightSummary {
  const largestJs = weight.responses
    .filter((response) => response.kind === 'js')
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5)
    .map(({url, raw, gzip}) => ({path: new URL(url).pathname, raw, gzip}));
  return {status: weight.status, totals: weight.totals, largestJs};
}

/** The absolute address of a site path such as `/Guides/Origins/Origin Shield` under `base`. */
export const pageUrl = (base: string, sitePath: string): string =>
  new URL(encodeURI(sitePath.replace(/^\//, '')), base).href;
