#!/usr/bin/env node
// JavaScript a reader downloads on the first load of some pages: raw bytes and gzip bytes (as nginx
// sends them with gzip_static), per page. Usage: node scripts/js-weight.mjs [base URL] [site path…]
// against a served build, e.g. `node scripts/js-weight.mjs http://127.0.0.1:8080/docs/`.
import {gzipSync} from 'node:zlib';
import {chromium} from 'playwright-core';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from './chromium.mjs';

const [base = 'http://127.0.0.1:8080/docs/', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['api/services-list', 'api/tributary-api', 'Guides/Origins/Origin Shield'];

const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
try {
  for (const sitePath of pages) {
    const context = await browser.newContext({extraHTTPHeaders: {'Accept-Encoding': 'gzip'}});
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(new URL(encodeURI(sitePath), base).href, {waitUntil: 'networkidle'});
    let raw = 0;
    let gzip = 0;
    for (const response of scripts) {
      const body = await response.body();
      raw += body.length;
      const sent = Number(response.headers()['content-length']);
      gzip += response.headers()['content-encoding'] === 'gzip' && sent ? sent : gzipSync(body, {level: 9}).length;
    }
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`${sitePath}: ${scripts.length} scripts, ${kb(raw)} raw, ${kb(gzip)} gzip`);
    await context.close();
  }
} finally {
  await browser.close();
}
