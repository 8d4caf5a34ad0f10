// Where the API reference pages are: every reader that links to one (the generator, the guides'
// <ApiRequest>, the Markdown twins, the search index, the MCP server) asks here.
import kebabCase from 'lodash/kebabCase.js';
import {apiRoute} from '../site';

/**
 * THE rule: the page id (and last URL segment) of an operation (its `operationId`), of a tag (its
 * name) or of the overview (the API title): lodash's kebabCase, which guides' links expect.
 */
export function pageId(name: string): string {
  return kebabCase(name);
}

/** Site path of an API page from its id, under `baseUrl` (`/docs/` → `/docs/api/origins`). */
export function apiPagePath(id: string, baseUrl = '/docs/'): string {
  return `${baseUrl}${apiRoute(id).slice(1)}`;
}

/** Site path of an operation's page: `services_origins_create` → `/docs/api/services-origins-create`. */
export function operationPagePath(operationId: string, baseUrl = '/docs/'): string {
  return apiPagePath(pageId(operationId), baseUrl);
}

/** Site path of a tag's page: `Origin Shield` → `/docs/api/origin-shield`. */
export function tagPagePath(tag: string, baseUrl = '/docs/'): string {
  return apiPagePath(pageId(tag), baseUrl);
}
