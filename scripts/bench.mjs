#!/usr/bin/env node
// `npm run bench`: how heavy and how fast the site is, next to a stock Docusaurus site of the same
// version built with the same `future` flags (issue 8). In one run it
//   1. builds this site cold (as after a fresh clone) and warm, timing wall and CPU seconds and
//      measuring peak memory;
//   2. scaffolds the classic template with the installed create-docusaurus, builds it the same way;
//   3. serves both builds with the production nginx configuration and measures the bytes each page
//      downloads on load (scripts/page-weight.mjs, the same code as the byte-budget test);
//   4. runs Lighthouse (mobile, simulated throttling, Debian's Chromium), median of --runs runs;
//   5. adds the figures of scripts/search-stats.mjs when that script exists, with its scale run
//      (a synthetic site of 5× the pages, generated in a temporary folder).
// It writes generated/bench/bench.json and bench.md, prints the table, and refreshes
// tests/fixtures/stock-docusaurus.json (the stock page's bytes the budget test compares with).
// Missed targets are reported, not fatal: the exit code is 0 unless a step crashed.
//
// Usage: node scripts/bench.mjs [--runs N] [--quick] [--port N] [--stock-port N] [--keep-stock]
//                               [--reuse-build]
//   --runs N      Lighthouse runs per page (default 5); the median run is reported
//   --quick       one Lighthouse run and no warm builds, for development
//   --keep-stock  keep the scaffolded stock site (its folder is printed) instead of deleting it
//   --reuse-build measure this site's existing build/ instead of building it (no build figures)
import {spawn} from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {computeMedianRun, filterToValidRuns} from 'lighthouse/core/lib/median-run.js';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from './chromium.mts';
import {launchMeasuringBrowser, measurePageWeight} from './page-weight.mjs';
import {startNginx} from './serve-nginx.mts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'generated', 'bench');
const stockFixture = path.join(root, 'tests', 'fixtures', 'stock-docusaurus.json');

/** The pages measured, by address: they keep their URL whatever theme renders them. */
export const PAGES = [
  {id: 'home', label: 'Home', path: '/', jsBudget: 1},
  {id: 'guide', label: 'Guide page', path: '/Guides/Origins/Origin Shield', jsBudget: 1},
  {id: 'category', label: 'Category page', path: '/category/guides', jsBudget: 1},
  {id: 'api-overview', label: 'API overview', path: '/api/tributary-api'},
  {id: 'api-operation', label: 'API operation page', path: '/api/services-list', jsBudget: 1.5},
  {id: 'not-found', label: 'Not-found page', path: '/no-such-page', status: 404},
];
/** The first doc page of the classic template, under the same /docs/ base URL. */
const STOCK_PAGE = {id: 'stock-doc', label: 'Stock Docusaurus doc page', path: '/docs/intro'};

const TARGETS = {coldBuildSeconds: 120, coldBuildPeakBytes: 4 * 1024 ** 3, performance: 95, otherScores: 100};

function parseOptions(argv) {
  const {values} = parseArgs({
    args: argv,
    options: {
      runs: {type: 'string', default: '5'},
      quick: {type: 'boolean', default: false},
      port: {type: 'string', default: process.env.BENCH_PORT ?? '8100'},
      'stock-port': {type: 'string', default: process.env.BENCH_STOCK_PORT ?? '8101'},
      'keep-stock': {type: 'boolean', default: false},
      'reuse-build': {type: 'boolean', default: false},
    },
  });
  const runs = values.quick ? 1 : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`--runs takes a whole number of Lighthouse runs per page (got "${values.runs}").`);
  }
  return {...values, runs};
}

function log(message) {
  console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

// ---------------------------------------------------------------------------------------------
// Running and measuring commands

const TIME = ['/usr/bin/time', '/bin/time'].find((candidate) => existsSync(candidate));

/** Pid → parent pid of every process, from /proc. */
function processParents() {
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: fields start after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(name), ppid);
    } catch {
      // The process ended while we listed it.
    }
  }
  return parents;
}

/** Resident memory of `rootPid` and all its descendants, in bytes. */
export function treeRss(rootPid) {
  const parents = processParents();
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let bytes = 0;
  for (const pid of inTree) {
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) bytes += Number(match[1]) * 1024;
    } catch {
      // Ended meanwhile.
    }
  }
  return bytes;
}

