// The bench's results as markdown: builds, bytes on load, Lighthouse, search and the targets missed.
import {jsLimit, SEARCH_BUDGETS} from './budgets.mts';
import {GB, kB, mark, seconds} from './format.mts';
import {QUIET_LOAD, QUIET_WAIT_MS, type LighthouseSummary} from './lighthouse.mts';
import type {Totals} from './page-weight.mts';
import type {BenchResults, InTurnEntry} from './results.mts';
import {SLOW_LINK} from './slow-link.mts';
import {CPU_THROTTLE, PHONE} from './startup.mts';
import {SEARCH_SCALE, type PhoneLatency, type ScaleRow, type SearchFigures} from './search.mts';
import {medianTbt, TARGETS} from './targets.mts';

/** Phone-class latency (Chromium, CPU throttled 4×) as "median / p95", or why it is missing. */
function phoneMs(phone: PhoneLatency | undefined, key: 'query' | 'firstQuery' = 'query'): string {
  if (!phone || 'error' in phone) return `n/a (${phone?.error ?? 'not measured'})`;
  return `${phone[key].median} / ${phone[key].p95} ms`;
}

/** The search figures as a table: what a query fetches, how fast it answers, relevance. */
export function searchTable({
  files,
  totals,
  documents,
  engineLoadMs,
  queryLatencyMs: latency,
  phoneLatencyMs: phone,
  relevance,
}: SearchFigures): string[] {
  const spread = ({median, p95, max}: {median: number; p95: number; max: number}) =>
    `${kB(median)} / ${kB(p95)} / ${kB(max)}`;
  return [
    '| figure | value |',
    '| --- | ---: |',
    `| first query, all downloads, median / p95 / max of the relevance queries (gzip; budget ${SEARCH_BUDGETS.firstQueryGzip / 1000} kB) | ${spread(totals.firstQueryGzip)} |`,
    `| further query, median / p95 / max (gzip; budget ${SEARCH_BUDGETS.furtherQueryGzip / 1000} kB) | ${spread(totals.furtherQueryGzip)} |`,
    `| meta file, raw / gzip (${documents} sections) | ${kB(files.meta.raw)} / ${kB(files.meta.gzip)} |`,
    `| index shards, all ${files.shards.count}, raw / gzip | ${kB(files.shards.raw)} / ${kB(files.shards.gzip)} |`,
    `| document chunks, all ${files.chunks.count}, raw / gzip | ${kB(files.chunks.raw)} / ${kB(files.chunks.gzip)} |`,
    `| search code (gzip) | ${kB(totals.searchChunksGzip)} |`,
    `| loading every file (Node) | ${engineLoadMs} ms |`,
    `| query latency over ${latency.runs} queries: median / p95 / max (Node) | ${latency.median} / ${latency.p95} / ${latency.max} ms |`,
    `| query latency, median / p95, Chromium with the CPU throttled 4× (phone class; target p95 < 50 ms) | ${phoneMs(phone)} |`,
    `| first query's work once its files are in, median / p95 (same Chromium) | ${phoneMs(phone, 'firstQuery')} |`,
    `| opening the box: the engine built from the meta file (same Chromium, median) | ${phone && !('error' in phone) ? `${phone.engineLoadMedian} ms` : 'n/a'} |`,
    `| relevance: reader queries with their page in the top 3 | ${relevance.top3Hits} of ${relevance.queries} |`,
  ];
}

/** The scale run as a table: the site at its size and at N times its pages, side by side. */
export function searchScaleTable(rows: ScaleRow[]): string[] {
  const lines = [
    '| site | pages | sections | terms | first query (median / p95) | further query (median / p95) | index build | latency p95, Node / phone (Chromium, CPU 4×) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const phone = row.phoneLatencyMs && !('error' in row.phoneLatencyMs) ? row.phoneLatencyMs.query.p95 : 'n/a';
    lines.push(
      `| ${row.factor === 1 ? 'today' : `${row.factor}× (synthetic)`} | ${row.pages} | ${row.documents} | ${row.terms} | ` +
        `${kB(row.firstQueryGzip.median)} / ${kB(row.firstQueryGzip.p95)} | ` +
        `${kB(row.furtherQueryGzip.median)} / ${kB(row.furtherQueryGzip.p95)} | ${(row.indexBuildMs / 1000).toFixed(1)} s | ` +
        `${row.queryLatencyMs.p95} / ${phone} ms |`,
    );
  }
  return lines;
}

