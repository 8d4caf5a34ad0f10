// Docusaurus plugin: after the build, writes a Markdown version of every page of the sitemap at
// `<page address>.md` (the site root at `index.md`), and the two index files `llms.txt` and
// `llms-full.txt` (https://llmstxt.org). Guide, category and standalone pages are converted from
// their built HTML; API reference pages (operations, tags, resource objects) are written from the
// OpenAPI bundle.
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {createMatcher, flattenRoutes} from '@docusaurus/utils';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent, LoadedVersion} from '@docusaurus/plugin-content-docs';
import {htmlToMarkdown, pageInfo} from './html-to-markdown.mts';
import {loadSpec} from '../../src/lib/openapi/load.ts';
import {ApiMarkdown} from './openapi-markdown.mts';
import {llmsFullTxt, llmsTxt, type ExportedPage} from './llms.mts';
import {markdownPath} from '../../src/lib/markdownAddress.ts';

const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';

export interface LlmsTxtOptions {
  /** The OpenAPI bundle the API reference pages are written from, relative to the site. */
  openApiBundle: string;
  /** Route patterns left out, as the sitemap plugin's `ignorePatterns`. */
  exclude?: string[];
  /** The one-paragraph summary at the top of llms.txt. */
  summary: string;
}

type SidebarItem = LoadedVersion['sidebars'][string][number];

/** A permalink of the guide sidebar and its llms.txt section. */
interface GuideEntry {
  permalink: string;
  section: string;
}

/** A page of the export, with its route and where its Markdown is written. */
interface Page extends ExportedPage {
  routePath: string;
  mdPath: string;
}

/**
 * Permalinks of the guide sidebar in reading order, each with its llms.txt section: the top-level
 * category's label ("Guides"), or "Guides: Origins" for the pages of a sub-category.
 */
export function sidebarSections(
  items: SidebarItem[],
  permalinkOfDoc: (id: string) => string | undefined,
  section = 'Documentation',
  depth = 0,
): GuideEntry[] {
  const entries: GuideEntry[] = [];
  for (const item of items) {
    if (item.type === 'doc' || item.type === 'ref') {
      const permalink = permalinkOfDoc(item.id);
      if (permalink) entries.push({permalink, section});
    } else if (item.type === 'category') {
      const own = depth === 0 ? item.label : depth === 1 ? `${section}: ${item.label}` : section;
      const {link} = item;
      const permalink = link?.type === 'doc' ? permalinkOfDoc(link.id) : link?.permalink;
      if (permalink) entries.push({permalink, section: own});
      entries.push(...sidebarSections(item.items ?? [], permalinkOfDoc, own, depth + 1));
    }
  }
  return entries;
}

async function readBuiltPage(outDir: string, relative: string): Promise<string> {
  const candidates = [path.join(outDir, relative, 'index.html'), path.join(outDir, `${relative}.html`)];
  for (const file of candidates) {
    try {
      return await readFile(file, 'utf8');
    } catch {
      // try the next layout
    }
  }
  throw new Error(`[llms-txt] No built HTML for the page ${relative || '/'} (looked for ${candidates.join(', ')}).`);
}

