#!/usr/bin/env node
// `npm run bench`: how heavy and how fast the site is, next to a stock Docusaurus site of the same
// version built with the same `future` flags. In one run it
//   1. builds this site cold (as after a fresh clone) and warm, timing wall and CPU seconds and
//      measuring peak memory (build.mts);
//   2. scaffolds the classic template with the installed create-docusaurus, builds it the same way
//      (stock.mts);
//   3. serves both builds with the production nginx configuration and measures the bytes each page
//      downloads on load (page-weight.mts, the same code as the byte-budget test; the budgets are
//      in budgets.mts);
//   4. runs Lighthouse (mobile, simulated throttling, Debian's Chromium), median of --runs runs
//      (lighthouse.mts);
//   5. measures start-up on a phone with the CPU throttled 4× (startup.mts): the long tasks after
//      the first paint, an interaction right after it, first paint and hydration on a slow link,
//      and Lighthouse on our pages and the stock page in turn, at Lighthouse's default CPU factor
//      and at a slower phone's;
//   6. adds the figures of plugins/search/stats.mts when that script exists, with its scale run
//      (a synthetic site of 5× the pages, generated in a temporary folder) (search.mts).
// It writes generated/bench/bench.json and bench.md (report.mts), prints the table, and refreshes
// tests/fixtures/stock-docusaurus.json (the stock page's bytes the budget test compares with).
// Missed targets are reported, not fatal: the exit code is 0 unless a step crashed.
//
// Usage: node --import tsx scripts/bench/index.mts [--runs N] [--quick] [--port N] [--stock-port N]
//                                                  [--keep-stock] [--reuse-build]
import {chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startNginx} from '../serve-nginx.mts';
import {buildSite, clearSite} from './build.mts';
import {STOCK_FIXTURE, STOCK_PAGE, writeStockReference} from './budgets.mts';
import {log, outDir, root, run} from './common.mts';
import {lighthouseAlternating, lighthouseSummary} from './lighthouse.mts';
import {parseOptions, USAGE, type BenchOptions} from './options.mts';
import {
  launchMeasuringBrowser,
  measurePageWeight,
  pageUrl,
  summarizeWeight,
  type WeightSummary,
} from './page-weight.mts';
import {renderMarkdown} from './report.mts';
import {
  ALTERNATING_PAGES,
  PAGES,
  SLOW_LINK_PAGES,
  SLOWER_PHONE_CPU,
  STARTUP_PAGES,
  type BenchResults,
  type Builds,
  type InTurnEntry,
  type PageResult,
} from './results.mts';
import {searchStats} from './search.mts';
import {buildStock, readVersions, scaffoldStock, siteFutureFlags} from './stock.mts';
import {slowLinkFigures} from './slow-link.mts';
import {interactionFigures, startupFigures} from './startup.mts';
import {checkTargets} from './targets.mts';

