// The sandbox purges what Purging Cached Content says each provider purges: the page's table
// (#what-each-provider-purges) owns the fact, and PURGE_SCOPES must say the same.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {PURGE_SCOPES, purgeScope, type PurgeItemKind} from './purges.mts';

const PAGE = path.join(import.meta.dirname, '../../docs/Guides/Services/Purging Cached Content.mdx');
const PROVIDERS: Record<string, string> = {
  Cloudflare: 'cloudflare',
  'Amazon CloudFront': 'cloudfront',
  Fastly: 'fastly',
  Akamai: 'akamai',
  'Google Cloud CDN': 'google_cloud_cdn',
  'Azure CDN': 'azure_cdn',
};
const COLUMNS: PurgeItemKind[] = ['exact', 'trailing-wildcard', 'other-wildcard', 'tag'];

function scopeOf(cell: string): string {
  if (/^Everything$/.test(cell)) return 'all';
  if (/^Requested when `\*` follows a `\/`$/.test(cell)) return 'requested-after-slash';
  if (/^Requested\b/.test(cell)) return 'requested';
  throw new Error(`unknown cell "${cell}" in the page's table`);
}

test('PURGE_SCOPES is the table of Purging Cached Content', () => {
  const lines = readFileSync(PAGE, 'utf8').split('\n');
  const header = lines.findIndex((line) => line.startsWith('| Provider | URL without `*`'));
  assert.ok(header > -1, 'the table is on the page');
  const end = lines.findIndex((line, index) => index > header && !line.startsWith('|'));
  const rows = lines.slice(header + 2, end);
  assert.equal(rows.length, Object.keys(PROVIDERS).length);
  for (const row of rows) {
    const [name, ...cells] = row
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const expected = Object.fromEntries(COLUMNS.map((column, index) => [column, scopeOf(cells[index])]));
    assert.deepEqual(PURGE_SCOPES[PROVIDERS[name]], expected, name);
  }
});

test('one item that a provider cannot purge as asked makes the whole purge a full one there', () => {
  assert.equal(purgeScope('cloudflare', 'urls', ['https://www.example.com/images/*']), 'requested');
  assert.equal(purgeScope('cloudflare', 'urls', ['https://www.example.com/images/logo*']), 'all');
  assert.equal(purgeScope('cloudfront', 'urls', ['https://www.example.com/images/logo*']), 'requested');
  assert.equal(purgeScope('fastly', 'urls', ['https://www.example.com/a.html', 'https://www.example.com/b/*']), 'all');
  assert.equal(purgeScope('cloudfront', 'tags', ['product-1234']), 'all');
  assert.equal(purgeScope('akamai', 'all', []), 'all');
});
