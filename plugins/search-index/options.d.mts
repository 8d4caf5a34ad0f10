import type {Options} from 'minisearch';

export interface IndexedFields {
  id: number;
  title: string;
  subcategory: string;
  description: string;
  text: string;
  code: string;
  api: string;
}
export const FIELDS: string[];
export const STOP_WORDS: Set<string>;
export const SPLIT: RegExp;
export function tokenize(text: string): string[];
export function stem(word: string): string;
export function processTerm(token: string): string | null;
export const BOOST: Record<string, number>;
export const miniSearchOptions: Options<IndexedFields>;
export function isHttpMethod(word: string): boolean;
export function normalizeApiPath(apiPath: string): string;
export const WORD: RegExp;
export function wordTerms(text: string): (string | null)[];
export const PROXIMITY_GAP: number;