async function main(options: BenchOptions): Promise<void> {
  const {runs} = options;
  const startupRuns = options.quick ? 1 : 3;
  mkdirSync(outDir, {recursive: true});
  const versions = readVersions();
  if (versions.declared !== versions.installed) {
    throw new Error(
      `package.json asks for @docusaurus/core ${versions.declared} but ${versions.installed} is installed: run npm install.`,
    );
  }
  const builds: {site: Builds; stock: Builds} = {site: {}, stock: {}};

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
  const servers: {stop: () => void}[] = [];
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
    // The stock site is served without the MCP server.
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
    const measured: Omit<PageResult, 'lighthouse'>[] = [];
    let stockPage: WeightSummary;
    try {
      stockPage = summarizeWeight(await measurePageWeight(browser, pageUrl(stock.url, STOCK_PAGE.path)));
      for (const page of PAGES) {
        const weight = summarizeWeight(await measurePageWeight(browser, pageUrl(site.url, page.path)));
        const expected = page.status ?? 200;
        if (weight.status !== expected) {
          throw new Error(`${page.path} answered ${weight.status}, expected ${expected}: the page moved?`);
        }
        measured.push({...page, url: pageUrl(site.url, page.path), weight});
      }
    } finally {
      await browser.close();
    }

    log(`start-up on a phone, CPU throttled 4× (× ${startupRuns} each)…`);
    const stockUrl = pageUrl(stock.url, STOCK_PAGE.path);
    const startupBrowser = await launchMeasuringBrowser();
    let startup: BenchResults['startup'];
    try {
      /** The measured pages of `ids`, then the stock page. */
      const withStock = (ids: readonly string[]) => [
        ...ids.map((id) => ({id, url: measured.find((page) => page.id === id)!.url})),
        {id: STOCK_PAGE.id, url: stockUrl},
      ];
      startup = {
        runs: startupRuns,
        pages: await startupFigures(startupBrowser, withStock(STARTUP_PAGES), startupRuns),
        interactions: await interactionFigures(startupBrowser, site.url, stock.url, STOCK_PAGE.path, startupRuns),
        slowLink: await slowLinkFigures(startupBrowser, withStock(SLOW_LINK_PAGES), startupRuns),
        alternating: [],
      };
    } finally {
      await startupBrowser.close();
    }
    const alternatingPages = ALTERNATING_PAGES.map((id) => measured.find((page) => page.id === id)!);
    /** Lighthouse on the alternating pages and the stock page in turn, at the given CPU factor. */
    const inTurn = async (cpuSlowdownMultiplier?: number): Promise<InTurnEntry[]> => {
      const alternating = await lighthouseAlternating([...alternatingPages.map((page) => page.url), stockUrl], runs, {
        cpuSlowdownMultiplier,
      });
      return [
        ...alternatingPages.map((page, index) => ({id: page.id, label: page.label, lighthouse: alternating[index]})),
        {id: STOCK_PAGE.id, label: STOCK_PAGE.label, lighthouse: alternating.at(-1)!},
      ];
    };
    log(`Lighthouse × ${runs}, in turn with the stock page: ${ALTERNATING_PAGES.join(', ')}`);
    startup.alternating = await inTurn();
    log(`Lighthouse × ${runs}, in turn with the stock page, CPU ${SLOWER_PHONE_CPU}×`);
    startup.slowerPhone = {cpuSlowdownMultiplier: SLOWER_PHONE_CPU, alternating: await inTurn(SLOWER_PHONE_CPU)};

    const pages: PageResult[] = [];
    for (const page of measured) {
      log(`Lighthouse × ${runs}: ${page.path}`);
      pages.push({...page, lighthouse: await lighthouseSummary(page.url, runs, {expectStatus: page.status})});
    }
    log(`Lighthouse × ${runs}: stock ${STOCK_PAGE.path}`);
    const stockLighthouse = await lighthouseSummary(pageUrl(stock.url, STOCK_PAGE.path), runs);

    log('search figures…');
    const search = await searchStats(site.url);

    const measuredResults: Omit<BenchResults, 'targets'> = {
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
      startup,
    };
    const results: BenchResults = {...measuredResults, targets: checkTargets(measuredResults)};

    writeStockReference({
      docusaurusVersion: versions.installed,
      measured: results.date.slice(0, 10),
      js: {raw: stockPage.totals.js.raw, gzip: stockPage.totals.js.gzip},
      total: {raw: stockPage.totals.total.raw, gzip: stockPage.totals.total.gzip},
    });
    writeFileSync(path.join(outDir, 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
    const markdown = renderMarkdown(results);
    writeFileSync(path.join(outDir, 'bench.md'), markdown);
    process.stdout.write(markdown);
    log(`wrote ${path.relative(root, outDir)}/bench.json, bench.md and ${path.relative(root, STOCK_FIXTURE)}`);
  } finally {
    for (const server of servers) server.stop();
    if (options['keep-stock']) log(`stock site kept in ${stockParent}`);
    else rmSync(stockParent, {recursive: true, force: true});
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const options = parseOptions(process.argv.slice(2));
    if (options.help) console.log(USAGE);
    else await main(options);
  } catch (error) {
    console.error(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  }
}
