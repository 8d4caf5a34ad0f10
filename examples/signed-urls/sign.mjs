#!/usr/bin/env node
// Sign a URL for Tributary signed URLs (Ed25519), as defined in
// "Guides/Signed URLs/Generating Signatures". Node.js 18.11 or later, no dependencies.
//
//   node sign.mjs --key private.pem --kid media-2026-q1 --ttl 3600 \
//     https://www.example.com/downloads/tool.tar.gz
//
// Options: --key FILE (PKCS#8 PEM private key) or --seed-hex HEX (32-byte seed, for test vectors),
// --kid KEY_ID, --exp UNIX_SECONDS or --ttl SECONDS (default 3600), --ip ADDRESS_OR_CIDR,
// --path PATH_PREFIX, --canonical (print the canonical string instead of the signed URL).
import {createPrivateKey, sign} from 'node:crypto';
import {readFileSync, realpathSync} from 'node:fs';
import {isIP} from 'node:net';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';

const VERSION_LINE = 'TRIBUTARY-URL-V1';
const RESERVED = new Set(['exp', 'ip', 'path', 'kid', 'sig']);
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const PATH_SAFE = UNRESERVED + "!$&'()*+,;=:@/";
const QUERY_SAFE = UNRESERVED + "!$'()*+,;:@/?";
const HEX = '0123456789ABCDEF';

/** Percent-encoding normalization shared by the path, the query and the `path` prefix. */
export function normalizeComponent(text, safe) {
  const bytes = Buffer.from(text, 'utf8');
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x25 && i + 2 < bytes.length && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      const value = parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16);
      const ch = String.fromCharCode(value);
      out += UNRESERVED.includes(ch) ? ch : '%' + HEX[value >> 4] + HEX[value & 15];
      i += 2;
    } else if (b < 0x80 && safe.includes(String.fromCharCode(b))) {
      out += String.fromCharCode(b);
    } else {
      out += '%' + HEX[b >> 4] + HEX[b & 15];
    }
  }
  return out;
}

function isHex(b) {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
}

/** Splits an absolute http(s) URL into its lowercased host, raw path, raw query and fragment. */
export function splitUrl(url) {
  const hashAt = url.indexOf('#');
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const fragment = hashAt < 0 ? null : url.slice(hashAt + 1);
  const match = /^https?:\/\/([^/?]*)(.*)$/is.exec(base);
  if (!match) throw new Error('The URL must be absolute and start with http:// or https://');
  const authority = match[1];
  if (authority.includes('@')) throw new Error('The URL must not contain user information');
  const host = (
    authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.split(':')[0]
  ).toLowerCase();
  if (!host) throw new Error('The URL has no host');
  const rest = match[2];
  const queryAt = rest.indexOf('?');
  const path = (queryAt < 0 ? rest : rest.slice(0, queryAt)) || '/';
  const query = queryAt < 0 ? null : rest.slice(queryAt + 1);
  return {base, fragment, host, path, query};
}

function normalizePath(path) {
  const normalized = normalizeComponent(path, PATH_SAFE);
  if (normalized.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new Error(`The path ${path} contains "." or ".." segments; remove them before signing`);
  }
  return normalized;
}

