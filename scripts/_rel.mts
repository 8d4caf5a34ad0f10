import {readFileSync} from 'node:fs';
import {SearchEngine, pageOf} from '../src/components/SearchEngine/engine.ts';
const dir = process.argv[2] ?? '/tmp/searchout/';
const m = JSON.parse(readFileSync(dir + '/search-manifest.json', 'utf8'));
const e = SearchEngine.fromFiles(JSON.parse(readFileSync(dir + '/' + m.documents, 'utf8')), readFileSync(dir + '/' + m.index, 'utf8'));
const qs = JSON.parse(readFileSync('tests/fixtures/search-queries.json', 'utf8'));
let hit = 0;
for (const {query, expect} of qs) {
  const r = e.search(query, {limit: 10});
  const pages = [...new Set(r.map(x => decodeURI(pageOf(x.url)).replace(/^\/docs/, '')))];
  const ok = pages.slice(0, 3).includes(expect);
  if (ok) hit++; else console.log('MISS', query, '->', expect, '\n   ', pages.slice(0, 5).join(' | '));
}
console.log(hit, '/', qs.length);
