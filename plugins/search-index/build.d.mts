import type {SearchPage} from './index.mjs';

export function buildSearchFiles(pages: SearchPage[]): {
  documents: {url: string; title: string; subcategory: string; text: string; api?: string}[];
  index: string;
};