export function renderMarkdown(results: BenchResults): string {
  const lines: string[] = [];
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
  ] as const) {
    for (const kind of ['cold', 'warm'] as const) {
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
  const weightRow = (label: string, pagePath: string, totals: Totals, budget?: number) => {
    const ratio = totals.js.gzip / stockJs;
    const target = budget ? `${mark(totals.js.gzip <= jsLimit(stockJs, budget))} ≤ ${budget}×` : '–';
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
  const lhRow = (label: string, lh: LighthouseSummary, pageId: string | null) => {
    if ('error' in lh) return `| ${label} | Lighthouse failed: ${lh.error.replaceAll('|', '/')} |||||||||||`;
    const cell = (metric: 'performance' | 'accessibility' | 'bestPractices' | 'seo') => {
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
  lines.push(...startupTables(results));
  if (results.search.available) {
    lines.push('', '**Search** (`plugins/search/stats.mts`; nothing is fetched on page load)', '');
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

/** A figure as a multiple of stock's; a dash when stock's is 0 or missing. */
function ratioToStock(value: number, reference: number | undefined): string {
  return reference ? `${(value / reference).toFixed(2)}×` : '–';
}

/** A run in turn with the stock page: each page's score and TBT, and its TBT as a ratio to stock's. */
function inTurnTable(entries: InTurnEntry[], stockId: string, heading: string): string[] {
  const stockLh = entries.find((entry) => entry.id === stockId)?.lighthouse;
  const lines = [
    '',
    heading,
    '',
    '| page | performance | TBT, median of runs | TBT vs stock | TBT of each run | TBT of the median run | LCP | perf. range | CPU index |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const entry of entries) {
    const lh = entry.lighthouse;
    if ('error' in lh) {
      lines.push(`| ${entry.label} | failed: ${lh.error.replaceAll('|', '/')} ||||||||`);
      continue;
    }
    const versus = stockLh && !('error' in stockLh) ? ratioToStock(medianTbt(lh), medianTbt(stockLh)) : '–';
    lines.push(
      `| ${entry.label} | ${lh.performance} | ${medianTbt(lh)} ms | ${versus} | ${lh.tbtByRun?.join(', ') ?? '–'} | ` +
        `${lh.tbtMs} ms | ${(lh.lcpMs / 1000).toFixed(2)} s | ${lh.performanceRange.join('–')} | ${lh.benchmarkIndex} |`,
    );
  }
  return lines;
}

/** Start-up figures: long tasks after the first paint, interactions, Lighthouse in turn with stock. */
export function startupTables({startup, pages, stock}: Pick<BenchResults, 'startup' | 'pages' | 'stock'>): string[] {
  const labelOf = (id: string) => (id === stock.id ? stock.label : (pages.find((page) => page.id === id)?.label ?? id));
  const stockFigures = startup.pages[stock.id];
  const lines = [
    '',
    `**Start-up on a phone** (${PHONE.width}×${PHONE.height}, Chromium's CPU throttled ${CPU_THROTTLE}×, empty cache; ` +
      `median of ${startup.runs} load(s) by the longest task; tasks longer than 50 ms that start after the first ` +
      'contentful paint, with what the longest spent its time on; blocking = their time beyond 50 ms)',
    '',
    '| page | FCP | longest task after FCP | range | blocking after FCP | vs stock | tasks > 50 ms | longest task spent on |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const [id, figures] of Object.entries(startup.pages)) {
    if ('error' in figures) {
      lines.push(`| ${labelOf(id)} | failed: ${figures.error.replaceAll('|', '/')} |||||||`);
      continue;
    }
    const longest = figures.longTasks.find((task) => task.durationMs === figures.longestMs);
    const spent = longest
      ? Object.entries(longest.breakdown)
          .map(([what, ms]) => `${what} ${ms} ms`)
          .join(', ')
      : '–';
    const reference = stockFigures && !('error' in stockFigures) ? stockFigures.blockingMs : undefined;
    lines.push(
      `| ${labelOf(id)} | ${figures.fcpMs} ms | ${figures.longestMs} ms | ${figures.longestRange.join('–')} ms | ` +
        `${figures.blockingMs} ms | ${id === stock.id ? '1.00×' : ratioToStock(figures.blockingMs, reference)} | ${figures.longTasks.length} | ${spent} |`,
    );
  }
  const stockInteraction = startup.interactions.find((interaction) => interaction.id.startsWith('stock'));
  lines.push(
    '',
    '**An interaction right after the first paint** (same phone; from the press, its own timestamp, to the first frame ' +
      'showing the answer; median of the runs)',
    '',
    '| interaction | median | all runs | vs stock menu |',
    '| --- | ---: | --- | ---: |',
  );
  for (const interaction of startup.interactions) {
    const median =
      interaction.medianMs === null ? `no answer (${interaction.error ?? ''})` : `${interaction.medianMs} ms`;
    const versus =
      interaction.medianMs !== null && stockInteraction?.medianMs
        ? ratioToStock(interaction.medianMs, stockInteraction.medianMs)
        : '–';
    const runs = [...interaction.allMs, ...Array<string>(interaction.unanswered).fill('no answer')];
    lines.push(`| ${interaction.label} | ${median} | ${runs.join(', ')} | ${versus} |`);
  }
  if (startup.slowLink) {
    lines.push(
      '',
      `**On a slow link** (Lighthouse's slow 4G as its DevTools throttling applies it: ${SLOW_LINK.latencyMs} ms per ` +
        `request, ${(SLOW_LINK.downloadKbps / 1024).toFixed(2)} Mbps down, ${SLOW_LINK.uploadKbps} kbps up; same phone and ` +
        `CPU; empty cache; median of ${startup.runs} load(s), from navigation: the first contentful paint, and when ` +
        'the app had hydrated)',
      '',
      '| page | first paint | range | hydrated | range |',
      '| --- | ---: | ---: | ---: | ---: |',
    );
    for (const [id, figures] of Object.entries(startup.slowLink)) {
      lines.push(
        'error' in figures
          ? `| ${labelOf(id)} | failed: ${figures.error.replaceAll('|', '/')} ||||`
          : `| ${labelOf(id)} | ${figures.fcpMs} ms | ${figures.fcpRange.join('–')} ms | ${figures.hydratedMs} ms | ` +
              `${figures.hydratedRange.join('–')} ms |`,
      );
    }
  }
  lines.push(
    ...inTurnTable(
      startup.alternating,
      stock.id,
      "**Lighthouse in turn with the stock page** (Lighthouse's default mobile settings, CPU 4×; one run of each " +
        'page per round, so all see the same machine)',
    ),
  );
  if (startup.slowerPhone) {
    lines.push(
      ...inTurnTable(
        startup.slowerPhone.alternating,
        stock.id,
        `**The same, on a slower phone** (CPU ${startup.slowerPhone.cpuSlowdownMultiplier}×, the rest as above; ` +
          'figures, no target)',
      ),
    );
  }
  return lines;
}
