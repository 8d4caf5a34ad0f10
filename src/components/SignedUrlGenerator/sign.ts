// Tributary signed URLs, as "Guides/Signed URLs/Generating Signatures" defines them: the canonical
// string, its Ed25519 signature (WebCrypto) and the signed URL. Pure functions, shared by the
// in-browser generator and its tests; the guide's test vectors are the reference.

export type SignField = 'key' | 'url' | 'kid' | 'exp' | 'ip' | 'path';

/** A problem with one of the inputs, so the form can show it next to that field. */
export class SignInputError extends Error {
  constructor(
    readonly field: SignField,
    message: string,
  ) {
    super(message);
    this.name = 'SignInputError';
  }
}

const VERSION_LINE = 'TRIBUTARY-URL-V1';
const RESERVED = new Set(['exp', 'ip', 'path', 'kid', 'sig']);
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const PATH_SAFE = UNRESERVED + "!$&'()*+,;=:@/";
const QUERY_SAFE = UNRESERVED + "!$'()*+,;:@/?";
const HEX = '0123456789ABCDEF';
// PKCS#8 DER of an Ed25519 private key, up to the 32-byte seed (RFC 8410).
const PKCS8_ED25519_PREFIX = [
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
];

const isHexByte = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
const escape = (b: number) => '%' + HEX[b >> 4] + HEX[b & 15];

/** Percent-encoding normalization shared by the path, the query and the `path` prefix. */
export function normalizeComponent(text: string, safe: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x25 && i + 2 < bytes.length && isHexByte(bytes[i + 1]) && isHexByte(bytes[i + 2])) {
      const value = parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16);
      const ch = String.fromCharCode(value);
      out += UNRESERVED.includes(ch) ? ch : escape(value);
      i += 2;
    } else if (b < 0x80 && safe.includes(String.fromCharCode(b))) {
      out += String.fromCharCode(b);
    } else {
      out += escape(b);
    }
  }
  return out;
}

export interface UrlParts {
  base: string;
  fragment: string | null;
  host: string;
  path: string;
  query: string | null;
}

/** Splits an absolute http(s) URL into its lowercased host, raw path, raw query and fragment. */
export function splitUrl(url: string): UrlParts {
  const hashAt = url.indexOf('#');
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const fragment = hashAt < 0 ? null : url.slice(hashAt + 1);
  const match = /^https?:\/\/([^/?]*)(.*)$/is.exec(base);
  if (!match) throw new SignInputError('url', 'Enter an absolute URL that starts with http:// or https://.');
  const authority = match[1];
  if (authority.includes('@'))
    throw new SignInputError('url', 'Remove the user information (user@): such URLs cannot be signed.');
  const host = (
    authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.split(':')[0]
  ).toLowerCase();
  if (!host) throw new SignInputError('url', 'The URL has no host.');
  if (/\s/.test(host)) throw new SignInputError('url', 'The host cannot contain spaces.');
  const rest = match[2];
  const queryAt = rest.indexOf('?');
  const path = (queryAt < 0 ? rest : rest.slice(0, queryAt)) || '/';
  const query = queryAt < 0 ? null : rest.slice(queryAt + 1);
  return {base, fragment, host, path, query};
}

function normalizePath(path: string, field: SignField): string {
  const normalized = normalizeComponent(path, PATH_SAFE);
  if (normalized.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new SignInputError(field, `The path ${path} contains "." or ".." segments; remove them before signing.`);
  }
  return normalized;
}

/** The canonical query: every parameter except the reserved ones, normalized and sorted by bytes. */
export function canonicalQuery(query: string | null): string {
  if (!query) return '';
  const pairs: [string, string][] = [];
  for (const item of query.split('&')) {
    if (item === '') continue;
    const eq = item.indexOf('=');
    const name = normalizeComponent(eq < 0 ? item : item.slice(0, eq), QUERY_SAFE);
    const value = normalizeComponent(eq < 0 ? '' : item.slice(eq + 1), QUERY_SAFE);
    if (RESERVED.has(name)) {
      throw new SignInputError(
        'url',
        `The URL already carries the reserved parameter "${name}"; remove it before signing.`,
      );
    }
    pairs.push([name, value]);
  }
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  pairs.sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

function isIPv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => /^(0|[1-9][0-9]{0,2})$/.test(part) && Number(part) <= 255);
}

