/** What a click on a link in the article's server HTML needs to be decided (./index.tsx). */
export interface LinkClick {
  /** The link's resolved address (`HTMLAnchorElement.href`). */
  href: string;
  target: string;
  download: boolean;
  button: number;
  modified: boolean;
}

/**
 * The address to open inside the app, as Docusaurus's `<Link>` would, for a click on a link of the
 * article's server HTML; null to leave the click to the browser: another button or a modifier key
 * (new tab, download), a target or download attribute, another origin, an anchor on the same page,
 * and any address that is not one of the app's pages (a downloadable file, say).
 */
export function appAddressOf(click: LinkClick, current: string, isPage: (pathname: string) => boolean): string | null {
  if (click.button !== 0 || click.modified || click.download || (click.target && click.target !== '_self')) return null;
  const url = new URL(click.href, current);
  const here = new URL(current);
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search && url.hash) return null;
  if (!isPage(decodeURI(url.pathname))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Whether a path under the site is one of the app's pages rather than a file: every page's path
 * ends in a name without an extension (`/docs/Guides/Origins/Origin Shield`), every file's with one
 * (`/docs/openapi.yaml`, `/docs/llms.txt`). A link to a page that does not exist gets the app's own
 * "not found" page, as a `<Link>` would.
 */
export function isPagePath(pathname: string, baseUrl: string): boolean {
  return pathname.startsWith(baseUrl) && !/\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}
