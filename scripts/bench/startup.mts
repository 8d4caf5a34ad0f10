// Page start-up under a slow phone's CPU: Chromium's CPU throttled 4× through the
// DevTools protocol, a phone viewport, an empty cache. For each page it records the main-thread
// tasks longer than 50 ms that start after the first contentful paint (with what each spent its time
// on, from the Long Animation Frames API), and the latency of an interaction made right after that paint:
// from the pointer press to the frame after the page shows the answer.
import type {Browser, BrowserContext, CDPSession, Page} from 'playwright-core';
import {medianOf, messageOf, round} from './common.mts';

export const CPU_THROTTLE = 4;
export const PHONE = {width: 412, height: 823};
const LONG_TASK_MS = 50;

/** What a long task spent its time on, in ms: scripts by file and entry point, style and layout. */
export type Breakdown = Record<string, number>;
export interface LongTask {
  startMs: number;
  durationMs: number;
  breakdown: Breakdown;
}
export interface StartupFigures {
  fcpMs: number;
  /** Tasks longer than 50 ms that start after FCP, until the page has been idle for 2 s. */
  longTasks: LongTask[];
  longestMs: number;
  /** Sum over those tasks of their time beyond 50 ms: Total Blocking Time counted from FCP. */
  blockingMs: number;
}

/** Entries of the Long Tasks and Long Animation Frames APIs as the page collected them. */
interface Collected {
  fcp: number;
  tasks: {start: number; duration: number}[];
  frames: {
    start: number;
    duration: number;
    styleAndLayoutStart: number;
    renderStart: number;
    scripts: {invoker: string; sourceURL: string; start: number; duration: number}[];
  }[];
}

/**
 * Installed before the page's own scripts: records long tasks and long animation frames from the
 * start (the page's own APIs rather than a trace, which would slow the scripts it measures).
 */
const COLLECT = `
  window.__startup = {tasks: [], frames: []};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__startup.tasks.push({start: entry.startTime, duration: entry.duration});
  }).observe({type: 'longtask', buffered: true});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__startup.frames.push({
        start: entry.startTime, duration: entry.duration, styleAndLayoutStart: entry.styleAndLayoutStart, renderStart: entry.renderStart,
        scripts: entry.scripts.map((script) => ({invoker: script.invoker, sourceURL: script.sourceURL, start: script.startTime, duration: script.duration})),
      });
    }
  }).observe({type: 'long-animation-frame', buffered: true});
`;

/** A script's file name without its content hash, and how it was entered. */
export function scriptLabel({invoker, sourceURL}: {invoker: string; sourceURL: string}): string {
  const file = (sourceURL.split('/').pop() || 'inline').replace(/\.[0-9a-f]{8}\.js$/, '.js');
  // Timers appear as "TimerHandler:setTimeout", callbacks as "Window.requestIdleCallback" or
  // "FrameRequestCallback"; a script evaluated on load is named by its address.
  const entry =
    /setTimeout|setInterval|requestIdleCallback|IdleRequestCallback|requestAnimationFrame|FrameRequestCallback/.exec(
      invoker,
    )?.[0];
  return entry ? `${file} (${entry})` : file;
}

/** The long tasks after FCP, each with what the animation frame it ended in spent its time on. */
export function longTasksAfterPaint({fcp, tasks, frames}: Collected): LongTask[] {
  return tasks
    .filter((task) => task.start >= fcp && task.duration > LONG_TASK_MS)
    .map((task) => {
      const breakdown: Breakdown = {};
      const end = task.start + task.duration;
      const frame = frames.find(
        (candidate) => candidate.start <= task.start + 1 && task.start < candidate.start + candidate.duration,
      );
      // A frame can hold several tasks: only the scripts that ran in this one.
      for (const script of (frame?.scripts ?? []).filter(
        (candidate) => candidate.start >= task.start - 1 && candidate.start < end,
      )) {
        const label = scriptLabel(script);
        breakdown[label] = round((breakdown[label] ?? 0) + script.duration, 0);
      }
      if (frame && frame.styleAndLayoutStart > task.start && frame.styleAndLayoutStart < end) {
        breakdown['style and layout'] = round(
          Math.min(end, frame.start + frame.duration) - frame.styleAndLayoutStart,
          0,
        );
      }
      const accounted = Object.values(breakdown).reduce((sum, ms) => sum + ms, 0);
      if (task.duration - accounted >= 10)
        breakdown['other (parsing, style, layout, paint)'] = round(task.duration - accounted, 0);
      return {startMs: round(task.start - fcp, 0), durationMs: round(task.duration, 0), breakdown};
    });
}

