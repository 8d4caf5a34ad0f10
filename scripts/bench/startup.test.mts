import assert from 'node:assert/strict';
import test from 'node:test';
import {startupTables} from './report.mts';
import type {BenchResults} from './results.mts';
import {medianSlowLink, SLOW_LINK} from './slow-link.mts';
import {longTasksAfterPaint, medianStartup, scriptLabel, type StartupFigures} from './startup.mts';
import {medianTbt, performanceOverStock, startupChecks} from './targets.mts';

test('long tasks count from the first contentful paint, each with what ran in it', () => {
  const tasks = longTasksAfterPaint({
    fcp: 500,
    tasks: [
      {start: 100, duration: 300}, // before the paint: not the reader's wait
      {start: 600, duration: 40}, // short
      {start: 700, duration: 200},
      {start: 950, duration: 80},
    ],
    frames: [
      {
        start: 690,
        duration: 400,
        styleAndLayoutStart: 1010,
        renderStart: 1005,
        scripts: [
          {
            invoker: 'https://x/docs/assets/js/main.8263c9f0.js',
            sourceURL: 'https://x/docs/assets/js/main.8263c9f0.js',
            start: 700,
            duration: 170,
          },
          {
            invoker: 'TimerHandler:setTimeout',
            sourceURL: 'https://x/docs/assets/js/main.8263c9f0.js',
            start: 951,
            duration: 40,
          },
        ],
      },
    ],
  });
  assert.deepEqual(tasks, [
    {startMs: 200, durationMs: 200, breakdown: {'main.js': 170, 'other (parsing, style, layout, paint)': 30}},
    {
      startMs: 450,
      durationMs: 80,
      breakdown: {'main.js (setTimeout)': 40, 'style and layout': 20, 'other (parsing, style, layout, paint)': 20},
    },
  ]);
});

test('scripts are named by file without their content hash, and by timer when a timer ran them', () => {
  assert.equal(
    scriptLabel({invoker: 'x', sourceURL: 'http://h/docs/assets/js/runtime~main.e386c34a.js'}),
    'runtime~main.js',
  );
  assert.equal(scriptLabel({invoker: 'Window.requestIdleCallback', sourceURL: ''}), 'inline (requestIdleCallback)');
});

const figures = (longestMs: number): StartupFigures => ({
  fcpMs: 600,
  longTasks: [{startMs: 10, durationMs: longestMs, breakdown: {'main.js': longestMs}}],
  longestMs,
  blockingMs: longestMs - 50,
});

test('the median load is chosen by its longest task, with the range beside it', () => {
  const median = medianStartup([figures(300), figures(120), figures(180)]);
  assert.equal(median.longestMs, 180);
  assert.deepEqual(median.longestRange, [120, 300]);
  assert.equal(median.runs, 3);
});

test('on the slow link, first paint and hydration each get their own median and range', () => {
  // The two medians come from different loads: a summary that picked one whole load would fail.
  assert.deepEqual(
    medianSlowLink([
      {fcpMs: 700, hydratedMs: 3400},
      {fcpMs: 900, hydratedMs: 3600},
      {fcpMs: 1000, hydratedMs: 3100},
    ]),
    {fcpMs: 900, hydratedMs: 3400, runs: 3, fcpRange: [700, 1000], hydratedRange: [3100, 3600]},
  );
  assert.deepEqual(
    medianSlowLink([
      {fcpMs: 700, hydratedMs: 3000},
      {fcpMs: 900, hydratedMs: 3500},
    ]),
    {fcpMs: 800, hydratedMs: 3250, runs: 2, fcpRange: [700, 900], hydratedRange: [3000, 3500]},
  );
});

test("the slow link is Lighthouse's slow 4G as DevTools throttling applies it", () => {
  const rounded = Object.fromEntries(
    Object.entries(SLOW_LINK).map(([key, value]) => [key, Math.round(value * 100) / 100]),
  );
  assert.deepEqual(rounded, {latencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675});
});

const lighthouse = (performance: number, tbtMs: number, tbtByRun?: number[]) => ({
  runs: 3,
  medianBy: 'x',
  lighthouseVersion: '12',
  formFactor: 'mobile',
  throttlingMethod: 'simulate',
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1500,
  tbtMs,
  tbtByRun,
  cls: 0,
  performanceRange: [performance, performance] as [number, number],
  benchmarkIndex: 1500,
  failedAudits: {},
  inherentTo404: [],
  loadAverage: 0.5,
});

