// What the MCP server reads: a production build (build/) and nothing else, so that its answers are
// exactly what the site serves. Loaded once per process; every request only reads from it, which
// keeps the server stateless.
import {existsSync, readFileSync, realpathSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {brand} from '../src/brand';
import {SearchEngine, pageOf} from '../plugins/search/engine/engine';
import {normalizeApiPath} from '../plugins/search/shared/options';
import {markdownPath} from '../src/lib/markdownAddress.ts';
import {OpenApiIndex} from '../plugins/api-request/openapi-index.mts';
import {operationPagePath} from '../src/lib/openapi';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_BUILD_DIR = path.join(ROOT, 'build');

/** An answer the client asked for wrongly (unknown page, bad body…): reported, never thrown further. */
export class UserError extends Error {}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  /** Site path of its reference page, such as `/docs/api/services-origins-create`. */
  page: string;
}

export class DocsSite {
  readonly buildDir: string;
  readonly siteUrl: string;
  readonly baseUrl: string;
  readonly engine: SearchEngine;
  readonly api: OpenApiIndex;
  private readonly realBuildDir: string;
  /** Every operation, computed once: lookups and "did you mean" read it many times per call. */
  private readonly allOperations: readonly Operation[];
  private readonly operationsByPage: ReadonlyMap<string, Operation>;

  constructor(buildDir = DEFAULT_BUILD_DIR, siteUrl: string = brand.siteUrl) {
    this.buildDir = path.resolve(buildDir);
    this.siteUrl = siteUrl.replace(/\/$/, '');
    this.baseUrl = brand.baseUrl;
    const manifestFile = path.join(this.buildDir, 'search-manifest.json');
    if (!existsSync(manifestFile)) {
      throw new Error(`No search index in ${this.buildDir}: build the site first (npm run build).`);
    }
    this.realBuildDir = realpathSync(this.buildDir);
    // Every shard and chunk of the search files, read once: the search answers synchronously.
    this.engine = SearchEngine.fromFiles((name) => readFileSync(path.join(this.buildDir, name), 'utf8'));
    this.api = OpenApiIndex.load(path.join(this.buildDir, 'openapi.json'));
    this.allOperations = [...this.api.operations].map(([operationId, {method, route}]) => ({
      operationId,
      method: method.toUpperCase(),
      path: route,
      // The address the API reference generator gives the operation's page.
      page: operationPagePath(operationId, this.baseUrl),
    }));
    this.operationsByPage = new Map(this.allOperations.map((op) => [op.page, op]));
  }

  /** Absolute address of a site path (`/docs/...`, encoded or not). */
  absolute(sitePath: string): string {
    return `${this.siteUrl}${encodeURI(safeDecode(sitePath))}`;
  }

  /** The site section of a page: `api`, `Guides/Origins`, `Getting started`… (its folders under /docs/). */
  sectionOf(sitePath: string): string {
    const parts = safeDecode(pageOf(sitePath)).slice(this.baseUrl.length).split('/');
    return parts.length > 2 ? parts.slice(0, 2).join('/') : parts.length === 2 ? parts[0] : '';
  }

  /**
   * The site path of a page from what a reader or an agent may give: an absolute URL on any host,
   * a path with or without the base URL, encoded or not, with an anchor, a query or `.md`.
   */
  pagePath(address: string): string {
    let value = address.trim();
    try {
      value = new URL(value).pathname;
    } catch {
      // not an absolute URL: a path
    }
    value = safeDecode(value.replace(/[?#].*$/, ''));
    if (!value.startsWith('/')) value = `/${value}`;
    if (!value.startsWith(this.baseUrl) && `${value}/` !== this.baseUrl) value = `${this.baseUrl}${value.slice(1)}`;
    if (value.endsWith('/index.md')) value = value.slice(0, -'index.md'.length);
    else if (value.endsWith('.md')) value = value.slice(0, -'.md'.length);
    return value === this.baseUrl.slice(0, -1) ? this.baseUrl : value;
  }

  /** The Markdown twin of a page (what plugins/llms-txt wrote), or a UserError naming the address. */
  readPage(address: string): {path: string; url: string; markdownUrl: string; markdown: string} {
    const page = this.pagePath(address);
    const mdPath = markdownPath(page, this.baseUrl);
    const file = path.join(this.buildDir, safeDecode(mdPath).slice(this.baseUrl.length));
    // 404.md is what nginx answers for a missing page, not a page of its own.
    if (page === `${this.baseUrl}404` || !this.inside(file)) throw new UserError(`No page at "${address}".`);
    return {
      path: page,
      url: this.absolute(page),
      markdownUrl: this.absolute(mdPath),
      markdown: readFileSync(file, 'utf8'),
    };
  }

  /** True when `file` is an existing Markdown file of the build (no way out through `..` or links). */
  private inside(file: string): boolean {
    if (!file.endsWith('.md') || !existsSync(file)) return false;
    const real = realpathSync(file);
    return real.startsWith(`${this.realBuildDir}${path.sep}`);
  }

  /** Every operation of the OpenAPI bundle. */
  operations(): readonly Operation[] {
    return this.allOperations;
  }

  /** The operation whose reference page is at this site path. */
  operationByPage(page: string): Operation | undefined {
    return this.operationsByPage.get(page);
  }

  /**
   * The operation named by its operationId (exactly, or in another case or kebab case), or by its
   * method and path in any parameter style (`{service_id}`, `{serviceId}`, `:service_id`).
   */
  findOperation({operationId, method, path: apiPath}: {operationId?: string; method?: string; path?: string}) {
    const all = this.operations();
    if (operationId) {
      // Also in another case or kebab case: services-origins-create, SERVICES_ORIGINS_CREATE.
      const loose = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
      return (
        all.find((op) => op.operationId === operationId) ??
        all.find((op) => loose(op.operationId) === loose(operationId))
      );
    }
    if (!apiPath) return undefined;
    const matches = this.operationsAt(apiPath);
    if (!method) return matches.length === 1 ? matches[0] : undefined;
    return matches.find((op) => op.method === method.toUpperCase());
  }

  /** Operations with this path (any method), for a helpful error when the method is wrong. */
  operationsAt(apiPath: string): Operation[] {
    let route = normalizeApiPath(apiPath);
    // A full URL such as https://api.tributary.example/api/v1/services: the server's own path goes.
    for (const server of this.api.spec.servers ?? []) {
      const prefix = normalizeApiPath(String(server.url ?? ''));
      if (prefix.length > 1 && route.startsWith(`${prefix}/`)) route = route.slice(prefix.length);
    }
    return this.operations().filter((op) => normalizeApiPath(op.path) === route);
  }

  /** A file published at the root of the build (llms.txt, openapi.json…). */
  readFile(name: string): string {
    return readFileSync(path.join(this.buildDir, name), 'utf8');
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}
