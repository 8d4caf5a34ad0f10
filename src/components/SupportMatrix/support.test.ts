import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {PROVIDERS, parseSupportData, splitInlineCode} from './data';

const root = path.resolve(import.meta.dirname, '../../..');
const behaviorSupport: unknown = JSON.parse(
  readFileSync(path.join(root, 'docs/Guides/Behaviors/behavior-support.json'), 'utf8'),
);

test('the behavior support matrix is valid and covers every action of BehaviorActions', () => {
  const rows = parseSupportData(behaviorSupport);
  const schema = parse(readFileSync(path.join(root, 'openapi/components/schemas/BehaviorActions.yaml'), 'utf8')) as {
    properties: Record<string, unknown>;
  };
  assert.deepEqual(rows.map(([action]) => action).sort(), Object.keys(schema.properties).sort());
});

test('the providers are those of ProviderType, without unmanaged', () => {
  const schema = parse(readFileSync(path.join(root, 'openapi/components/schemas/ProviderType.yaml'), 'utf8')) as {
    enum: string[];
  };
  assert.deepEqual(
    PROVIDERS.map((provider) => provider.key),
    schema.enum.filter((provider) => provider !== 'unmanaged'),
  );
});

test('invalid data is refused with the feature and provider named', () => {
  assert.throws(() => parseSupportData([]), /must be an object/);
  assert.throws(() => parseSupportData({cache_ttl: {cloudflare: 'yes'}}), /"cache_ttl\.cloudflare" must be one of/);
  const row = Object.fromEntries(PROVIDERS.map((provider) => [provider.key, 'native']));
  assert.throws(() => parseSupportData({cors: {...row, comment: 'x'}}), /unknown key "comment"/);
  assert.throws(() => parseSupportData({cors: {...row, note: ' '}}), /note" must be a non-empty string/);
  assert.equal(parseSupportData({cors: row}).length, 1);
});

test('notes keep backquoted parts as code', () => {
  assert.deepEqual(splitInlineCode('set `ttl` to `0` here'), [
    {code: false, text: 'set '},
    {code: true, text: 'ttl'},
    {code: false, text: ' to '},
    {code: true, text: '0'},
    {code: false, text: ' here'},
  ]);
});
