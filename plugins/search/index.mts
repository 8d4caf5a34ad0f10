// The site search, as a Docusaurus plugin. Its theme (theme/) supplies the navbar's search box
// (SearchBar, for the `type: 'search'` item) and the results page (SearchPage, routed at /search by
// src/pages/search.tsx); its client module (client/searchHighlight.ts) highlights a search's words on
// the page a result opened. After the build it reads every built page and writes the search files
// the box and the results page fetch on demand (see build.mts for what each holds):
//   assets/search/meta.<hash>.json       vocabulary, shard and chunk starts, per-document data
//   assets/search/shard.<hash>.json      the index by term range (a query fetches the ones it needs)
//   assets/search/documents.<hash>.json  the documents by id range (fetched for the results shown)
//   search-manifest.json                 the name of the meta file (no-cache; the others are immutable)
import {createHash} from 'node:crypto';
import {mkdir, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {operationPagePath, operationsOf} from '../../src/lib/openapi/index.ts';
import {loadSpec} from '../../src/lib/openapi/load.ts';
import {buildSearchFiles, type SearchFileSizes, type SearchPage} from './build.mts';
import {MANIFEST} from './engine/files.ts';
import {extractPage} from './extract.mts';

export {MANIFEST};
export type {SearchPage};

const here = path.dirname(fileURLToPath(import.meta.url));
const OUTPUT_DIR = 'assets/search';
/** Built pages that are not content: the error pages and the search page itself. */
const EXCLUDED = /^(404|offline)\.html$|^search(\/index)?\.html$/;

/** `Guides/Origins/Origin Shield/index.html` → `/docs/Guides/Origins/Origin Shield`. */
export function pageUrl(baseUrl: string, file: string): string {
  const route = file
    .split(path.sep)
    .join('/')
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '');
  return `${baseUrl}${route}`;
}

function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** Method, path and operationId of each API reference page, by its URL. */
function apiOperations(bundleFile: string, baseUrl: string): Map<string, SearchPage['api']> {
  const byUrl = new Map<string, SearchPage['api']>();
  for (const {operationId, method, route} of operationsOf(loadSpec(bundleFile))) {
    byUrl.set(operationPagePath(operationId, baseUrl), {method, path: route, operationId});
  }
  return byUrl;
}

export async function collectPages(outDir: string, baseUrl: string, bundleFile: string): Promise<SearchPage[]> {
  const operations = apiOperations(bundleFile, baseUrl);
  const files = (await readdir(outDir, {recursive: true}))
    .filter((file) => file.endsWith('.html') && !EXCLUDED.test(file.split(path.sep).join('/')))
    .sort();
  const pages: SearchPage[] = [];
  for (const file of files) {
    const page = extractPage(await readFile(path.join(outDir, file), 'utf8'));
    if (!page) continue;
    const url = pageUrl(baseUrl, file);
    const api = operations.get(url);
    pages.push({url, ...page, ...(api && {api})});
  }
  const found = new Set(pages.map((page) => page.url));
  const missing = [...operations.keys()].filter((url) => !found.has(url));
  if (missing.length > 0) {
    throw new Error(`[search-index] API operations without a built page to index: ${missing.join(', ')}`);
  }
  return pages;
}

/** Writes the search files into `outDir` and returns their names and sizes. */
export async function writeSearchFiles(
  outDir: string,
  pages: SearchPage[],
  options?: SearchFileSizes,
): Promise<{
  meta: string;
  documents: number;
  terms: number;
  shards: number;
  chunks: number;
  bytes: {meta: number; shards: number; chunks: number};
}> {
  const {meta, files, documents} = buildSearchFiles(pages, options);
  const metaJson = JSON.stringify(meta);
  const metaFile = `${OUTPUT_DIR}/meta.${contentHash(metaJson)}.json`;
  await rm(path.join(outDir, OUTPUT_DIR), {recursive: true, force: true});
  await mkdir(path.join(outDir, OUTPUT_DIR), {recursive: true});
  for (const [name, json] of Object.entries(files)) await writeFile(path.join(outDir, name), json);
  await writeFile(path.join(outDir, metaFile), metaJson);
  await writeFile(path.join(outDir, MANIFEST), JSON.stringify({meta: metaFile}));
  const sum = (names: string[]) => names.reduce((total, name) => total + files[name].length, 0);
  return {
    meta: metaFile,
    documents: documents.length,
    terms: meta.terms.length,
    shards: meta.shards.length,
    chunks: meta.chunks.length,
    bytes: {
      meta: metaJson.length,
      shards: sum(meta.shards.map(({file}) => file)),
      chunks: sum(meta.chunks.map(({file}) => file)),
    },
  };
}

export interface SearchPluginOptions {
  /** The bundled OpenAPI description (JSON), relative to the site: the API pages' method and path. */
  openApiBundle: string;
}

export default function searchPlugin(context: LoadContext, options: SearchPluginOptions): Plugin {
  return {
    name: 'search-index',
    getThemePath() {
      return path.join(here, 'theme');
    },
    getClientModules() {
      return [path.join(here, 'client', 'searchHighlight.ts'), path.join(here, 'client', 'shortcut.ts')];
    },
    async postBuild({outDir}) {
      const bundle = path.join(context.siteDir, options.openApiBundle);
      const pages = await collectPages(outDir, context.baseUrl, bundle);
      const result = await writeSearchFiles(outDir, pages);
      console.log(
        `[search-index] ${pages.length} pages, ${result.documents} documents, ${result.terms} terms: ` +
          `${result.meta} (${result.bytes.meta} B), ${result.shards} index shards (${result.bytes.shards} B), ` +
          `${result.chunks} document chunks (${result.bytes.chunks} B)`,
      );
    },
  };
}