export function parseTimeReport(text) {
  const field = (name) => {
    const match = new RegExp(`${name}: ([\\d.]+)`).exec(text);
    return match ? Number(match[1]) : null;
  };
  const user = field('User time \\(seconds\\)');
  const system = field('System time \\(seconds\\)');
  const maxRssKb = field('Maximum resident set size \\(kbytes\\)');
  return {user, system, maxProcessRssBytes: maxRssKb === null ? null : maxRssKb * 1024};
}

/** `times` of POSIX sh prints the shell's and then its children's user and system time. */
export function parseShellTimes(text) {
  const seconds = (value) => {
    const match = /^(\d+)m([\d.]+)s$/.exec(value);
    return match ? Number(match[1]) * 60 + Number(match[2]) : null;
  };
  const children = text.trim().split('\n').at(-1)?.trim().split(/\s+/) ?? [];
  return {user: seconds(children[0] ?? ''), system: seconds(children[1] ?? ''), maxProcessRssBytes: null};
}

/**
 * Runs a command to completion, its output going to `logFile`, and measures wall seconds, CPU
 * seconds (user + system of the whole process tree) and memory: the largest single process
 * (from /usr/bin/time -v) and the peak sum over the tree (sampled from /proc every 250 ms).
 */
function measureCommand(command, args, {cwd, logFile, env = {}}) {
  const reportFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-time-')), 'report');
  const [program, programArgs, method] = TIME
    ? [TIME, ['-v', '-o', reportFile, command, ...args], '/usr/bin/time -v']
    : ['sh', ['-c', '"$@"; status=$?; times > "$BENCH_TIMES"; exit $status', 'sh', command, ...args], 'sh times'];
  writeFileSync(logFile, `$ ${command} ${args.join(' ')}\n`);
  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(program, programArgs, {
      cwd,
      env: {...process.env, ...env, BENCH_TIMES: reportFile, FORCE_COLOR: '0'},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    let peakTreeRssBytes = 0;
    const sampler = setInterval(() => {
      peakTreeRssBytes = Math.max(peakTreeRssBytes, treeRss(child.pid));
    }, 250);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sampler);
      const wallSeconds = (performance.now() - started) / 1000;
      const output = Buffer.concat(chunks).toString('utf8');
      writeFileSync(logFile, output, {flag: 'a'});
      const report = existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : '';
      rmSync(path.dirname(reportFile), {recursive: true, force: true});
      if (code !== 0) {
        const tail = output.trim().split('\n').slice(-25).join('\n');
        reject(new Error(`"${command} ${args.join(' ')}" failed (exit code ${code}); log: ${logFile}\n${tail}`));
        return;
      }
      const times = TIME ? parseTimeReport(report) : parseShellTimes(report);
      resolve({
        wallSeconds: round(wallSeconds, 1),
        cpuSeconds: times.user === null || times.system === null ? null : round(times.user + times.system, 1),
        userSeconds: times.user,
        systemSeconds: times.system,
        peakTreeRssBytes,
        maxProcessRssBytes: times.maxProcessRssBytes,
        loadAverage: {before: round(loadBefore, 2), after: round(os.loadavg()[0], 2)},
        method,
        log: path.relative(root, logFile),
      });
    });
  });
}

/** Runs a preparation step (not measured); its output goes to the log, failures stop the bench. */
function run(command, args, {cwd, logFile}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {...process.env, FORCE_COLOR: '0'},
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const output = Buffer.concat(chunks).toString('utf8');
      if (logFile) writeFileSync(logFile, `$ ${command} ${args.join(' ')}\n${output}`, {flag: 'a'});
      if (code === 0) resolve(output);
      else reject(new Error(`"${command} ${args.join(' ')}" failed (exit code ${code}):\n${output.slice(-3000)}`));
    });
  });
}

function round(value, digits) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

// ---------------------------------------------------------------------------------------------
// The two sites

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Leaves the site as after a fresh clone: no bundler cache, no build, nothing generated. */
async function clearSite() {
  await run(bin('docusaurus'), ['clear'], {cwd: root});
  // generated/ holds only build products (OpenAPI bundle, API pages, diagrams); keep our results.
  for (const name of existsSync(path.join(root, 'generated')) ? readdirSync(path.join(root, 'generated')) : []) {
    if (name !== 'bench') rmSync(path.join(root, 'generated', name), {recursive: true, force: true});
  }
}

