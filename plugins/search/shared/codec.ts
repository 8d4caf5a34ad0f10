// The compact encoding of the index shards, shared by the index build and the browser
// engine: a term's postings and word positions are sequences of small non-negative integers (gaps
// between document ids, frequencies, gaps between positions), written as a string of base-32
// digits, 5 bits a character. The last digit of a number is one of DIGITS' first 32 characters, the
// others one of its last 32, so a number under 32 (most gaps) takes one character. The digits are
// safe in JSON strings, and the whole stays gzip-compressible. About 2.5 times smaller than the JSON
// of MiniSearch's serialization and the position lists, gzip (handbook/architecture.md › Search).

/** 64 characters: final digits (0-9A-V), then continuation digits (W-Za-z-_). */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
/** Value of each character code (0–31 final, 32–63 continuation), -1 for others. */
const VALUE = new Int8Array(128).fill(-1);
for (let digit = 0; digit < DIGITS.length; digit += 1) VALUE[DIGITS.charCodeAt(digit)] = digit;

/** Appends the digits of a non-negative integer. */
function push(out: string[], number: number): void {
  if (number < 32) {
    out.push(DIGITS[number]);
    return;
  }
  const digits = [DIGITS[number % 32]];
  for (let rest = Math.floor(number / 32); rest > 0; rest = Math.floor(rest / 32)) {
    digits.push(DIGITS[32 + (rest % 32)]);
  }
  for (let digit = digits.length - 1; digit >= 0; digit -= 1) out.push(digits[digit]);
}

/** The integers of an encoded string. */
export function decodeIntegers(text: string): number[] {
  const numbers: number[] = [];
  let number = 0;
  let pending = false;
  for (let at = 0; at < text.length; at += 1) {
    const value = VALUE[text.charCodeAt(at)] ?? -1;
    if (value < 0) throw new Error(`[search] not an encoded number: ${JSON.stringify(text.slice(at, at + 8))}`);
    if (value < 32) {
      numbers.push(number * 32 + value);
      number = 0;
      pending = false;
    } else {
      number = number * 32 + value - 32;
      pending = true;
    }
  }
  if (pending) throw new Error('[search] an encoded number is cut short');
  return numbers;
}

/** Encodes integers (each ≥ 0 and safe). */
export function encodeIntegers(numbers: number[]): string {
  const out: string[] = [];
  for (const number of numbers) {
    if (!Number.isSafeInteger(number) || number < 0) throw new Error(`[search] cannot encode ${number}`);
    push(out, number);
  }
  return out.join('');
}

/**
 * A term's postings, `{field id: {document id: frequency}}` as MiniSearch serializes them: for each
 * field, its id and number of documents, then each document as (gap to the previous id - 1) × 2,
 * plus 1 when the frequency is not 1, followed then by the frequency - 2.
 */
export function encodePostings(postings: Record<string, Record<string, number>>): string {
  const numbers: number[] = [];
  for (const [field, documents] of Object.entries(postings)) {
    const ids = Object.keys(documents)
      .map(Number)
      .sort((a, b) => a - b);
    numbers.push(Number(field), ids.length);
    let previous = -1;
    for (const id of ids) {
      const frequency = documents[id];
      numbers.push((id - previous - 1) * 2 + (frequency === 1 ? 0 : 1));
      if (frequency !== 1) numbers.push(frequency - 2);
      previous = id;
    }
  }
  return encodeIntegers(numbers);
}

/** A term's documents in one field: ids (ascending) and frequencies. */
export interface FieldPostings {
  ids: Int32Array;
  frequencies: Int32Array;
}

/**
 * The postings of encodePostings by field id (undefined for a field without the term): the
 * document ids, ascending, and their frequencies, in typed arrays for the engine's scoring loop.
 */
export function decodePostings(text: string): (FieldPostings | undefined)[] {
  const numbers = decodeIntegers(text);
  const fields: (FieldPostings | undefined)[] = [];
  let at = 0;
  while (at < numbers.length) {
    const field = numbers[at];
    const count = numbers[at + 1];
    at += 2;
    const ids = new Int32Array(count);
    const frequencies = new Int32Array(count);
    let previous = -1;
    for (let document = 0; document < count; document += 1) {
      const value = numbers[at];
      at += 1;
      const id = previous + 1 + Math.floor(value / 2);
      let frequency = 1;
      if (value % 2 === 1) {
        frequency = numbers[at] + 2;
        at += 1;
      }
      ids[document] = id;
      frequencies[document] = frequency;
      previous = id;
    }
    fields[field] = {ids, frequencies};
  }
  return fields;
}

/**
 * A term's word positions by document, `[[document id, [first position, then gaps]]…]` in id order:
 * for each document, (gap to the previous id - 1), the number of positions, then the positions as
 * given.
 */
export function encodePositions(byDocument: Iterable<[number, number[]]>): string {
  const numbers: number[] = [];
  let previous = -1;
  for (const [id, positions] of byDocument) {
    numbers.push(id - previous - 1, positions.length, ...positions);
    previous = id;
  }
  return encodeIntegers(numbers);
}

/** The positions of encodePositions: document id → [first position, then gaps]. */
export function decodePositions(text: string): Map<number, number[]> {
  const numbers = decodeIntegers(text);
  const byDocument = new Map<number, number[]>();
  let previous = -1;
  let at = 0;
  while (at < numbers.length) {
    const id = previous + 1 + numbers[at];
    const count = numbers[at + 1];
    byDocument.set(id, numbers.slice(at + 2, at + 2 + count));
    at += 2 + count;
    previous = id;
  }
  return byDocument;
}