/**
 * A page in a fresh context (empty cache) on a phone, its CPU throttled, with `initScript` installed;
 * with the DevTools session that throttles it, for further emulation.
 */
export async function throttledPhonePage(
  browser: Browser,
  initScript: string,
): Promise<{page: Page; context: BrowserContext; cdp: CDPSession}> {
  const context = await browser.newContext({viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2});
  const page = await context.newPage();
  await page.addInitScript(initScript);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_THROTTLE});
  return {page, context, cdp};
}

/** Loads `url` on a phone with the CPU throttled, and returns the long tasks after FCP. */
export async function measureStartup(browser: Browser, url: string): Promise<StartupFigures> {
  const {page, context} = await throttledPhonePage(browser, COLLECT);
  try {
    await page.goto(url, {waitUntil: 'load', timeout: 60_000});
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true', undefined, {
      timeout: 60_000,
    });
    await page.waitForTimeout(2000 * CPU_THROTTLE);
    const collected = await page.evaluate(() => {
      const {tasks, frames} = (window as unknown as {__startup: Omit<Collected, 'fcp'>}).__startup;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
      return {fcp, tasks, frames};
    });
    if (collected.fcp < 0) throw new Error(`${url}: no first contentful paint was reported`);
    const longTasks = longTasksAfterPaint(collected);
    return {
      fcpMs: round(collected.fcp, 0),
      longTasks,
      longestMs: Math.max(0, ...longTasks.map((task) => task.durationMs)),
      blockingMs: round(
        longTasks.reduce((sum, task) => sum + task.durationMs - LONG_TASK_MS, 0),
        0,
      ),
    };
  } finally {
    await context.close();
  }
}

/** An interaction the bench makes right after the first paint, and how the page shows it answered. */
export interface Interaction {
  id: string;
  label: string;
  path: string;
  /** The element pressed. */
  target: string;
  /** Runs in the page: true once the answer is on screen. */
  answered: string;
}

/** The interactions the bench times; the stock page gets the menu, which every Docusaurus page has. */
export const INTERACTIONS: readonly Interaction[] = [
  {
    id: 'guide-tab',
    label: 'Guide: choose the second tab of a tab set',
    path: '/Guides/Origins/Origin Shield',
    target: '[role=tablist] [role=tab]:nth-child(2)',
    answered:
      "document.querySelector('[role=tablist] [role=tab]:nth-child(2)')?.getAttribute('aria-selected') === 'true'",
  },
  {
    id: 'guide-search',
    label: 'Guide: type into the search box',
    path: '/Guides/Origins/Origin Shield',
    target: 'input[role=combobox]',
    answered: "document.activeElement?.getAttribute('role') === 'combobox'",
  },
  {
    id: 'guide-menu',
    label: 'Guide: open the menu on a phone',
    path: '/Guides/Origins/Origin Shield',
    target: 'button.navbar__toggle',
    answered: "document.querySelector('.navbar-sidebar--show') !== null",
  },
];
export const STOCK_INTERACTION: Omit<Interaction, 'path'> = {
  ...INTERACTIONS[2],
  id: 'stock-menu',
  label: 'Stock doc page: open the menu on a phone',
};

/** A press the page did not answer within 20 s: counted apart from the bench's own failures. */
export class NoAnswerError extends Error {}

/**
 * Loads `url` on a throttled phone, presses `target` as soon as the first contentful paint has
 * happened and the element is there, and returns the ms from the press to the first frame in which
 * `answered` holds (the press's own timestamp, so time spent waiting for a busy main thread counts).
 */