export default function llmsTxtPlugin(context: LoadContext, options: LlmsTxtOptions): Plugin {
  const {siteConfig, siteDir} = context;
  const {baseUrl, title} = siteConfig;
  const siteUrl = siteConfig.url.replace(/\/$/, '');
  const excluded = createMatcher(options.exclude ?? []);
  let guideOrder: GuideEntry[] = [];

  return {
    name: 'llms-txt',

    async allContentLoaded({allContent}) {
      const docs = allContent[DOCS_PLUGIN]?.default as LoadedContent | undefined;
      const version = docs?.loadedVersions?.[0];
      if (!version) return;
      const permalinks = new Map(version.docs.map((doc) => [doc.id, doc.permalink]));
      guideOrder = Object.values(version.sidebars).flatMap((items) =>
        sidebarSections(items, (id) => permalinks.get(id)),
      );
    },

    async postBuild({outDir, routes, routesBuildMetadata}) {
      // The same pages as the sitemap plugin lists: leaf routes, minus its ignore patterns and the
      // pages marked noindex.
      const routePaths = [
        ...new Set(
          flattenRoutes(routes)
            .map((route) => route.path)
            .filter((routePath) => !excluded(routePath) && !routesBuildMetadata[routePath]?.noIndex),
        ),
      ];

      const spec = loadSpec(path.join(siteDir, options.openApiBundle));
      const api = new ApiMarkdown(spec, {siteUrl, baseUrl});
      const apiPages = new Map(api.pages().map((page) => [page.path, page]));
      const apiPrefix = `${baseUrl}api/`;

      const pages = new Map<string, Page>();
      for (const routePath of routePaths) {
        const url = `${siteUrl}${encodeURI(routePath)}`;
        const mdPath = markdownPath(routePath, baseUrl);
        const common = {routePath, url, mdPath, markdownUrl: `${siteUrl}${mdPath}`};
        if (routePath.startsWith(apiPrefix)) {
          const apiPage = apiPages.get(routePath);
          if (!apiPage) {
            throw new Error(
              `[llms-txt] The API page ${routePath} matches no operation, tag, object, overview or problem types page of ${options.openApiBundle} ` +
                '(page ids are the kebab case of the operationId, the tag name, the object schema name + "-object" or the API title).',
            );
          }
          const section = apiPage.tag ? `API reference: ${apiPage.tag}` : 'API reference';
          pages.set(routePath, {...common, ...apiPage, section});
          continue;
        }
        const html = await readBuiltPage(outDir, routePath.slice(baseUrl.length));
        const {title: pageTitle, description} = pageInfo(html, title);
        const markdown = await htmlToMarkdown(html, url);
        pages.set(routePath, {...common, title: pageTitle, description, markdown, section: 'Other pages'});
      }

      // Reading order: the site's own pages, the guide sidebar, then the API reference by tag.
      const ordered: Page[] = [];
      const take = (routePath: string, section?: string) => {
        const page = pages.get(routePath);
        if (!page || ordered.includes(page)) return;
        if (section) page.section = section;
        ordered.push(page);
      };
      take(baseUrl, 'Overview');
      for (const page of pages.values()) {
        if (!page.routePath.startsWith(apiPrefix) && !guideOrder.some((entry) => entry.permalink === page.routePath))
          take(page.routePath, 'Overview');
      }
      for (const entry of guideOrder) take(entry.permalink, entry.section);
      const apiList = [...apiPages.values()];
      for (const kind of ['overview', 'problem-types'])
        for (const page of apiList) if (page.kind === kind) take(page.path);
      for (const tag of spec.tags ?? []) {
        for (const kind of ['tag', 'object', 'operation']) {
          for (const page of apiList) if (page.kind === kind && page.tag === tag.name) take(page.path);
        }
      }
      for (const page of pages.values()) take(page.routePath);

      for (const page of ordered) {
        const file = path.join(outDir, decodeURI(page.mdPath).slice(baseUrl.length));
        await mkdir(path.dirname(file), {recursive: true});
        await writeFile(file, page.markdown);
      }
      const site = {
        title,
        summary: options.summary,
        details: [
          `Each link below is the Markdown version of a page: the page's address followed by \`.md\` ` +
            `(the home page's is ${siteUrl}${markdownPath(baseUrl, baseUrl)}). ` +
            `${siteUrl}${baseUrl}llms-full.txt holds the Markdown of every page in one file.`,
          `The API reference pages are written from the OpenAPI file, ${siteUrl}${baseUrl}openapi.json.`,
        ],
      };
      // The not-found page's twin, which nginx answers (with 404) to a request for Markdown.
      const notFound = await readFile(path.join(outDir, '404.html'), 'utf8');
      await writeFile(path.join(outDir, '404.md'), await htmlToMarkdown(notFound, `${siteUrl}${baseUrl}404`));
      await writeFile(path.join(outDir, 'llms.txt'), llmsTxt(ordered, site));
      await writeFile(path.join(outDir, 'llms-full.txt'), llmsFullTxt(ordered, site));
      console.log(`[llms-txt] ${ordered.length} Markdown pages, llms.txt and llms-full.txt`);
    },
  };
}