function isIPv6(text: string): boolean {
  let groups = text;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    if (!isIPv4(text.slice(lastColon + 1))) return false;
    groups = text.slice(0, lastColon + 1) + '0:0';
  }
  if (groups.split('::').length > 2) return false;
  const valid = (part: string) => /^[0-9A-Fa-f]{1,4}$/.test(part);
  if (groups.includes('::')) {
    const [head, tail] = groups.split('::');
    const left = head === '' ? [] : head.split(':');
    const right = tail === '' ? [] : tail.split(':');
    return left.length + right.length < 8 && [...left, ...right].every(valid);
  }
  const parts = groups.split(':');
  return parts.length === 8 && parts.every(valid);
}

/** Checks the `ip` value: an IPv4 or IPv6 address, or a CIDR range of one. */
export function checkIp(ip: string): void {
  const [address, length, extra] = ip.split('/');
  const version = isIPv4(address) ? 4 : isIPv6(address) ? 6 : 0;
  if (!version || extra !== undefined || (length !== undefined && !/^(0|[1-9][0-9]{0,2})$/.test(length))) {
    throw new SignInputError(
      'ip',
      `Enter an IPv4 or IPv6 address or CIDR range, such as 203.0.113.0/24; "${ip}" is not one.`,
    );
  }
  const max = version === 4 ? 32 : 128;
  if (length !== undefined && Number(length) > max) {
    throw new SignInputError('ip', `The prefix length of ${ip} is longer than ${max}.`);
  }
}

export interface SignRequest {
  url: string;
  kid: string;
  /** Expiry, in Unix seconds. */
  exp: number;
  ip?: string | null;
  path?: string | null;
}

export interface Canonical {
  canonical: string;
  parts: UrlParts;
}

function checkKid(kid: string): void {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(kid)) {
    throw new SignInputError('kid', 'The key ID has 1 to 32 characters from A–Z a–z 0–9 _ -.');
  }
}

function checkExp(exp: number): void {
  if (!Number.isSafeInteger(exp) || exp < 1 || exp > 9999999999) {
    throw new SignInputError('exp', 'The expiry is a Unix time in seconds: a whole number of 1 to 10 digits.');
  }
}