export async function measureInteraction(browser: Browser, base: string, interaction: Interaction): Promise<number> {
  const {page, context} = await throttledPhonePage(
    browser,
    `
      window.__answer = new Promise((resolve) => {
        addEventListener('pointerdown', (event) => {
          const pressed = event.timeStamp;
          const check = () => (${interaction.answered}) ? resolve(performance.now() - pressed) : requestAnimationFrame(check);
          requestAnimationFrame(check);
        }, {capture: true, once: true});
      });
    `,
  );
  try {
    await page.goto(base + interaction.path.replace(/^\//, ''), {waitUntil: 'commit'});
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
      polling: 20,
      timeout: 60_000,
    });
    const target = page.locator(interaction.target).first();
    await target.scrollIntoViewIfNeeded({timeout: 30_000});
    const box = await target.boundingBox();
    if (!box) throw new Error(`${interaction.path}: ${interaction.target} is not on screen after the first paint`);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const latency = await page.evaluate(() =>
      Promise.race([
        (window as unknown as {__answer: Promise<number>}).__answer,
        new Promise<number>((resolve) => setTimeout(() => resolve(-1), 20_000)),
      ]),
    );
    if (latency < 0)
      throw new NoAnswerError(`${interaction.path}: pressing ${interaction.target} got no answer within 20 s`);
    return round(latency, 0);
  } finally {
    await context.close();
  }
}

/** The median of the figures of several loads, by the longest task after FCP. */
export function medianStartup(runs: StartupFigures[]): StartupFigures & {runs: number; longestRange: [number, number]} {
  const sorted = [...runs].sort((a, b) => a.longestMs - b.longestMs);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return {...median, runs: runs.length, longestRange: [sorted[0].longestMs, sorted.at(-1)!.longestMs]};
}

export type StartupSummary = ReturnType<typeof medianStartup> | {error: string};
export interface InteractionSummary {
  id: string;
  label: string;
  /** Median ms from the press to the answer on screen, over the runs. */
  medianMs: number | null;
  allMs: number[];
  /** Runs in which the press got no answer within 20 s (a lost press fails the target whatever the median). */
  unanswered: number;
  error?: string;
}

/**
 * Measures each page `runs` times, the pages in turn (ours and the stock page alike see the same
 * moments of the machine), and summarizes each page's loads; a page whose load fails gets the error.
 */
export async function inTurn<Figures, Summary>(
  pages: {id: string; url: string}[],
  runs: number,
  measure: (url: string) => Promise<Figures>,
  summarize: (loads: Figures[]) => Summary,
): Promise<Record<string, Summary | {error: string}>> {
  const collected: Record<string, Figures[]> = {};
  const errors: Record<string, string> = {};
  for (let run = 0; run < runs; run += 1) {
    for (const {id, url} of pages) {
      if (errors[id]) continue;
      try {
        (collected[id] ??= []).push(await measure(url));
      } catch (error) {
        errors[id] = messageOf(error);
      }
    }
  }
  return Object.fromEntries(pages.map(({id}) => [id, errors[id] ? {error: errors[id]} : summarize(collected[id])]));
}

/** Runs each measurement `runs` times, our page and the stock page in turn, so both see the same machine. */
export function startupFigures(
  browser: Browser,
  pages: {id: string; url: string}[],
  runs: number,
): Promise<Record<string, StartupSummary>> {
  return inTurn(pages, runs, (url) => measureStartup(browser, url), medianStartup);
}

export async function interactionFigures(
  browser: Browser,
  siteBase: string,
  stockBase: string,
  stockPath: string,
  runs: number,
): Promise<InteractionSummary[]> {
  const all = [
    ...INTERACTIONS.map((interaction) => ({base: siteBase, interaction})),
    {base: stockBase, interaction: {...STOCK_INTERACTION, path: stockPath}},
  ];
  const results = all.map(({interaction}) => ({
    id: interaction.id,
    label: interaction.label,
    allMs: [] as number[],
    unanswered: 0,
    error: '',
  }));
  for (let run = 0; run < runs; run += 1) {
    for (const [index, {base, interaction}] of all.entries()) {
      try {
        results[index].allMs.push(await measureInteraction(browser, base, interaction));
      } catch (error) {
        results[index].error = messageOf(error);
        if (error instanceof NoAnswerError) results[index].unanswered += 1;
      }
    }
  }
  return results.map(({allMs, error, ...rest}) => ({
    ...rest,
    allMs,
    medianMs: allMs.length ? medianOf(allMs) : null,
    ...(error && {error}),
  }));
}
