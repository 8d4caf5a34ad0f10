// Lighthouse (mobile, simulated throttling, Debian's Chromium): the median of several runs per page,
// once the machine is quiet, with the audits a not-found page fails by being one set apart.
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, {type Result} from 'lighthouse';
import {throttling} from 'lighthouse/core/config/constants.js';
import {computeMedianRun, filterToValidRuns} from 'lighthouse/core/lib/median-run.js';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../chromium.mts';
import {log, medianOf, messageOf, round} from './common.mts';

/** Lighthouse's transient failures (a trace without navigation start on a busy machine) are retried. */
const LIGHTHOUSE_ATTEMPTS = 3;
/** Lighthouse multiplies the CPU time it observes: it starts once the builds have stopped weighing. */
export const QUIET_LOAD = 1;
export const QUIET_WAIT_MS = 120_000;

/** The median run's figures of one page. */
export interface LighthouseFigures {
  runs: number;
  medianBy: string;
  lighthouseVersion: string;
  formFactor: string;
  throttlingMethod: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number;
  /** The median run's TBT. */
  tbtMs: number;
  /**
   * Every run's TBT, in the order run (in a run in turn, one per round). The median run is chosen by
   * FCP and TTI, so its TBT is one draw; comparisons use these. Absent in results of older benches.
   */
  tbtByRun?: number[];
  cls: number;
  performanceRange: [number, number];
  benchmarkIndex: number;
  /** Scored audits below full marks, by category id (performance left out). */
  failedAudits: Record<string, string[]>;
  inherentTo404: string[];
  /** The 1-minute load average when the page's runs began. */
  loadAverage: number;
}

/** The figures, or the error that kept Lighthouse from scoring the page. */
export type LighthouseSummary = LighthouseFigures | {error: string};

/** Waits (up to two minutes) until the 1-minute load average is under QUIET_LOAD; returns it. */
async function waitForQuietMachine(): Promise<number> {
  const started = Date.now();
  while (os.loadavg()[0] >= QUIET_LOAD && Date.now() - started < QUIET_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  return round(os.loadavg()[0], 2);
}

interface RunOptions {
  expectStatus?: number;
  /** Simulates a slower (or faster) phone than Lighthouse's default mobile one, whose factor is 4. */
  cpuSlowdownMultiplier?: number;
}

async function lighthouseRuns(
  url: string,
  count: number,
  {expectStatus = 200, cpuSlowdownMultiplier}: RunOptions = {},
): Promise<Result[]> {
  // Lighthouse's mobile settings, with only the CPU factor changed when one is asked for.
  const config = cpuSlowdownMultiplier
    ? {extends: 'lighthouse:default', settings: {throttling: {...throttling.mobileSlow4G, cpuSlowdownMultiplier}}}
    : undefined;
  const chrome = await chromeLauncher.launch({chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS});
  const results: Result[] = [];
  const errors: string[] = [];
  try {
    for (let attempt = 0; results.length < count && attempt < count * LIGHTHOUSE_ATTEMPTS; attempt += 1) {
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          // The not-found page is meant to answer 404; Lighthouse would otherwise refuse to score it.
          ignoreStatusCode: expectStatus !== 200,
        },
        config,
      );
      const error = result ? result.lhr.runtimeError : {code: 'NO_RESULT', message: 'Lighthouse returned nothing'};
      if (error) {
        errors.push(`${error.code}: ${error.message}`);
        log(`  Lighthouse run failed (${error.code}), trying again`);
      } else if (result) {
        results.push(result.lhr);
      }
    }
  } finally {
    chrome.kill();
  }
  if (!results.length) throw new Error(`Lighthouse failed on ${url}: ${errors.join('; ')}`);
  return results;
}

/** The median run's figures, or the error that kept Lighthouse from scoring the page. */
export async function lighthouseSummary(
  url: string,
  count: number,
  options?: {expectStatus?: number},
): Promise<LighthouseSummary> {
  try {
    const loadAverage = await waitForQuietMachine();
    return {...summarizeLighthouse(await lighthouseRuns(url, count, options)), loadAverage};
  } catch (error) {
    log(messageOf(error));
    return {error: messageOf(error)};
  }
}

