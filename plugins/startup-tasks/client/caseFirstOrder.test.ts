import assert from 'node:assert/strict';
import test from 'node:test';
import {caseFirstOrder} from './caseFirstOrder';

const sign = (value: number) => Math.sign(value);
// English collation, as the server (Node) and an English browser apply `localeCompare`; in Danish
// or Maltese upper case sorts first, so the original's order depended on the reader's locale.
const english = new Intl.Collator('en');

test('orders as English localeCompare does strings equal ignoring case, or one starting with the other', () => {
  // A fixed pseudo-random walk over letters of both cases, digits, path punctuation and accents.
  const alphabet = ['a', 'A', 'b', 'B', 'z', 'Z', '/', '-', '_', '.', '0', '9', 'ä', 'Ä', 'é', 'É'];
  let seed = 7;
  // A 32-bit linear congruential generator; its high bits, as its low bits repeat quickly.
  const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) >>> 8;
  const word = (length: number) => Array.from({length}, () => alphabet[next() % alphabet.length]).join('');
  const recase = (text: string) =>
    [...text].map((character) => (next() % 2 ? character.toUpperCase() : character.toLowerCase())).join('');
  let pairs = 0;
  const distinct = new Set<string>();
  for (let round = 0; round < 3000; round += 1) {
    const stem = `/docs/${word(1 + (next() % 6))}`;
    const a = recase(stem);
    for (const b of [recase(stem), recase(stem) + word(1 + (next() % 4)), stem.slice(0, 1 + (next() % stem.length))]) {
      assert.equal(sign(caseFirstOrder(a, b)), sign(english.compare(a, b)), `${a} against ${b}`);
      assert.equal(sign(caseFirstOrder(b, a)), sign(english.compare(b, a)), `${b} against ${a}`);
      distinct.add(`${a} ${b}`);
      pairs += 2;
    }
  }
  assert.equal(pairs, 18000);
  assert.ok(distinct.size > 5000, `${distinct.size} distinct pairs`);
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
