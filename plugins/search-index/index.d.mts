export const MANIFEST: string;
export interface SearchPage {
  url: string;
  title: string;
  /** The page's meta description, its summary. */
  description?: string;
  breadcrumbs: string[];
  sections: {anchor: string; heading: string; parent: string; text: string; code: string}[];
  api?: {method: string; path: string; operationId: string};
}
export function pageUrl(baseUrl: string, file: string): string;
export function collectPages(outDir: string, baseUrl: string, bundleFile: string): Promise<SearchPage[]>;
export function writeSearchFiles(
  outDir: string,
  pages: SearchPage[],
  options?: {shardBytes?: number; chunkBytes?: number},
): Promise<{
  meta: string;
  documents: number;
  terms: number;
  shards: number;
  chunks: number;
  bytes: {meta: number; shards: number; chunks: number};
}>;
export default function searchIndexPlugin(context: unknown, options: {openApiBundle: string}): unknown;
