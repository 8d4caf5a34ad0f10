// The options of `npm run bench`.
import {parseArgs} from 'node:util';

export const USAGE = `Usage: npm run bench -- [--runs N] [--quick] [--port N] [--stock-port N] [--keep-stock] [--reuse-build]
  --runs N        Lighthouse runs per page (default 5); the median run is reported
  --quick         one Lighthouse run and no warm builds, for development
  --port N        nginx port of this site (default 8100, or BENCH_PORT)
  --stock-port N  nginx port of the stock site (default 8101, or BENCH_STOCK_PORT)
  --keep-stock    keep the scaffolded stock site (its folder is printed) instead of deleting it
  --reuse-build   measure this site's existing build/ instead of building it (no build figures)
  --help          print this help`;

export interface BenchOptions {
  runs: number;
  quick: boolean;
  port: string;
  'stock-port': string;
  'keep-stock': boolean;
  'reuse-build': boolean;
  help: boolean;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const {values} = parseArgs({
    args: argv,
    options: {
      runs: {type: 'string', default: '5'},
      quick: {type: 'boolean', default: false},
      port: {type: 'string', default: env.BENCH_PORT ?? '8100'},
      'stock-port': {type: 'string', default: env.BENCH_STOCK_PORT ?? '8101'},
      'keep-stock': {type: 'boolean', default: false},
      'reuse-build': {type: 'boolean', default: false},
      help: {type: 'boolean', default: false},
    },
  });
  const runs = values.quick ? 1 : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`--runs takes a whole number of Lighthouse runs per page (got "${values.runs}").`);
  }
  return {...values, runs};
}
