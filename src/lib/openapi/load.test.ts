import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {DEFAULT_BUNDLE, loadSpec} from './load';

test('the bundle loads from generated/static/openapi.json', () => {
  assert.ok(DEFAULT_BUNDLE.endsWith(path.join('generated', 'static', 'openapi.json')));
  assert.match(String(loadSpec().openapi), /^3\.1\./);
});

test('a missing or broken bundle says which file and what to run', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-load-'));
  const broken = path.join(dir, 'openapi.json');
  writeFileSync(broken, '{"openapi": ');
  assert.throws(() => loadSpec(broken), {message: new RegExp(`^The OpenAPI bundle ${broken} is not valid JSON: `)});
  const absent = path.join(dir, 'absent.json');
  assert.throws(() => loadSpec(absent), {
    message: `The OpenAPI bundle ${absent} is missing. Run "npm run api:bundle" first.`,
  });
});
