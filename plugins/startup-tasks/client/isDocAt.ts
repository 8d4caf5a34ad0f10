// react-router itself rather than Docusaurus's `@docusaurus/router` alias of it, so that Node's test
// runner can load this file; webpack resolves both to the same module.
import {matchPath} from 'react-router';

// Printable ASCII: `matchPath` ignores case, and for these characters lower-casing does the same.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// What path-to-regexp reads as a parameter, a group, a wildcard or an escape.
const PATTERN_SYNTAX = /[\\:()*+?]/;
const withoutTrailingSlash = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : path);

/**
 * Whether the doc at `docPath` is the one at `pathname`, as Docusaurus asks react-router
 * (`matchPath(pathname, {path: docPath, exact: true, strict: false})`), without compiling a regular
 * expression when the doc's path is plain text.
 */
export function isDocAt(docPath: string, pathname: string): boolean {
  if (!PRINTABLE_ASCII.test(pathname) || !PRINTABLE_ASCII.test(docPath) || PATTERN_SYNTAX.test(docPath)) {
    return matchPath(pathname, {path: docPath, exact: true, strict: false}) !== null;
  }
  return withoutTrailingSlash(docPath).toLowerCase() === withoutTrailingSlash(pathname).toLowerCase();
}
