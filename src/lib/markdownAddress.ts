// Where the Markdown version of a page lives. Shared by the build (plugins/llms-txt) and the page's
// "View as Markdown" link (src/components/PageActions), so that both always agree.

function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}

/**
 * The site path of a page's Markdown version, percent-encoded: `<page address>.md`, and
 * `<address>index.md` for the site root (`/docs/` → `/docs/index.md`). A trailing slash on any
 * other address is ignored, since nginx serves `/docs/x/` and `/docs/x` as the same page.
 * `pathname` is the page address, encoded or not, such as `/docs/Guides/Origins/Origin Shield`;
 * `baseUrl` the site's base path, such as `/docs/`.
 */
export function markdownPath(pathname: string, baseUrl: string): string {
  let page = safeDecode(pathname);
  if (page !== baseUrl && page.endsWith('/')) page = page.replace(/\/+$/, '');
  return encodeURI(page.endsWith('/') ? `${page}index.md` : `${page}.md`);
}
