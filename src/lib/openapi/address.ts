// Where the API reference pages are: every reader that links to one (the generator, the guides'
// <ApiRequest>, the Markdown twins, the search index, the MCP server) asks here.
import kebabCase from 'lodash/kebabCase.js';
import {apiRoute} from '../site';

/** What lodash's kebabCase takes for a separator between words: any ASCII character but a letter or digit. */
const SEPARATORS = /[^A-Za-z0-9\u0080-\uffff]+/;

/**
 * THE rule: the page id (and last URL segment) of an operation (its `operationId`), of a tag (its
 * name) or of the overview (the API title): lodash's kebabCase, which guides' links expect, except
 * that a number written against the word before it stays with it (`update_s3_credentials` →
 * `update-s3-credentials`, where kebabCase alone says `update-s-3-credentials`). A page whose id
 * changes keeps a redirect from its old address (docusaurus.config.ts).
 */
export function pageId(name: string): string {
  return name
    .split(SEPARATORS)
    .map((part) => kebabCase(part).replace(/([a-z])-(?=\d)/g, '$1'))
    .filter(Boolean)
    .join('-');
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
