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
): Promise<{names: {documents: string; index: string}; documents: number; bytes: {documents: number; index: number}}>;
export default function searchIndexPlugin(context: unknown, options: {openApiBundle: string}): unknown;
