// Start-up on a slow link: Lighthouse's slow 4G applied to Chromium, the CPU throttled as in
// startup.mts; when each page first painted and when its app had hydrated.
import type {Browser} from 'playwright-core';
import {throttling as lighthouseThrottling} from 'lighthouse/core/config/constants.js';
import {medianOf, round} from './common.mts';
import {inTurn, throttledPhonePage} from './startup.mts';

/**
 * Lighthouse's slow 4G as its DevTools throttling applies it (`throttling.mobileSlow4G`: the 150 ms
 * round trip becomes 562.5 ms per request, since Chromium adds the latency once per request and not
 * per round trip; 90% of 1.6 Mbps down and 750 kbps up), with the CPU throttled as above.
 */
export const SLOW_LINK = {
  latencyMs: lighthouseThrottling.mobileSlow4G.requestLatencyMs,
  downloadKbps: lighthouseThrottling.mobileSlow4G.downloadThroughputKbps,
  uploadKbps: lighthouseThrottling.mobileSlow4G.uploadThroughputKbps,
};

/** On the slow link: when the page first painted, and when the app had hydrated, from navigation. */
export interface SlowLinkFigures {
  fcpMs: number;
  hydratedMs: number;
}

/**
 * Installed before the page's own scripts: resolves `window.__hydrated` with the time
 * `data-has-hydrated` turns true (Docusaurus sets it on `<html>` once the app has hydrated, stock and
 * ours alike). The whole document is watched, as `<html>` may not exist yet when this runs; nothing
 * polls the throttled main thread meanwhile.
 */
const WATCH_HYDRATION = `
  window.__hydrated = new Promise((resolve) => {
    new MutationObserver((records, observer) => {
      if (document.documentElement?.dataset.hasHydrated !== 'true') return;
      observer.disconnect();
      resolve(performance.now());
    }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-has-hydrated']});
  });
`;

/** Loads `url` on the slow link with the CPU throttled, and returns its first paint and hydration times. */
export async function measureSlowLink(browser: Browser, url: string): Promise<SlowLinkFigures> {
  const {page, context, cdp} = await throttledPhonePage(browser, WATCH_HYDRATION);
  try {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_LINK.latencyMs,
      downloadThroughput: (SLOW_LINK.downloadKbps * 1024) / 8,
      uploadThroughput: (SLOW_LINK.uploadKbps * 1024) / 8,
    });
    await page.goto(url, {waitUntil: 'commit', timeout: 60_000});
    const [fcp, hydrated] = await page.evaluate(async () => {
      const at = await Promise.race([
        (window as unknown as {__hydrated: Promise<number>}).__hydrated,
        new Promise<number>((resolve) => setTimeout(() => resolve(-1), 60_000)),
      ]);
      return [performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1, at];
    });
    if (hydrated < 0) throw new Error(`${url}: the app had not hydrated after 60 s`);
    if (fcp < 0) throw new Error(`${url}: no first contentful paint was reported`);
    return {fcpMs: round(fcp, 0), hydratedMs: round(hydrated, 0)};
  } finally {
    await context.close();
  }
}

export interface SlowLinkSummary extends SlowLinkFigures {
  runs: number;
  fcpRange: [number, number];
  hydratedRange: [number, number];
}

/** The medians of several loads on the slow link, each figure on its own, with their ranges. */
export function medianSlowLink(runs: SlowLinkFigures[]): SlowLinkSummary {
  const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];
  const fcps = runs.map((run) => run.fcpMs);
  const hydrations = runs.map((run) => run.hydratedMs);
  return {
    fcpMs: round(medianOf(fcps), 0),
    hydratedMs: round(medianOf(hydrations), 0),
    runs: runs.length,
    fcpRange: range(fcps),
    hydratedRange: range(hydrations),
  };
}

/** Loads each page `runs` times on the slow link, the pages in turn, so all see the same machine. */
export function slowLinkFigures(
  browser: Browser,
  pages: {id: string; url: string}[],
  runs: number,
): Promise<Record<string, SlowLinkSummary | {error: string}>> {
  return inTurn(pages, runs, (url) => measureSlowLink(browser, url), medianSlowLink);
}