/** The normalized `path` prefix, checked against the normalized path of the URL. */
function prefixOf(path: string, requestPath: string): string {
  if (!/^\/([A-Za-z0-9\-._~!$'()*,;:@/]|%[0-9A-Fa-f]{2})*$/.test(path)) {
    throw new SignInputError(
      'path',
      "The path prefix starts with / and uses only A–Z a–z 0–9 - . _ ~ ! $ ' ( ) * , ; : @ / and %XX escapes.",
    );
  }
  const prefix = normalizePath(path, 'path');
  if (!requestPath.startsWith(prefix)) {
    throw new SignInputError('path', `The URL's path ${requestPath} is outside the prefix ${path}.`);
  }
  return prefix;
}

/** Builds the canonical string of a request, or throws a SignInputError naming the first wrong field. */
export function canonicalString({url, kid, exp, ip = null, path = null}: SignRequest): Canonical {
  checkKid(kid);
  checkExp(exp);
  if (ip !== null) checkIp(ip);
  const parts = splitUrl(url);
  const requestPath = normalizePath(parts.path, 'url');
  const query = canonicalQuery(parts.query);
  const scopeLine = path === null ? `path:${requestPath}` : `prefix:${prefixOf(path, requestPath)}`;
  const canonical = [
    VERSION_LINE,
    `host:${parts.host}`,
    scopeLine,
    `query:${path === null ? query : ''}`,
    `exp:${exp}`,
    `ip:${ip ?? ''}`,
    `kid:${kid}`,
  ].join('\n');
  return {canonical, parts};
}

/** Every field of a request that is wrong, each with its message, so a form can show them all at once. */
export function inputProblems({
  url,
  kid,
  exp,
  ip = null,
  path = null,
}: SignRequest): Partial<Record<SignField, string>> {
  const problems: Partial<Record<SignField, string>> = {};
  const attempt = (check: () => void) => {
    try {
      check();
    } catch (error) {
      if (!(error instanceof SignInputError)) throw error;
      problems[error.field] ??= error.message;
    }
  };
  attempt(() => checkKid(kid));
  attempt(() => checkExp(exp));
  if (ip !== null) attempt(() => checkIp(ip));
  let requestPath = null as string | null;
  attempt(() => {
    const parts = splitUrl(url);
    canonicalQuery(parts.query);
    requestPath = normalizePath(parts.path, 'url');
  });
  // Without a valid URL the prefix can still be checked for its own form.
  if (path !== null) attempt(() => prefixOf(path, requestPath ?? normalizeComponent(path, PATH_SAFE)));
  return problems;
}

/** The signed URL: the parameters appended after the URL's own query string, before the fragment. */
export function appendSignature(parts: UrlParts, {exp, ip = null, path = null, kid}: SignRequest, sig: string): string {
  let params = `exp=${exp}`;
  if (ip !== null) params += `&ip=${ip}`;
  if (path !== null) params += `&path=${path}`;
  params += `&kid=${kid}&sig=${sig}`;
  const separator = !parts.base.includes('?') ? '?' : /[?&]$/.test(parts.base) ? '' : '&';
  return parts.base + separator + params + (parts.fragment === null ? '' : `#${parts.fragment}`);
}

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The PKCS#8 DER bytes of the private key typed by the reader: a PEM block
 * (`-----BEGIN PRIVATE KEY-----`) or the 32-byte seed in hexadecimal, as the test vectors give it.
 */
export function privateKeyDer(text: string): Uint8Array<ArrayBuffer> {
  const trimmed = text.trim();
  if (trimmed === '')
    throw new SignInputError('key', 'Paste the Ed25519 private key (PKCS#8 PEM) or its 64-character hexadecimal seed.');
  if (/^[0-9A-Fa-f]{64}$/.test(trimmed)) {
    const seed = trimmed.match(/../g)!.map((pair) => parseInt(pair, 16));
    return Uint8Array.from([...PKCS8_ED25519_PREFIX, ...seed]);
  }
  if (/-----BEGIN PUBLIC KEY-----/.test(trimmed)) {
    throw new SignInputError(
      'key',
      'This is a public key. Signing needs the private key (-----BEGIN PRIVATE KEY-----).',
    );
  }
  const pem = /^-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\s]+)-----END PRIVATE KEY-----$/.exec(trimmed);
  if (!pem) {
    throw new SignInputError(
      'key',
      'The key must be a PKCS#8 PEM block from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----, or a 64-character hexadecimal seed.',
    );
  }
  try {
    return Uint8Array.from(atob(pem[1].replace(/\s+/g, '')), (ch) => ch.charCodeAt(0));
  } catch {
    throw new SignInputError('key', 'The PEM block is not valid base64.');
  }
}

/** Imports the reader's private key into WebCrypto, non-extractable, for signing only. */
export async function importSigningKey(
  text: string,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<CryptoKey> {
  const der = privateKeyDer(text);
  try {
    return await subtle.importKey('pkcs8', der, {name: 'Ed25519'}, false, ['sign']);
  } catch (error) {
    if (error instanceof Error && error.name === 'NotSupportedError') {
      throw new SignInputError('key', 'This browser cannot sign with Ed25519; use one of the sample programs below.');
    }
    throw new SignInputError(
      'key',
      'This is not an Ed25519 private key. Keys for signed URLs are Ed25519 keys in PKCS#8 PEM.',
    );
  }
}

export interface SignedUrl {
  canonical: string;
  sig: string;
  signedUrl: string;
}

/** Signs a URL: canonical string, Ed25519 signature in base64url, and the signed URL. */
export async function signUrl(
  request: SignRequest,
  key: CryptoKey,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<SignedUrl> {
  const {canonical, parts} = canonicalString(request);
  const signature = new Uint8Array(await subtle.sign({name: 'Ed25519'}, key, new TextEncoder().encode(canonical)));
  const sig = base64url(signature);
  return {canonical, sig, signedUrl: appendSignature(parts, request, sig)};
}
