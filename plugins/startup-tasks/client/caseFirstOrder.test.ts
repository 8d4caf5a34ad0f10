import assert from 'node:assert/strict';
import test from 'node:test';
import {caseFirstOrder} from './caseFirstOrder';

const sign = (value: number) => Math.sign(value);

test('orders as localeCompare does strings equal ignoring case, or one starting with the other', () => {
  // A fixed pseudo-random walk over letters of both cases, digits, path punctuation and accents.
  const alphabet = ['a', 'A', 'b', 'B', 'z', 'Z', '/', '-', '_', '.', '0', '9', 'ä', 'Ä', 'é', 'É'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const word = (length: number) => Array.from({length}, () => alphabet[next() % alphabet.length]).join('');
  const recase = (text: string) =>
    [...text].map((character) => (next() % 2 ? character.toUpperCase() : character.toLowerCase())).join('');
  let pairs = 0;
  for (let round = 0; round < 3000; round += 1) {
    const stem = `/docs/${word(1 + (next() % 6))}`;
    const a = recase(stem);
    for (const b of [recase(stem), recase(stem) + word(1 + (next() % 4)), stem.slice(0, 1 + (next() % stem.length))]) {
      assert.equal(sign(caseFirstOrder(a, b)), sign(a.localeCompare(b)), `${a} against ${b}`);
      assert.equal(sign(caseFirstOrder(b, a)), sign(b.localeCompare(a)), `${b} against ${a}`);
      pairs += 2;
    }
  }
  assert.equal(pairs, 18000);
  assert.equal(caseFirstOrder('/docs', '/docs'), 0);
  assert.ok(caseFirstOrder('/docs/guides', '/docs/Guides') < 0);
  assert.ok(caseFirstOrder('/docs', '/docs/api') < 0);
});

test('gives every other pair a fixed order, the same both ways round', () => {
  const words = ['/docs/api', '/docs/b', '/Docs/C', 'searchTag', 'docsPluginId', 'version', '/docs/a-b', '/docs/a_b'];
  for (const a of words) {
    for (const b of words) assert.equal(sign(caseFirstOrder(a, b)), -sign(caseFirstOrder(b, a)) || 0, `${a} ${b}`);
  }
  assert.deepEqual([...words].sort(caseFirstOrder), [...words].sort(caseFirstOrder).sort(caseFirstOrder));
});