function buildSite(label) {
  log(`building the site (${label})…`);
  return measureCommand('npm', ['run', 'build'], {cwd: root, logFile: path.join(outDir, `build-site-${label}.log`)});
}

/** The `future` flags of docusaurus.config.ts, read by loading the config the way Docusaurus does. */
export async function siteFutureFlags() {
  const output = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '--eval',
      // A TypeScript module loaded from CommonJS arrives wrapped in one more `default`.
      "const m = await import('./docusaurus.config.ts'); const c = m.default.default ?? m.default; " +
        'console.log(JSON.stringify(c.future));',
    ],
    {cwd: root},
  );
  const future = JSON.parse(output.trim().split('\n').at(-1) || 'null');
  if (!future || typeof future !== 'object') throw new Error('docusaurus.config.ts has no `future` flags to copy.');
  return future;
}

/**
 * Scaffolds the classic TypeScript template with the installed create-docusaurus, under the same
 * base URL and `future` flags as this site, using this site's node_modules (same versions, no
 * install). node_modules is a real folder of links, so the bundler cache stays the stock site's own.
 */
export async function scaffoldStock(parent, future) {
  const name = 'stock-docusaurus';
  await run(
    process.execPath,
    [
      path.join(root, 'node_modules/create-docusaurus/bin/index.js'),
      name,
      'classic',
      parent,
      '--typescript',
      '--skip-install',
    ],
    {cwd: parent, logFile: path.join(outDir, 'scaffold-stock.log')},
  );
  const siteDir = path.join(parent, name);
  const configPath = path.join(siteDir, 'docusaurus.config.ts');
  const config = readFileSync(configPath, 'utf8');
  const patched = config
    .replace(/^(\s*)baseUrl: '\/',/m, "$1baseUrl: '/docs/',")
    .replace(/^(\s*)future: \{[^}]*\},/m, `$1future: ${JSON.stringify(future)},`);
  if (!patched.includes("baseUrl: '/docs/'") || !patched.includes(`future: ${JSON.stringify(future)}`)) {
    throw new Error(`The template's ${configPath} no longer has the baseUrl or future lines the bench rewrites.`);
  }
  writeFileSync(configPath, patched);
  // The template links its first doc as "/docs/intro", which a /docs/ base URL leaves as is (the
  // address already starts with the base URL) and the build rejects as broken: point it at the page.
  for (const file of [configPath, path.join(siteDir, 'src/pages/index.tsx')]) {
    const text = readFileSync(file, 'utf8');
    if (!/(['"])\/docs\/intro\1/.test(text)) throw new Error(`${file} no longer links "/docs/intro".`);
    writeFileSync(file, text.replace(/(['"])\/docs\/intro\1/g, '$1/docs/docs/intro$1'));
  }
  const modules = path.join(siteDir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '.cache') symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  return siteDir;
}

function buildStock(siteDir, label) {
  log(`building the stock Docusaurus site (${label})…`);
  return measureCommand(path.join(siteDir, 'node_modules/.bin/docusaurus'), ['build'], {
    cwd: siteDir,
    logFile: path.join(outDir, `build-stock-${label}.log`),
  });
}

function readVersions() {
  const declared = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies['@docusaurus/core'];
  const installed = JSON.parse(
    readFileSync(path.join(root, 'node_modules/@docusaurus/core/package.json'), 'utf8'),
  ).version;
  return {declared, installed};
}

// ---------------------------------------------------------------------------------------------
// Page weight and Lighthouse

const pageUrl = (base, sitePath) => new URL(encodeURI(sitePath.replace(/^\//, '')), base).href;

/** Only the figures worth keeping: totals, and the five largest JS responses to see what weighs. */
function summarizeWeight(weight) {
  const largestJs = weight.responses
    .filter((response) => response.kind === 'js')
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5)
    .map(({url, raw, gzip}) => ({path: new URL(url).pathname, raw, gzip}));
  return {status: weight.status, totals: weight.totals, largestJs};
}

/** Lighthouse's transient failures (a trace without navigation start on a busy machine) are retried. */
const LIGHTHOUSE_ATTEMPTS = 3;
/** Lighthouse multiplies the CPU time it observes: it starts once the builds have stopped weighing. */
const QUIET_LOAD = 1;
const QUIET_WAIT_MS = 120_000;

/** Waits (up to two minutes) until the 1-minute load average is under QUIET_LOAD; returns it. */
async function waitForQuietMachine() {
  const started = Date.now();
  while (os.loadavg()[0] >= QUIET_LOAD && Date.now() - started < QUIET_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  return round(os.loadavg()[0], 2);
}

async function lighthouseRuns(url, count, {expectStatus = 200} = {}) {
  const chrome = await chromeLauncher.launch({chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS});
  const results = [];
  const errors = [];
  try {
    for (let attempt = 0; results.length < count && attempt < count * LIGHTHOUSE_ATTEMPTS; attempt += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // The not-found page is meant to answer 404; Lighthouse would otherwise refuse to score it.
        ignoreStatusCode: expectStatus !== 200,
      });
      const error = result ? result.lhr.runtimeError : {code: 'NO_RESULT', message: 'Lighthouse returned nothing'};
      if (error) {
        errors.push(`${error.code}: ${error.message}`);
        log(`  Lighthouse run failed (${error.code}), trying again`);
      } else {
        results.push(result.lhr);
      }
    }
  } finally {
    await chrome.kill();
  }
  if (!results.length) throw new Error(`Lighthouse failed on ${url}: ${errors.join('; ')}`);
  return results;
}

/** The median run's figures, or the error that kept Lighthouse from scoring the page. */
async function lighthouseSummary(url, count, options) {
  try {
    const loadAverage = await waitForQuietMachine();
    return {...summarizeLighthouse(await lighthouseRuns(url, count, options)), loadAverage};
  } catch (error) {
    log(error.message);
    return {error: error.message};
  }
}

function medianOf(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function summarizeLighthouse(lhrs) {
  const score = (lhr, id) => (lhr.categories[id]?.score === null ? null : Math.round(lhr.categories[id].score * 100));
  const valid = filterToValidRuns(lhrs);
  let median;
  let medianBy;
  if (valid.length === lhrs.length) {
    median = computeMedianRun(lhrs);
    medianBy = 'lighthouse computeMedianRun (FCP and TTI)';
  } else {
    const target = medianOf(lhrs.map((lhr) => score(lhr, 'performance')));
    median = lhrs.find((lhr) => score(lhr, 'performance') === target) ?? lhrs[0];
    medianBy = 'performance score';
  }
  const performances = lhrs.map((lhr) => score(lhr, 'performance'));
  const audit = (id) => median.audits[id]?.numericValue ?? null;
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
    cls: round(audit('cumulative-layout-shift'), 3),
    performanceRange: [Math.min(...performances), Math.max(...performances)],
    // Lighthouse's own CPU benchmark of the machine during the runs (higher is faster).
    benchmarkIndex: round(medianOf(lhrs.map((lhr) => lhr.environment.benchmarkIndex)), 0),
    failedAudits: failedAudits(median),
    inherentTo404: Object.values(failedAudits(median))
      .flat()
      .filter((id) => isInherentTo404(median, id)),
  };
}

/** Scored audits below full marks in the median run, by category (performance left out). */
function failedAudits(lhr) {
  const failed = {};
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

/**
 * Audits a not-found page fails by being one: Lighthouse's SEO check of the status code, and the
 * console error Chromium logs for a document answered with 404.
 */
function isInherentTo404(lhr, auditId) {
  if (auditId === 'http-status-code') return true;
  if (auditId !== 'errors-in-console') return false;
  const items = lhr.audits[auditId].details?.items ?? [];
  return items.every(
    (item) =>
      item.source === 'network' &&
      (item.sourceLocation?.url ?? item.url) === lhr.finalDisplayedUrl &&
      /\b404\b/.test(item.description ?? ''),
  );
}

// ---------------------------------------------------------------------------------------------
// Search figures (from the search issue's script, when it exists)

/** The search's scale run: a synthetic site of this many times the pages (scripts/search-stats.mjs). */
const SEARCH_SCALE = 5;

async function searchStats(baseUrl) {
  const script = path.join(root, 'scripts', 'search-stats.mjs');
  if (!existsSync(script)) return {available: false, reason: 'scripts/search-stats.mjs not available'};
  try {
    const output = await new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', script, path.join(root, 'build'), '--scale', String(SEARCH_SCALE)],
        {
          cwd: root,
          env: {...process.env, BASE_URL: baseUrl, BUILD_DIR: path.join(root, 'build')},
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const out = [];
      const err = [];
      child.stdout.on('data', (chunk) => out.push(chunk));
      child.stderr.on('data', (chunk) => err.push(chunk));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0
          ? resolve(Buffer.concat(out).toString('utf8'))
          : reject(new Error(`exit code ${code}: ${Buffer.concat(err).toString('utf8').slice(-500)}`)),
      );
    });
    return {available: true, figures: JSON.parse(output)};
  } catch (error) {
    return {available: false, reason: `scripts/search-stats.mjs failed: ${error.message}`};
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const kB = (bytes) => (bytes === null || bytes === undefined ? '–' : `${(bytes / 1000).toFixed(1)} kB`);
const GB = (bytes) => (bytes ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : '–');
const seconds = (value) => (value === null || value === undefined ? '–' : `${value.toFixed(1)} s`);
const mark = (pass) => (pass ? '✅' : '❌');

function checkTargets(results) {
  const checks = [];
  const stockJs = results.stock.page.totals.js.gzip;
  for (const page of results.pages) {
    if (page.jsBudget) {
      const budget = stockJs * page.jsBudget;
      checks.push({
        what: `${page.label}: JS gzip ≤ ${page.jsBudget === 1 ? '' : `${page.jsBudget}× `}stock doc page`,
        value: kB(page.weight.totals.js.gzip),
        target: `≤ ${kB(budget)}`,
        pass: page.weight.totals.js.gzip <= budget,
      });
    }
  }
  for (const page of results.pages) {
    const lh = page.lighthouse;
    if (lh.error) {
      checks.push({
        page: page.id,
        metric: 'lighthouse',
        what: `${page.label}: Lighthouse`,
        value: 'failed',
        target: 'scored',
        pass: false,
      });
      continue;
    }
    checks.push({
      page: page.id,
      metric: 'performance',
      what: `${page.label}: Lighthouse performance`,
      value: String(lh.performance),
      target: `≥ ${TARGETS.performance}`,
      pass: lh.performance >= TARGETS.performance,
    });
    for (const [key, category, name] of [
      ['accessibility', 'accessibility', 'accessibility'],
      ['bestPractices', 'best-practices', 'best practices'],
      ['seo', 'seo', 'SEO'],
    ]) {
      // A not-found page answers 404 on purpose; only the audits that status does not decide count.
      const excused = page.status === 404 ? lh.inherentTo404 : [];
      const failing = (lh.failedAudits[category] ?? []).filter((id) => !excused.includes(id));
      const excusedHere = (lh.failedAudits[category] ?? []).filter((id) => excused.includes(id));
      checks.push({
        page: page.id,
        metric: key,
        what: `${page.label}: Lighthouse ${name}`,
        value: String(lh[key]) + (excusedHere.length ? ` (only ${excusedHere.join(', ')}, inherent to a 404)` : ''),
        target: `${TARGETS.otherScores}`,
        pass: lh[key] >= TARGETS.otherScores || (excusedHere.length > 0 && failing.length === 0),
        failing,
      });
    }
  }
  const cold = results.builds.site.cold;
  if (!cold) return checks;
  checks.push({
    what: 'Cold build wall time',
    value: seconds(cold.wallSeconds),
    target: `< ${TARGETS.coldBuildSeconds} s`,
    pass: cold.wallSeconds < TARGETS.coldBuildSeconds,
  });
  const peak = Math.max(cold.peakTreeRssBytes, cold.maxProcessRssBytes ?? 0);
  checks.push({
    what: 'Cold build peak memory',
    value: GB(peak),
    target: `< ${GB(TARGETS.coldBuildPeakBytes)}`,
    pass: peak < TARGETS.coldBuildPeakBytes,
  });
  return checks;
}

/** The search figures as a table: what a query fetches, how fast it answers, relevance. */
/** Phone-class latency (Chromium, CPU throttled 4×) as "median / p95", or why it is missing. */
function phoneMs(phone, key = 'query') {
  if (!phone || phone.error) return `n/a (${phone?.error ?? 'not measured'})`;
  return `${phone[key].median} / ${phone[key].p95} ms`;
}

export function searchTable({
  files,
  totals,
  documents,
  engineLoadMs,
  queryLatencyMs: latency,
  phoneLatencyMs: phone,
  relevance,
}) {
  const kBs = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  const spread = ({median, p95, max}) => `${kBs(median)} / ${kBs(p95)} / ${kBs(max)}`;
  return [
    '| figure | value |',
    '| --- | ---: |',
    `| first query, all downloads, median / p95 / max of the relevance queries (gzip; budget 200 kB) | ${spread(totals.firstQueryGzip)} |`,
    `| further query, median / p95 / max (gzip; budget 60 kB) | ${spread(totals.furtherQueryGzip)} |`,
    `| meta file, raw / gzip (${documents} sections) | ${kBs(files.meta.raw)} / ${kBs(files.meta.gzip)} |`,
    `| index shards, all ${files.shards.count}, raw / gzip | ${kBs(files.shards.raw)} / ${kBs(files.shards.gzip)} |`,
    `| document chunks, all ${files.chunks.count}, raw / gzip | ${kBs(files.chunks.raw)} / ${kBs(files.chunks.gzip)} |`,
    `| search code (gzip) | ${kBs(totals.searchChunksGzip)} |`,
    `| loading every file (Node) | ${engineLoadMs} ms |`,
    `| query latency over ${latency.runs} queries: median / p95 / max (Node) | ${latency.median} / ${latency.p95} / ${latency.max} ms |`,
    `| query latency, median / p95, Chromium with the CPU throttled 4× (phone class; target p95 < 50 ms) | ${phoneMs(phone)} |`,
    `| first query's work once its files are in, median / p95 (same Chromium) | ${phoneMs(phone, 'firstQuery')} |`,
    `| opening the box: the engine built from the meta file (same Chromium, median) | ${phone && !phone.error ? `${phone.engineLoadMedian} ms` : 'n/a'} |`,
    `| relevance: reader queries with their page in the top 3 | ${relevance.top3Hits} of ${relevance.queries} |`,
  ];
}

/** The scale run as a table: the site at its size and at N times its pages, side by side. */
export function searchScaleTable(rows) {
  const kBs = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  const lines = [
    '| site | pages | sections | terms | first query (median / p95) | further query (median / p95) | index build | latency p95, Node / phone (Chromium, CPU 4×) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.factor === 1 ? 'today' : `${row.factor}× (synthetic)`} | ${row.pages} | ${row.documents} | ${row.terms} | ` +
        `${kBs(row.firstQueryGzip.median)} / ${kBs(row.firstQueryGzip.p95)} | ` +
        `${kBs(row.furtherQueryGzip.median)} / ${kBs(row.furtherQueryGzip.p95)} | ${(row.indexBuildMs / 1000).toFixed(1)} s | ` +
        `${row.queryLatencyMs.p95} / ${row.phoneLatencyMs && !row.phoneLatencyMs.error ? row.phoneLatencyMs.query.p95 : 'n/a'} ms |`,
    );
  }
  return lines;
}

export function renderMarkdown(results) {
  const lines = [];
  const stockJs = results.stock.page.totals.js.gzip;
  lines.push(
    `Docusaurus ${results.docusaurusVersion}, ${results.machine.cpus} CPUs, ` +
      `${GB(results.machine.memoryBytes)} RAM, ${results.date}. Lighthouse: median of ${results.lighthouseRuns} run(s).`,
    '',
    '**Builds** (CPU = user + system of the whole process tree; peak memory = largest sum of the tree',
    "RSS, sampled; load = the machine's 1-minute load average before → after, other work included)",
    '',
    '| build | wall | CPU | peak memory | largest process | load |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const [site, label] of [
    ['site', 'this site'],
    ['stock', 'stock Docusaurus'],
  ]) {
    for (const kind of ['cold', 'warm']) {
      const build = results.builds[site][kind];
      if (!build) continue;
      lines.push(
        `| ${label}, ${kind} | ${seconds(build.wallSeconds)} | ${seconds(build.cpuSeconds)} | ` +
          `${GB(build.peakTreeRssBytes)} | ${GB(build.maxProcessRssBytes)} | ` +
          `${build.loadAverage.before} → ${build.loadAverage.after} |`,
      );
    }
  }
  lines.push(
    '',
    '**Bytes on load** (until the network is idle, service worker blocked; raw = decoded, gzip = as',
    'transferred by nginx; ratio = JS gzip / the stock doc page’s JS gzip)',
    '',
    '| page | JS raw | JS gzip | CSS gzip | HTML gzip | other gzip | total raw | total gzip | JS ratio | target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
  );
  const weightRow = (label, pagePath, totals, budget) => {
    const ratio = totals.js.gzip / stockJs;
    const target = budget ? `${mark(totals.js.gzip <= stockJs * budget)} ≤ ${budget}×` : '–';
    return (
      `| ${label} \`${pagePath}\` | ${kB(totals.js.raw)} | ${kB(totals.js.gzip)} | ${kB(totals.css.gzip)} | ` +
      `${kB(totals.html.gzip)} | ${kB(totals.other.gzip)} | ${kB(totals.total.raw)} | ${kB(totals.total.gzip)} | ` +
      `${ratio.toFixed(2)}× | ${target} |`
    );
  };
  for (const page of results.pages) lines.push(weightRow(page.label, page.path, page.weight.totals, page.jsBudget));
  lines.push(weightRow(results.stock.label, results.stock.path, results.stock.page.totals));
  lines.push(
    '',
    `**Lighthouse** (mobile, simulated throttling, Chromium ${results.chromiumVersion ?? ''}; ` +
      `targets: performance ≥ ${TARGETS.performance}, the others ${TARGETS.otherScores}; load = the ` +
      `1-minute load average when the page's runs began, after waiting up to ${QUIET_WAIT_MS / 60_000} minutes ` +
      `for it to fall under ${QUIET_LOAD}; CPU index = Lighthouse's benchmarkIndex of the machine, median)`,
    '',
    '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | perf. range | load | CPU index | audits below 100 |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  const lhRow = (label, lh, pageId) => {
    if (lh.error) return `| ${label} | Lighthouse failed: ${lh.error.replaceAll('|', '/')} |||||||||||`;
    const cell = (metric) => {
      const check = results.targets.find((candidate) => candidate.page === pageId && candidate.metric === metric);
      return check ? `${lh[metric]} ${mark(check.pass)}` : `${lh[metric]}`;
    };
    const failing = Object.values(lh.failedAudits).flat().join(', ') || '–';
    return (
      `| ${label} | ${cell('performance')} | ${cell('accessibility')} | ${cell('bestPractices')} | ${cell('seo')} | ` +
      `${(lh.lcpMs / 1000).toFixed(2)} s | ${lh.tbtMs} ms | ${lh.cls} | ${lh.performanceRange.join('–')} | ` +
      `${lh.loadAverage} | ${lh.benchmarkIndex} | ${failing} |`
    );
  };
  for (const page of results.pages) lines.push(lhRow(page.label, page.lighthouse, page.id));
  lines.push(lhRow(results.stock.label, results.stock.lighthouse, null));
  if (results.search.available) {
    lines.push('', '**Search** (`scripts/search-stats.mjs`; nothing is fetched on page load)', '');
    lines.push(...searchTable(results.search.figures));
    if (results.search.figures.scale) {
      lines.push('', `**Search at scale** (the real site and a synthetic one of ${SEARCH_SCALE}× its pages)`, '');
      lines.push(...searchScaleTable(results.search.figures.scale));
    }
  } else {
    lines.push('', `**Search**: not available (${results.search.reason}).`);
  }
  const failed = results.targets.filter((check) => !check.pass);
  lines.push('', `**Targets**: ${results.targets.length - failed.length} of ${results.targets.length} met.`);
  if (failed.length) {
    lines.push('', '| missed target | figure | target |', '| --- | ---: | ---: |');
    for (const check of failed) lines.push(`| ${check.what} | ${check.value} | ${check.target} |`);
  }
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(options) {
  const {runs} = options;
  mkdirSync(outDir, {recursive: true});
  const versions = readVersions();
  if (versions.declared !== versions.installed) {
    throw new Error(
      `package.json asks for @docusaurus/core ${versions.declared} but ${versions.installed} is installed: run npm install.`,
    );
  }
  const builds = {site: {}, stock: {}};

  if (options['reuse-build']) {
    log('measuring the existing build/ of this site (--reuse-build: no build figures for it)');
  } else {
    log('cold build: clearing caches, build/ and generated/ (as after a fresh clone)');
    await clearSite();
    builds.site.cold = await buildSite('cold');
    if (!options.quick) builds.site.warm = await buildSite('warm');
  }

  const stockParent = mkdtempSync(path.join(os.tmpdir(), 'tributary-bench-stock-'));
  chmodSync(stockParent, 0o755); // nginx workers run as an unprivileged user
  const servers = [];
  try {
    const future = await siteFutureFlags();
    const stockDir = await scaffoldStock(stockParent, future);
    log(`stock site scaffolded in ${stockDir} with future ${JSON.stringify(future)}`);
    builds.stock.cold = await buildStock(stockDir, 'cold');
    if (!options.quick) builds.stock.warm = await buildStock(stockDir, 'warm');
    // Our pipeline precompresses for nginx's gzip_static; do the same so both are served alike.
    await run(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/precompress.mts'), path.join(stockDir, 'build')],
      {
        cwd: root,
      },
    );
    if (!existsSync(path.join(stockDir, 'build', STOCK_PAGE.path, 'index.html'))) {
      throw new Error(`The stock build has no page at ${STOCK_PAGE.path}: the template's first doc moved.`);
    }

    const noHeaders = path.join(stockParent, 'no-security-headers.conf');
    writeFileSync(noHeaders, '# The stock site has no security headers of its own.\n');
    const site = await startNginx({port: Number(options.port)});
    servers.push(site);
    const stock = await startNginx({
      port: Number(options['stock-port']),
      buildDir: path.join(stockDir, 'build'),
      securityHeaders: noHeaders,
      mcp: false,
    });
    servers.push(stock);

    log('measuring bytes on load…');
    const browser = await launchMeasuringBrowser();
    const chromiumVersion = browser.version();
    const pages = [];
    let stockPage;
    try {
      stockPage = summarizeWeight(await measurePageWeight(browser, pageUrl(stock.url, STOCK_PAGE.path)));
      for (const page of PAGES) {
        const weight = summarizeWeight(await measurePageWeight(browser, pageUrl(site.url, page.path)));
        const expected = page.status ?? 200;
        if (weight.status !== expected) {
          throw new Error(`${page.path} answered ${weight.status}, expected ${expected}: the page moved?`);
        }
        pages.push({...page, url: pageUrl(site.url, page.path), weight});
      }
    } finally {
      await browser.close();
    }

    for (const page of pages) {
      log(`Lighthouse × ${runs}: ${page.path}`);
      page.lighthouse = await lighthouseSummary(page.url, runs, {expectStatus: page.status});
    }
    log(`Lighthouse × ${runs}: stock ${STOCK_PAGE.path}`);
    const stockLighthouse = await lighthouseSummary(pageUrl(stock.url, STOCK_PAGE.path), runs);

    log('search figures…');
    const search = await searchStats(site.url);

    const results = {
      date: new Date().toISOString(),
      docusaurusVersion: versions.installed,
      chromiumVersion,
      machine: {cpus: os.cpus().length, memoryBytes: os.totalmem(), platform: `${os.type()} ${os.release()}`},
      options: {quick: options.quick, lighthouseRuns: runs},
      lighthouseRuns: runs,
      stockFuture: future,
      builds,
      pages,
      stock: {...STOCK_PAGE, url: pageUrl(stock.url, STOCK_PAGE.path), page: stockPage, lighthouse: stockLighthouse},
      search,
    };
    results.targets = checkTargets(results);

    writeFileSync(
      stockFixture,
      `${JSON.stringify(
        {
          about: 'Bytes the stock Docusaurus doc page loads; written by `npm run bench` (scripts/bench.mjs).',
          docusaurusVersion: versions.installed,
          page: STOCK_PAGE.path,
          measured: results.date.slice(0, 10),
          js: {raw: stockPage.totals.js.raw, gzip: stockPage.totals.js.gzip},
          total: {raw: stockPage.totals.total.raw, gzip: stockPage.totals.total.gzip},
        },
        null,
        2,
      )}\n`,
    );
    writeFileSync(path.join(outDir, 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
    const markdown = renderMarkdown(results);
    writeFileSync(path.join(outDir, 'bench.md'), markdown);
    process.stdout.write(markdown);
    log(`wrote ${path.relative(root, outDir)}/bench.json, bench.md and ${path.relative(root, stockFixture)}`);
  } finally {
    for (const server of servers) server.stop();
    if (options['keep-stock']) log(`stock site kept in ${stockParent}`);
    else rmSync(stockParent, {recursive: true, force: true});
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await main(parseOptions(process.argv.slice(2)));
  } catch (error) {
    console.error(`[bench] ${error.stack ?? error}`);
    process.exit(1);
  }
}
