// Printable ASCII: react-router matches without regard to case (the `i` flag), and for these
// characters lower-casing does the same.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// What path-to-regexp reads as a parameter, a group, a wildcard or an escape.
const PATTERN_SYNTAX = /[\\:()*+?]/;

export interface PathMatch {
  path: string;
  url: string;
  isExact: boolean;
  params: Record<string, string>;
}

/**
 * What react-router's `matchPath(pathname, options)` returns, worked out by comparing strings, for a
 * single plain path (no parameter, group or wildcard) that is neither strict nor case-sensitive, and
 * an address of printable ASCII; `undefined` for anything else, which needs the regular expression.
 * Docusaurus's route table is made of such paths, and each one react-router compiles costs time:
 * matching a guide's address compiled 400 of them, 80–150 ms on a phone at 4×.
 */
export function plainMatch(pathname: unknown, options: unknown): PathMatch | null | undefined {
  if (typeof pathname !== 'string' || !PRINTABLE_ASCII.test(pathname)) return undefined;
  const given = typeof options === 'string' ? {path: options} : options;
  if (!given || typeof given !== 'object' || Array.isArray(given)) return undefined;
  const {path, exact = false, strict = false, sensitive = false} = given as Record<string, unknown>;
  if (typeof path !== 'string' || path === '' || strict || sensitive) return undefined;
  if (!PRINTABLE_ASCII.test(path) || PATTERN_SYNTAX.test(path)) return undefined;
  // Without `strict`, a trailing slash of the path is optional, and one at the end of the address too.
  const base = path.endsWith('/') ? path.slice(0, -1) : path;
  if (pathname.slice(0, base.length).toLowerCase() !== base.toLowerCase()) return null;
  const rest = pathname.slice(base.length);
  let url: string;
  if (rest === '' || rest === '/') url = pathname;
  else if (!exact && rest.startsWith('/')) url = pathname.slice(0, base.length);
  else return null;
  const isExact = pathname === url;
  return {path, url: path === '/' && url === '' ? '/' : url, isExact, params: {}};
}
