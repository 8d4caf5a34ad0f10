import {fillPath} from '../../lib/openapi/requests';
import type {ExplorerOperation} from './types';

/** sessionStorage key of the reader's API token: kept for the browser tab's session only. */
export const TOKEN_STORAGE_KEY = 'tributary-api-explorer-token';

export type ParameterValues = Record<string, string>;

export const parameterKey = (parameter: {in: string; name: string}) => `${parameter.in}:${parameter.name}`;

/**
 * The request the explorer sends, or the problem that stops it (a missing path parameter, a body
 * that is not JSON), worded for the reader.
 */
export function buildRequest(
  operation: ExplorerOperation,
  {server, token, values, body}: {server: string; token: string; values: ParameterValues; body: string},
): {url: string; init: RequestInit} | {problem: string} {
  const missing = operation.parameters.filter(
    (parameter) => parameter.required && !values[parameterKey(parameter)]?.trim(),
  );
  if (missing.length) {
    return {problem: `Fill in the required parameter ${missing.map((parameter) => `"${parameter.name}"`).join(', ')}.`};
  }
  const path = fillPath(
    operation.path,
    Object.fromEntries(
      operation.parameters
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => [parameter.name, values[parameterKey(parameter)]?.trim()]),
    ),
  );
  const query = new URLSearchParams();
  const headers: Record<string, string> = {Accept: 'application/json'};
  for (const parameter of operation.parameters) {
    const value = values[parameterKey(parameter)]?.trim();
    if (!value) continue;
    if (parameter.in === 'query') query.append(parameter.name, value);
    if (parameter.in === 'header') headers[parameter.name] = value;
  }
  if (token.trim()) headers.Authorization = `Bearer ${token.trim()}`;
  const init: RequestInit = {method: operation.method.toUpperCase(), headers};
  if (operation.body !== undefined && body.trim()) {
    try {
      JSON.parse(body);
    } catch (error) {
      return {problem: `The request body is not valid JSON (${(error as Error).message}). Correct it and send again.`};
    }
    headers['Content-Type'] = operation.contentType ?? 'application/json';
    init.body = body;
  }
  const search = query.toString();
  return {url: `${server.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`, init};
}

/** The response body, pretty-printed when it is JSON. */
export function prettyBody(text: string): string {
  if (!text) return '(empty body)';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Whether a server of the OpenAPI file is a sandbox (public or local): nothing real changes there. */
export function isSandbox(serverUrl: string): boolean {
  return /\/docs\/sandbox\/api\/v\d+\/?$/.test(serverUrl);
}

/**
 * Where to send for a server: the public sandbox is the docs' own host, so a copy of the site (a
 * preview, `npm start` on localhost) sends to its own sandbox, on the page's origin.
 */
export function serverAddress(serverUrl: string, pageOrigin: string, siteUrl: string): string {
  return isSandbox(serverUrl) && serverUrl.startsWith(`${siteUrl}/`)
    ? `${pageOrigin}${serverUrl.slice(siteUrl.length)}`
    : serverUrl;
}

/** The address that mints a sandbox token, seeded with the guides' example objects. */
export function sandboxTokenAddress(sandboxApiUrl: string): string {
  return sandboxApiUrl.replace(/\/api\/v\d+\/?$/, '/tokens?seed=example-world');
}
