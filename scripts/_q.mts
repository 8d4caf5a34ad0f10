import {readFileSync} from 'node:fs';
import {SearchEngine} from '../src/components/SearchEngine/engine.ts';
const dir = '/tmp/searchout/';
const m = JSON.parse(readFileSync(dir + 'search-manifest.json', 'utf8'));
let t = performance.now();
const e = SearchEngine.fromFiles(JSON.parse(readFileSync(dir + m.documents, 'utf8')), readFileSync(dir + m.index, 'utf8'));
console.log('load', performance.now() - t);
for (const q of process.argv.slice(2)) {
  t = performance.now();
  const r = e.search(q, {limit: 5});
  console.log('##', q, (performance.now() - t).toFixed(1), 'ms');
  for (const x of r) console.log('  ', x.url, '|', x.subcategory, '|', x.snippet.map(s => s.mark ? `[${s.text}]` : s.text).join('').slice(0, 120));
}
