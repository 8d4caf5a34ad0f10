// The pages the bench measures and the shape of what it records in generated/bench/bench.json.
import type {BuildMeasurement} from './build.mts';
import {jsBudgetOf, STOCK_PAGE} from './budgets.mts';
import type {LighthouseSummary} from './lighthouse.mts';
import type {WeightSummary} from './page-weight.mts';
import type {SearchResult} from './search.mts';
import type {SlowLinkSummary} from './slow-link.mts';
import type {InteractionSummary, StartupSummary} from './startup.mts';

/** The pages whose start-up is compared with the stock page's, and those run in turn with it by Lighthouse. */
export const STARTUP_PAGES = ['home', 'guide', 'category', 'api-operation'] as const;
export const ALTERNATING_PAGES = ['guide', 'api-operation'] as const;
/**
 * The CPU factor of a second Lighthouse run in turn, a slower phone than Lighthouse's default (4×):
 * at 4× the stock page scores over 90 on a fast moment of this machine, which hides the difference
 * the issue is about. Figures only; the targets stay at Lighthouse's default.
 */
export const SLOWER_PHONE_CPU = 8;
/** The slow link's pages (with the stock page): the start-up pages and the operation page with the most HTML. */
export const SLOW_LINK_PAGES = [...STARTUP_PAGES, 'api-operation-large'] as const;

/** A page the bench measures; `jsBudget` is its budget from budgets.mts, when it has one. */
export interface BenchPage {
  id: string;
  label: string;
  path: string;
  jsBudget?: number;
  status?: number;
}

/** The pages measured, by address: they keep their URL whatever theme renders them. */
const MEASURED: readonly BenchPage[] = [
  {id: 'home', label: 'Home', path: '/'},
  {id: 'guide', label: 'Guide page', path: '/Guides/Origins/Origin Shield'},
  {id: 'category', label: 'Category page', path: '/category/guides'},
  {id: 'api-overview', label: 'API overview', path: '/api/tributary-api'},
  {id: 'api-operation', label: 'API operation page', path: '/api/services-list'},
  {id: 'api-operation-large', label: 'API operation page, large body', path: '/api/services-origins-create'},
  {id: 'not-found', label: 'Not-found page', path: '/no-such-page', status: 404},
];

export const PAGES: readonly BenchPage[] = MEASURED.map(({id, label, path, status}) => {
  const jsBudget = jsBudgetOf(path);
  return {id, label, path, ...(jsBudget !== undefined && {jsBudget}), ...(status !== undefined && {status})};
});

export interface PageResult extends BenchPage {
  url: string;
  weight: WeightSummary;
  lighthouse: LighthouseSummary;
}

/** The cold and warm builds of one site (absent with --reuse-build or, for warm, --quick). */
export interface Builds {
  cold?: BuildMeasurement;
  warm?: BuildMeasurement;
}

/** A target met or missed; `page` and `metric` tie a Lighthouse target to its table cell. */
export interface Check {
  page?: string;
  metric?: string;
  what: string;
  value: string;
  target: string;
  pass: boolean;
  failing?: string[];
}

/** One page's Lighthouse figures from a run in turn with the stock page. */
export interface InTurnEntry {
  id: string;
  label: string;
  lighthouse: LighthouseSummary;
}

export interface BenchResults {
  date: string;
  docusaurusVersion: string;
  chromiumVersion: string;
  machine: {cpus: number; memoryBytes: number; platform: string};
  options: {quick: boolean; lighthouseRuns: number};
  lighthouseRuns: number;
  stockFuture: Record<string, unknown>;
  builds: {site: Builds; stock: Builds};
  pages: PageResult[];
  stock: typeof STOCK_PAGE & {url: string; page: WeightSummary; lighthouse: LighthouseSummary};
  search: SearchResult;
  /** Start-up on a throttled phone, and Lighthouse run in turn with the stock page. */
  startup: {
    runs: number;
    pages: Record<string, StartupSummary>;
    interactions: InteractionSummary[];
    /** First paint and hydration on Lighthouse's slow link, applied to Chromium (figures, no target). */
    slowLink?: Record<string, SlowLinkSummary | {error: string}>;
    alternating: InTurnEntry[];
    /** The same run in turn at `SLOWER_PHONE_CPU` (absent in results of older benches). */
    slowerPhone?: {cpuSlowdownMultiplier: number; alternating: InTurnEntry[]};
  };
  targets: Check[];
}
