export function encodeIntegers(numbers: number[]): string;
export function decodeIntegers(text: string): number[];
export function encodePostings(postings: Record<string, Record<string, number>>): string;
/** A term's documents in one field: ids (ascending) and frequencies. */
export interface FieldPostings {
  ids: Int32Array;
  frequencies: Int32Array;
}
export function decodePostings(text: string): (FieldPostings | undefined)[];
export function encodePositions(byDocument: Iterable<[number, number[]]>): string;
export function decodePositions(text: string): Map<number, number[]>;
