// The signed-URL code samples must reproduce the published test vectors byte for byte, and the
// page must show the samples exactly as they are in examples/signed-urls/.
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createHash, createPrivateKey, createPublicKey, verify} from 'node:crypto';

const root = path.resolve(import.meta.dirname, '..', '..');
const examples = path.join(root, 'examples', 'signed-urls');
const guideDir = path.join(root, 'docs', 'Guides', 'Signed URLs');

interface VectorCase {
  name: string;
  description: string;
  url: string;
  ip: string | null;
  path: string | null;
  canonical: string;
  sig: string;
  signed_url: string;
}

interface Vectors {
  algorithm: string;
  seed_hex: string;
  private_key_pem: string;
  public_key_hex: string;
  public_key_pem: string;
  fingerprint: string;
  kid: string;
  exp: number;
  cases: VectorCase[];
}

const vectors = JSON.parse(readFileSync(path.join(guideDir, 'test-vectors.json'), 'utf8')) as Vectors;
const workDir = mkdtempSync(path.join(tmpdir(), 'signed-urls-'));
const keyFile = path.join(workDir, 'private.pem');
writeFileSync(keyFile, vectors.private_key_pem);
after(() => rmSync(workDir, {recursive: true, force: true}));

function caseArgs(vector: VectorCase, key: string[]): string[] {
  const args = [...key, '--kid', vectors.kid, '--exp', String(vectors.exp)];
  if (vector.ip !== null) args.push('--ip', vector.ip);
  if (vector.path !== null) args.push('--path', vector.path);
  return args;
}

const implementations: {name: string; command: string; script: string[]; env?: Record<string, string>}[] = [
  {name: 'sign.mjs (Node.js)', command: process.execPath, script: [path.join(examples, 'sign.mjs')]},
  {
    name: 'sign.py (Python, cryptography when installed)',
    command: 'python3',
    script: [path.join(examples, 'sign.py')],
  },
  {
    name: 'sign.py (Python, standard library only)',
    command: 'python3',
    script: [path.join(examples, 'sign.py')],
    env: {TRIBUTARY_SIGN_PURE_PYTHON: '1'},
  },
];

describe('test-vectors.json', () => {
  test('has at least the plain, ip and path-prefix cases', () => {
    assert.ok(vectors.cases.length >= 3);
    assert.ok(vectors.cases.some((c) => c.ip === null && c.path === null));
    assert.ok(vectors.cases.some((c) => c.ip !== null));
    assert.ok(vectors.cases.some((c) => c.path !== null));
  });

  test('the key pair comes from the published seed', () => {
    const privateKey = createPrivateKey(vectors.private_key_pem);
    const der = privateKey.export({format: 'der', type: 'pkcs8'});
    assert.equal(der.subarray(16).toString('hex'), vectors.seed_hex);
    const spki = createPublicKey(privateKey).export({format: 'der', type: 'spki'});
    assert.equal(spki.subarray(12).toString('hex'), vectors.public_key_hex);
    assert.equal(createPublicKey(privateKey).export({format: 'pem', type: 'spki'}), vectors.public_key_pem);
    assert.equal(createHash('sha256').update(spki).digest('hex'), vectors.fingerprint);
  });

  for (const vector of vectors.cases) {
    test(`${vector.name}: sig verifies over the canonical string and ends the signed URL`, () => {
      const signature = Buffer.from(vector.sig, 'base64url');
      assert.equal(signature.length, 64);
      assert.match(vector.sig, /^[A-Za-z0-9_-]{86}$/);
      assert.ok(verify(null, Buffer.from(vector.canonical), vectors.public_key_pem, signature));
      assert.equal(vector.canonical.split('\n').length, 7);
      assert.ok(vector.signed_url.includes(`&kid=${vectors.kid}&sig=${vector.sig}`));
    });
  }
});

for (const impl of implementations) {
  describe(impl.name, () => {
    const run = (args: string[]): string =>
      execFileSync(impl.command, [...impl.script, ...args], {encoding: 'utf8', env: {...process.env, ...impl.env}});

    for (const vector of vectors.cases) {
      test(`${vector.name}: canonical string`, () => {
        const out = run([...caseArgs(vector, ['--seed-hex', vectors.seed_hex]), '--canonical', vector.url]);
        assert.equal(out, `${vector.canonical}\n`);
      });
      test(`${vector.name}: signed URL from the seed`, () => {
        const out = run([...caseArgs(vector, ['--seed-hex', vectors.seed_hex]), vector.url]);
        assert.equal(out, `${vector.signed_url}\n`);
      });
      test(`${vector.name}: signed URL from the PEM private key`, () => {
        const out = run([...caseArgs(vector, ['--key', keyFile]), vector.url]);
        assert.equal(out, `${vector.signed_url}\n`);
      });
    }

    test('refuses a URL that already carries a reserved parameter', () => {
      assert.throws(() =>
        execFileSync(
          impl.command,
          [...impl.script, '--seed-hex', vectors.seed_hex, '--kid', vectors.kid, 'https://www.example.com/a?sig=1'],
          {encoding: 'utf8', stdio: 'pipe', env: {...process.env, ...impl.env}},
        ),
      );
    });
  });
}

describe('Generating Signatures page', () => {
  const page = readFileSync(path.join(guideDir, 'Generating Signatures.mdx'), 'utf8');

  /** Fenced code blocks of the page whose title names a file, keyed by that title. */
  const blocks = new Map<string, string>();
  for (const match of page.matchAll(/^```[a-z]+ title="([^"]+)"\n([\s\S]*?)^```$/gm)) {
    blocks.set(match[1], match[2]);
  }

  test('describes the test vector cases in the order of test-vectors.json', () => {
    const headings = [...page.matchAll(/^### Case `([^`]+)`$/gm)].map((match) => match[1]);
    assert.deepEqual(
      headings,
      vectors.cases.map((vector) => vector.name),
    );
    vectors.cases.forEach((_, i) => {
      for (const field of ['url', 'canonical', 'signed_url']) {
        assert.ok(page.includes(`{vectors.cases[${i}].${field}}`), `case ${i} does not show its ${field}`);
      }
    });
  });

  for (const file of ['sign.mjs', 'sign.py', 'sign.go']) {
    test(`shows ${file} exactly as examples/signed-urls/${file}`, () => {
      assert.ok(blocks.has(file), `no code block titled "${file}" on the page`);
      assert.equal(blocks.get(file), readFileSync(path.join(examples, file), 'utf8'));
    });
  }
});
