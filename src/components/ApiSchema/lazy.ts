// A page's body schemas in the browser (scripts/api-reference/page-schemas.mts moves them out of
// the page's MDX). On the first load of a page its article is adopted from the server HTML, which
// shows them already, so they are not downloaded. When a page is opened in the app (the app has
// started), they are fetched as soon as its module runs: when a link is pointed at (Docusaurus
// preloads the page) or followed. A page rendered before they arrive shows them when they do
// (src/components/ApiSchema).
import type {SchemaView} from './types';

/** One schema of the page: its view once loaded, and how to get it. */
export interface LazySchema {
  readonly view: SchemaView | null | undefined;
  /** The same promise on every call (React's `use` needs that); null when it could not be loaded. */
  load(): Promise<SchemaView | null>;
}

export function isLazySchema(schema: unknown): schema is LazySchema {
  return typeof schema === 'object' && schema !== null && typeof (schema as LazySchema).load === 'function';
}

/** Docusaurus marks the document once the app has hydrated; a page loaded after that is opened in the app. */
const appHasStarted = (): boolean =>
  typeof document !== 'undefined' && document.documentElement.getAttribute('data-has-hydrated') === 'true';

async function fetchSchemas(address: URL): Promise<SchemaView[]> {
  const response = await fetch(address);
  if (!response.ok) throw new Error(`${address.pathname} answered ${response.status}`);
  return (await response.json()) as SchemaView[];
}

/** The `count` schemas of a page, from the JSON at `address`. */
export function pageSchemas(address: URL, count: number): LazySchema[] {
  let all: Promise<SchemaView[] | null> | undefined;
  const loadAll = () =>
    (all ??= fetchSchemas(address).catch((error: unknown) => {
      console.error('The fields of this page could not be loaded:', error);
      return null;
    }));
  const schemas = Array.from({length: count}, (_, index) => {
    let one: Promise<SchemaView | null> | undefined;
    const schema = {
      view: undefined as SchemaView | null | undefined,
      load: () =>
        (one ??= loadAll().then((views) => {
          schema.view = views?.[index] ?? null;
          return schema.view;
        })),
    };
    return schema;
  });
  if (appHasStarted()) schemas.forEach((schema) => void schema.load());
  return schemas;
}