/**
 * Lighthouse on several pages in turn, one run of each per round (ours, then the stock page, then
 * ours again…), so that each page's median comes from the same moments of the machine as the
 * others': on a machine whose speed drifts, runs page by page compare different machines.
 */
export async function lighthouseAlternating(
  urls: string[],
  rounds: number,
  options: Pick<RunOptions, 'cpuSlowdownMultiplier'> = {},
): Promise<LighthouseSummary[]> {
  const collected: Result[][] = urls.map(() => []);
  const errors: string[] = urls.map(() => '');
  const loadAverage = await waitForQuietMachine();
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, url] of urls.entries()) {
      try {
        collected[index].push(...(await lighthouseRuns(url, 1, options)));
      } catch (error) {
        errors[index] = messageOf(error);
      }
    }
  }
  return collected.map((lhrs, index) =>
    lhrs.length ? {...summarizeLighthouse(lhrs), loadAverage} : {error: errors[index] || 'no run'},
  );
}

function score(lhr: Result, id: string): number | null {
  const value = lhr.categories[id]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
}

function summarizeLighthouse(lhrs: Result[]): Omit<LighthouseFigures, 'loadAverage'> {
  const valid = filterToValidRuns(lhrs);
  // A run without a performance score counts as 0 when looking for the median.
  const performances = lhrs.map((lhr) => score(lhr, 'performance') ?? 0);
  let median: Result;
  let medianBy: string;
  if (valid.length === lhrs.length) {
    median = computeMedianRun(lhrs);
    medianBy = 'lighthouse computeMedianRun (FCP and TTI)';
  } else {
    const target = medianOf(performances);
    median = lhrs.find((lhr) => (score(lhr, 'performance') ?? 0) === target) ?? lhrs[0];
    medianBy = 'performance score';
  }
  const audit = (id: string) => median.audits[id]?.numericValue ?? 0;
  const failed = failedAudits(median);
  return {
    runs: lhrs.length,
    medianBy,
    lighthouseVersion: median.lighthouseVersion,
    formFactor: median.configSettings.formFactor,
    throttlingMethod: median.configSettings.throttlingMethod,
    performance: score(median, 'performance'),
    accessibility: score(median, 'accessibility'),
    bestPractices: score(median, 'best-practices'),
    seo: score(median, 'seo'),
    lcpMs: round(audit('largest-contentful-paint'), 0),
    tbtMs: round(audit('total-blocking-time'), 0),
    tbtByRun: lhrs.map((lhr) => round(lhr.audits['total-blocking-time']?.numericValue ?? 0, 0)),
    cls: round(audit('cumulative-layout-shift'), 3),
    performanceRange: [Math.min(...performances), Math.max(...performances)],
    // Lighthouse's own CPU benchmark of the machine during the runs (higher is faster).
    benchmarkIndex: round(medianOf(lhrs.map((lhr) => lhr.environment.benchmarkIndex)), 0),
    failedAudits: failed,
    inherentTo404: Object.values(failed)
      .flat()
      .filter((id) => isInherentTo404(median, id)),
  };
}

/** Scored audits below full marks in the median run, by category (performance left out). */
function failedAudits(lhr: Result): Record<string, string[]> {
  const failed: Record<string, string[]> = {};
  for (const category of Object.values(lhr.categories)) {
    if (category.id === 'performance') continue;
    const ids = category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => audit.id);
    if (ids.length) failed[category.id] = ids;
  }
  return failed;
}

/** An entry of the errors-in-console audit. */
interface ConsoleItem {
  source?: string;
  url?: string;
  description?: string;
  sourceLocation?: {url?: string};
}

/**
 * Audits a not-found page fails by being one: Lighthouse's SEO check of the status code, and the
 * console error Chromium logs for a document answered with 404.
 */
function isInherentTo404(lhr: Result, auditId: string): boolean {
  if (auditId === 'http-status-code') return true;
  if (auditId !== 'errors-in-console') return false;
  const details = lhr.audits[auditId].details as {items?: ConsoleItem[]} | undefined;
  const items = details?.items ?? [];
  return items.every(
    (item) =>
      item.source === 'network' &&
      (item.sourceLocation?.url ?? item.url) === lhr.finalDisplayedUrl &&
      /\b404\b/.test(item.description ?? ''),
  );
}