test('the start-up targets compare with the stock page measured in the same run', () => {
  const startup: BenchResults['startup'] = {
    runs: 3,
    pages: {
      guide: medianStartup([figures(140)]),
      'stock-doc': medianStartup([figures(400)]),
      category: {error: 'timed out'},
    },
    interactions: [
      {id: 'guide-tab', label: 'Guide: tab', medianMs: 250, allMs: [250], unanswered: 0},
      {id: 'guide-menu', label: 'Guide: menu', medianMs: 120, allMs: [120], unanswered: 1, error: 'got no answer'},
      {id: 'stock-menu', label: 'Stock: menu', medianMs: 500, allMs: [500], unanswered: 0},
    ],
    slowLink: {
      guide: medianSlowLink([{fcpMs: 850, hydratedMs: 3300}]),
      'stock-doc': {error: 'timed out'},
    },
    alternating: [
      // The median runs (chosen by FCP and TTI) drew our slowest TBT and stock's fastest.
      {id: 'guide', label: 'Guide page', lighthouse: lighthouse(90, 500, [180, 500, 300])},
      {id: 'stock-doc', label: 'Stock Docusaurus doc page', lighthouse: lighthouse(75, 120, [400, 120, 450])},
    ],
    slowerPhone: {
      cpuSlowdownMultiplier: 8,
      alternating: [
        {id: 'guide', label: 'Guide page', lighthouse: lighthouse(88, 610, [610])},
        {id: 'stock-doc', label: 'Stock Docusaurus doc page', lighthouse: lighthouse(70, 1220, [1220])},
      ],
    },
  };
  const pages = [
    {id: 'guide', label: 'Guide page', path: '/g', url: 'u', weight: {} as never, lighthouse: {error: 'x'}},
  ];
  const checks = startupChecks({startup, pages});
  assert.deepEqual(
    checks.map(({what, value, pass}) => [what, value, pass]),
    [
      ['Guide page: longest task after FCP (CPU 4×)', '140 ms', true],
      ['category: longest task after FCP (CPU 4×)', 'failed', false],
      ['Guide: tab right after FCP (CPU 4×)', '250 ms', false],
      ['Guide: menu right after FCP (CPU 4×)', '120 ms, 1 press(es) unanswered', false],
      ["Guide page: Lighthouse TBT ≤ stock's, run in turn (median of the runs)", '300 ms (stock 400 ms)', true],
      ["Guide page: Lighthouse performance ≥ stock's + 10 (a score stops at 100), run in turn", '90 (stock 75)', true],
    ],
  );
  const table = startupTables({
    startup,
    pages,
    stock: {
      id: 'stock-doc',
      label: 'Stock Docusaurus doc page',
      path: '/docs/intro',
      url: 'u',
      page: {} as never,
      lighthouse: {error: 'x'},
    },
  }).join('\n');
  assert.match(table, /\| Guide page \| 600 ms \| 140 ms \| 140–140 ms \| 90 ms \| 0\.26× \| 1 \| main\.js 140 ms \|/);
  assert.match(table, /\| Guide: tab \| 250 ms \| 250 \| 0\.50× \|/);
  assert.match(table, /\| Guide: menu \| 120 ms \| 120, no answer \| 0\.24× \|/);
  assert.match(table, /\| Guide page \| 90 \| 300 ms \| 0\.75× \| 180, 500, 300 \| 500 ms \| 1\.50 s \|/);
  assert.match(table, /same, on a slower phone\*\* \(CPU 8×[^]*\| Guide page \| 88 \| 610 ms \| 0\.50× \| 610 \|/);
  assert.match(table, /\| category \| failed: timed out \|/);
  assert.match(
    table,
    /On a slow link\*\* \(Lighthouse's slow 4G .*: 562\.5 ms per request, 1\.44 Mbps down, 675 kbps up/,
  );
  assert.match(table, /^\| page \| first paint \| range \| hydrated \| range \|$/m);
  assert.match(table, /^\| Guide page \| 850 ms \| 850–850 ms \| 3300 ms \| 3300–3300 ms \|$/m);
  assert.match(table, /^\| Stock Docusaurus doc page \| failed: timed out \|\|\|\|$/m);
});

test('performance must pass stock by 10 points, or reach 100 when stock scores over 90', () => {
  assert.equal(performanceOverStock(75), 85);
  assert.equal(performanceOverStock(90), 100);
  assert.equal(performanceOverStock(96), 100);
  const check = (ours: number, stock: number) =>
    startupChecks({
      startup: {
        runs: 1,
        pages: {},
        interactions: [],
        alternating: [
          {id: 'guide', label: 'Guide page', lighthouse: lighthouse(ours, 0, [0])},
          {id: 'stock-doc', label: 'Stock Docusaurus doc page', lighthouse: lighthouse(stock, 0, [0])},
        ],
      },
      pages: [],
    }).find((entry) => entry.what.includes('performance'));
  assert.deepEqual([check(100, 96)?.pass, check(100, 96)?.target], [true, '≥ 100']);
  assert.equal(check(99, 96)?.pass, false);
  assert.equal(check(84, 75)?.pass, false);
  assert.equal(check(85, 75)?.pass, true);
});

test("a page's TBT in turn is the median of its runs; results of older benches have only the median run's", () => {
  assert.equal(medianTbt(lighthouse(90, 250)), 250);
  assert.equal(medianTbt(lighthouse(90, 250, [100, 300, 200, 900])), 250, 'the mean of the middle two');
});
