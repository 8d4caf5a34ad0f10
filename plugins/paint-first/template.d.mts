/** Docusaurus's page template with the app's scripts started after the first contentful paint. */
export const ssrTemplate: string;
/** Rewrites a Docusaurus page template; throws when its `<script … defer>` loop has changed. */
export function paintFirstTemplate(template: string): string;
/** The inline start script's function, run in the page with the scripts' addresses and the base URL. */
export function startAfterPaint(sources: string[], timeoutMs: number, baseUrl: string): void;
export const START_TIMEOUT_MS: number;
