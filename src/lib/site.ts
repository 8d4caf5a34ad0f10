// Constants the build (docusaurus.config.ts, plugins, scripts), the browser code and the tests share.
// Each is defined here only; browser code may import this module (it has no Node imports).

/** Route base of the API reference under the site's base URL: the API docs instance's routeBasePath. */
export const API_ROUTE_BASE = 'api';

/** Route of an API page from its id, as a `<Link to>` takes it (`origins` → `/api/origins`). */
export function apiRoute(id: string): string {
  return `/${API_ROUTE_BASE}/${id}`;
}

/** The page id of the API overview (from the API's title): the navbar, footer and home page link it. */
export const API_OVERVIEW_ID = 'tributary-api';

/** The OpenAPI bundle every build step reads, relative to the repository root (`npm run api:bundle` writes it). */
export const OPENAPI_BUNDLE = 'generated/static/openapi.json';

/** Where the sandbox API answers on the docs' own host (sandbox/, behind nginx): Try it's default. */
export const SANDBOX_PATH = '/docs/sandbox';

/** `npm run mock`: the sandbox alone, for local work. */
export const LOCAL_SANDBOX_PORT = 4010;

/**
 * The theme's desktop breakpoint (Infima's, and `useWindowSize`'s): from this width the docs sidebar
 * and the margin's table of contents show. Stylesheets cannot import it; a unit test
 * (src/lib/site.test.ts) checks that their media queries at this breakpoint use the same number.
 */
export const DESKTOP_MIN_WIDTH = 997;
