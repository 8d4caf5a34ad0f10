// Path pattern matching as Tributary's behaviors (and WAF path scopes) apply it: `*` matches any
// run of characters including `/` and none at all, `?` exactly one character, every other
// character itself with case; the query string is ignored and the whole path must match.

export const PATTERN_MAX_LENGTH = 255;

/** Why a pattern would be refused by the API, or `null` when it is valid. */
export function patternError(pattern: string): string | null {
  if (pattern.length === 0) return 'A pattern cannot be empty.';
  if (pattern.length > PATTERN_MAX_LENGTH) return `A pattern has at most ${PATTERN_MAX_LENGTH} characters.`;
  if (!/^[/*]/.test(pattern)) return 'A pattern starts with / or *.';
  return null;
}

/** The regular expression equivalent to a path pattern. */
export function patternToRegExp(pattern: string): RegExp {
  let source = '';
  for (const char of pattern) {
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'su');
}

/**
 * The path that patterns are compared with: a full URL loses its scheme and host, and the query
 * string and fragment are removed. The path is kept as written, without percent-decoding.
 */
export function requestPath(input: string): string {
  const trimmed = input.trim();
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(trimmed);
  const rest = origin ? trimmed.slice(origin[0].length) : trimmed;
  const end = rest.search(/[?#]/);
  const path = end === -1 ? rest : rest.slice(0, end);
  return path === '' ? '/' : path;
}

export type PatternResult =
  {kind: 'invalid'; reason: string} | {kind: 'match'} | {kind: 'shadowed'; by: number} | {kind: 'no_match'};

export interface BehaviorMatch {
  /** The path compared with the patterns. */
  path: string;
  /** Position (1-based) of the behavior that applies, or `null` for the default behavior. */
  position: number | null;
  /** One result per pattern, in position order. */
  results: PatternResult[];
}

/** Finds the behavior a request gets: the first valid pattern, in position order, that matches. */
export function findBehavior(patterns: readonly string[], input: string): BehaviorMatch {
  const path = requestPath(input);
  let position: number | null = null;
  const results = patterns.map((pattern, index): PatternResult => {
    const reason = patternError(pattern);
    if (reason) return {kind: 'invalid', reason};
    if (!patternToRegExp(pattern).test(path)) return {kind: 'no_match'};
    if (position !== null) return {kind: 'shadowed', by: position};
    position = index + 1;
    return {kind: 'match'};
  });
  return {path, position, results};
}
