import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../chromium.mts';
import {startNginx} from '../serve-nginx.mts';
import fs from 'node:fs';
const paths = process.argv.slice(2);
const runs = Number(process.env.RUNS ?? 3);
const server = await startNginx({port: 8790, mcp: false});
try {
  for (const path of paths)
    for (let i = 0; i < runs; i++) {
      const chrome = await chromeLauncher.launch({chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS});
      const r = await lighthouse(server.url + path.replace(/^\//, ''), {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      chrome.kill();
      const a = r!.lhr.audits;
      const m = (id: string) => `${Math.round(a[id].numericValue ?? 0)}(${Math.round((a[id].score ?? 0) * 100)})`;
      console.log(
        path,
        'perf',
        Math.round(r!.lhr.categories.performance.score! * 100),
        'FCP',
        m('first-contentful-paint'),
        'LCP',
        m('largest-contentful-paint'),
        'SI',
        m('speed-index'),
        'TBT',
        m('total-blocking-time'),
        'CLS',
        a['cumulative-layout-shift'].numericValue,
        'bench',
        r!.lhr.environment.benchmarkIndex,
      );
      fs.writeFileSync(`/tmp/diag/lh-${path.replace(/\W+/g, '_')}-${i}.json`, JSON.stringify(r!.lhr));
    }
} finally {
  server.stop();
}
