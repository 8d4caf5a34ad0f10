import {test} from 'node:test';
import assert from 'node:assert/strict';
import vectors from '../../../docs/Guides/Signed URLs/test-vectors.json';
import {
  SignInputError,
  canonicalQuery,
  canonicalString,
  checkIp,
  importSigningKey,
  inputProblems,
  normalizeComponent,
  privateKeyDer,
  signUrl,
  type SignRequest,
} from './sign';

test('the test vectors file has cases', () => {
  assert.ok(vectors.cases.length >= 4);
});

for (const vector of vectors.cases) {
  for (const [keyForm, keyText] of [
    ['PKCS#8 PEM key', vectors.private_key_pem],
    ['hexadecimal seed', vectors.seed_hex],
  ]) {
    test(`vector ${vector.name}, signed with the ${keyForm}, is reproduced byte for byte`, async () => {
      const key = await importSigningKey(keyText);
      const result = await signUrl(
        {url: vector.url, kid: vectors.kid, exp: vectors.exp, ip: vector.ip, path: vector.path},
        key,
      );
      assert.equal(result.canonical, vector.canonical);
      assert.equal(result.sig, vector.sig);
      assert.equal(result.signedUrl, vector.signed_url);
    });
  }
}

function fieldOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    assert.ok(error instanceof SignInputError, String(error));
    return error.field;
  }
  return 'none';
}

const base = {url: 'https://www.example.com/a.txt', kid: 'media-2026-q1', exp: 1767225600};

test('invalid inputs are reported against the field that is wrong', () => {
  const requests: [Partial<SignRequest>, string][] = [
    [{url: 'www.example.com/a.txt'}, 'url'],
    [{url: 'https://user@www.example.com/a.txt'}, 'url'],
    [{url: 'https://www.example.com/a/../b'}, 'url'],
    [{url: 'https://www.example.com/a?sig=1'}, 'url'],
    [{kid: 'has space'}, 'kid'],
    [{kid: 'k'.repeat(33)}, 'kid'],
    [{exp: 1.5}, 'exp'],
    [{exp: 10_000_000_000}, 'exp'],
    [{ip: '203.0.113.300'}, 'ip'],
    [{path: 'videos/'}, 'path'],
    [{path: '/videos/'}, 'path'],
  ];
  for (const [change, field] of requests) {
    assert.equal(
      fieldOf(() => canonicalString({...base, ...change})),
      field,
      JSON.stringify(change),
    );
  }
  for (const key of ['', '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----', 'not a key']) {
    assert.equal(
      fieldOf(() => privateKeyDer(key)),
      'key',
      key,
    );
  }
});

test('a key that is not Ed25519 is refused with a message for the key field', async () => {
  await assert.rejects(
    importSigningKey('-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VuBCIEIA==\n-----END PRIVATE KEY-----'),
    (error) => {
      return error instanceof SignInputError && error.field === 'key';
    },
  );
});

test('IPv4 and IPv6 addresses and ranges', () => {
  for (const ip of [
    '203.0.113.7',
    '203.0.113.0/24',
    '0.0.0.0/0',
    '2001:db8::/32',
    '::1',
    '::',
    '2001:db8:0:0:0:0:0:1',
    '::ffff:192.0.2.1',
    'fe80::1/128',
  ]) {
    assert.doesNotThrow(() => checkIp(ip), ip);
  }
  for (const ip of [
    '203.0.113',
    '203.0.113.07',
    '203.0.113.0/33',
    '2001:db8::/129',
    '1::2::3',
    '2001:db8:0:0:0:0:0:0:1',
    'example.com',
    '203.0.113.0/24/1',
    '203.0.113.0/024',
    '',
  ]) {
    assert.throws(() => checkIp(ip), SignInputError, ip);
  }
});

test('percent-encoding normalization and the canonical query follow the guide', () => {
  assert.equal(
    normalizeComponent('/r%c3%a9sum%7e.pdf', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/'),
    '/r%C3%A9sum~.pdf',
  );
  assert.equal(normalizeComponent('a b%zz', 'abz'), 'a%20b%25zz');
  assert.equal(canonicalQuery('lang=en&Z=%7a&q=a+b&empty'), 'Z=z&empty=&lang=en&q=a+b');
  assert.equal(canonicalQuery('a=1&&b=2&'), 'a=1&b=2');
  assert.equal(canonicalQuery('x=a=b'), 'x=a%3Db');
});

test('every wrong field is reported at once', () => {
  const problems = inputProblems({url: 'ftp://x', kid: '', exp: 0, ip: '300.1.1.1', path: 'videos'});
  assert.deepEqual(Object.keys(problems).sort(), ['exp', 'ip', 'kid', 'path', 'url']);
  assert.deepEqual(inputProblems({...base, ip: '203.0.113.0/24', path: '/'}), {});
});
