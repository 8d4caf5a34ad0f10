import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeIntegers,
  decodePositions,
  decodePostings,
  encodeIntegers,
  encodePositions,
  encodePostings,
} from './codec';

describe('shard encoding', () => {
  test('integers round-trip, one character each under 32', () => {
    const numbers = [0, 1, 31, 32, 33, 1023, 1024, 65_535, 1_000_000, 2 ** 40];
    const text = encodeIntegers(numbers);
    assert.deepEqual(decodeIntegers(text), numbers);
    assert.equal(encodeIntegers([0, 5, 31]).length, 3);
    assert.match(text, /^[\w-]+$/, 'safe in a JSON string');
    assert.throws(() => encodeIntegers([-1]));
    assert.throws(() => decodeIntegers('W'), /cut short/);
  });

  test('postings round-trip with their frequencies', () => {
    const postings = {'0': {'3': 1, '4': 1, '90': 7}, '3': {'0': 2, '4': 1, '2000': 40}};
    const decoded = decodePostings(encodePostings(postings));
    assert.deepEqual(
      Array.from(decoded, (field) => field && [[...field.ids], [...field.frequencies]]),
      [
        [
          [3, 4, 90],
          [1, 1, 7],
        ],
        undefined,
        undefined,
        [
          [0, 4, 2000],
          [2, 1, 40],
        ],
      ],
    );
  });

  test('word positions round-trip by document', () => {
    const positions: [number, number[]][] = [
      [0, [5]],
      [7, [0, 3, 140]],
      [8, [12, 1]],
    ];
    assert.deepEqual([...decodePositions(encodePositions(positions))], positions);
    assert.equal(decodePositions('').size, 0);
  });
});
