import type MiniSearch from 'minisearch';
import type {IndexedFields} from './options.mjs';
import type {SearchPage} from './index.mjs';
import type {SearchMeta} from '../../src/components/SearchEngine/engine';

export const SHARD_BYTES: number;
export const CHUNK_BYTES: number;
export const PROXIMITY_TEXT_CHARS: number;
export function buildSearchFiles(
  pages: SearchPage[],
  options?: {shardBytes?: number; chunkBytes?: number},
): {
  meta: SearchMeta;
  files: Record<string, string>;
  documents: {url: string; title: string; subcategory: string; text: string; api?: string}[];
  /** The MiniSearch index the files were cut from (the engine's scoring is tested against it). */
  index: MiniSearch<IndexedFields>;
};