/** The canonical query: every parameter except the reserved ones, normalized and sorted. */
export function canonicalQuery(query) {
  if (!query) return '';
  const pairs = [];
  for (const item of query.split('&')) {
    if (item === '') continue;
    const eq = item.indexOf('=');
    const name = normalizeComponent(eq < 0 ? item : item.slice(0, eq), QUERY_SAFE);
    const value = normalizeComponent(eq < 0 ? '' : item.slice(eq + 1), QUERY_SAFE);
    if (RESERVED.has(name)) throw new Error(`The URL already carries the reserved parameter "${name}"`);
    pairs.push([name, value]);
  }
  pairs.sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

function compare(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

function checkIp(ip) {
  const [address, length, extra] = ip.split('/');
  const version = isIP(address);
  const max = version === 4 ? 32 : 128;
  if (!version || extra !== undefined || (length !== undefined && !/^(0|[1-9][0-9]{0,2})$/.test(length))) {
    throw new Error(`--ip must be an IPv4 or IPv6 address or CIDR range, not ${ip}`);
  }
  if (length !== undefined && Number(length) > max) throw new Error(`The prefix length of ${ip} is too long`);
}

/**
 * Builds the canonical string and the signed URL.
 * @param {{url: string, privateKey: import('node:crypto').KeyObject, kid: string, exp: number,
 *   ip?: string | null, path?: string | null}} options
 */
export function signUrl({url, privateKey, kid, exp, ip = null, path = null}) {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(kid)) throw new Error('--kid must be 1 to 32 of A-Z a-z 0-9 _ -');
  if (!Number.isSafeInteger(exp) || exp < 1 || exp > 9999999999) throw new Error('--exp must be Unix seconds');
  if (ip !== null) checkIp(ip);
  const parts = splitUrl(url);
  const requestPath = normalizePath(parts.path);
  const query = canonicalQuery(parts.query);
  let scopeLine = `path:${requestPath}`;
  if (path !== null) {
    if (!/^\/([A-Za-z0-9\-._~!$'()*,;:@/]|%[0-9A-Fa-f]{2})*$/.test(path)) {
      throw new Error("--path must start with / and use only A-Z a-z 0-9 - . _ ~ ! $ ' ( ) * , ; : @ / and %XX");
    }
    const prefix = normalizePath(path);
    if (!requestPath.startsWith(prefix)) throw new Error(`The URL path is outside the prefix ${path}`);
    scopeLine = `prefix:${prefix}`;
  }
  const canonical = [
    VERSION_LINE,
    `host:${parts.host}`,
    scopeLine,
    `query:${path !== null ? '' : query}`,
    `exp:${exp}`,
    `ip:${ip ?? ''}`,
    `kid:${kid}`,
  ].join('\n');
  const sig = sign(null, Buffer.from(canonical, 'utf8'), privateKey).toString('base64url');
  let params = `exp=${exp}`;
  if (ip !== null) params += `&ip=${ip}`;
  if (path !== null) params += `&path=${path}`;
  params += `&kid=${kid}&sig=${sig}`;
  const separator = !parts.base.includes('?') ? '?' : /[?&]$/.test(parts.base) ? '' : '&';
  const signedUrl = parts.base + separator + params + (parts.fragment === null ? '' : `#${parts.fragment}`);
  return {canonical, sig, signedUrl};
}

/** A private key from a 32-byte seed in hex (the PKCS#8 DER prefix of Ed25519 plus the seed). */
export function keyFromSeedHex(seedHex) {
  if (!/^[0-9a-fA-F]{64}$/.test(seedHex)) throw new Error('--seed-hex must be 64 hexadecimal characters');
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seedHex, 'hex')]);
  return createPrivateKey({key: der, format: 'der', type: 'pkcs8'});
}

function main() {
  const {values, positionals} = parseArgs({
    allowPositionals: true,
    options: {
      key: {type: 'string'},
      'seed-hex': {type: 'string'},
      kid: {type: 'string'},
      exp: {type: 'string'},
      ttl: {type: 'string', default: '3600'},
      ip: {type: 'string'},
      path: {type: 'string'},
      canonical: {type: 'boolean', default: false},
    },
  });
  if (positionals.length !== 1 || !values.kid || (!values.key && !values['seed-hex'])) {
    console.error('usage: node sign.mjs (--key FILE | --seed-hex HEX) --kid KEY_ID [--exp UNIX | --ttl SECONDS]');
    console.error('                     [--ip ADDRESS_OR_CIDR] [--path PREFIX] [--canonical] URL');
    process.exit(2);
  }
  const privateKey = values.key
    ? createPrivateKey(readFileSync(values.key, 'utf8'))
    : keyFromSeedHex(values['seed-hex']);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('The private key is not an Ed25519 key');
  for (const [name, value] of [
    ['--exp', values.exp],
    ['--ttl', values.ttl],
  ]) {
    if (value !== undefined && !/^[1-9][0-9]{0,9}$/.test(value)) throw new Error(`${name} must be a positive integer`);
  }
  const exp = values.exp ? Number(values.exp) : Math.floor(Date.now() / 1000) + Number(values.ttl);
  const result = signUrl({
    url: positionals[0],
    privateKey,
    kid: values.kid,
    exp,
    ip: values.ip ?? null,
    path: values.path ?? null,
  });
  process.stdout.write(`${values.canonical ? result.canonical : result.signedUrl}\n`);
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`error: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
