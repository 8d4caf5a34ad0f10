// Which documented statuses and problem types the sandbox answers, read from its own code, and the
// ones it does not simulate, with the reason: the Sandbox page lists the latter, and
// coverage.test.mts fails when an operation documents a status or problem type that is neither.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

import {IN_USE_TYPES} from './rules/in-use.mts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Problem types the sandbox does not produce, and why. */
export const NOT_SIMULATED: Record<string, string> = {
  'idempotency-key-in-use':
    'The sandbox answers the requests of one sandbox one at a time, so a request is never still running when its retry arrives.',
  'provider-unavailable': 'The sandbox never calls a CDN, so no CDN is ever unavailable.',
  'provider-refused': 'The sandbox never calls a CDN, so no CDN refuses a change.',
  'insufficient-provider-permissions': 'The sandbox does not check credentials against the CDN: every well-formed credential is accepted.',
  'provider-configuration-exists': 'A sandbox CDN account holds no configuration made outside Tributary.',
  conflict: 'The sandbox answers each conflict with its own type (duplicate-name, an …-in-use type, and so on), never with the generic one.',
};

/** Problem types that nginx answers in front of the sandbox (nginx/nginx.conf). */
export const ANSWERED_BY_NGINX = ['rate-limited', 'payload-too-large', 'service-unavailable'];

/** Every problem type the sandbox's code can answer (`new Problem('<type>'` in sandbox/). */
export function producedProblemTypes(): Set<string> {
  const produced = new Set([...ANSWERED_BY_NGINX, ...Object.values(IN_USE_TYPES), 'resource-in-use']);
  const files = readdirSync(here, {recursive: true, withFileTypes: true}).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.mts') && !entry.name.endsWith('.test.mts'),
  );
  for (const entry of files) {
    const source = readFileSync(path.join(entry.parentPath ?? entry.path, entry.name), 'utf8');
    for (const match of source.matchAll(/new Problem\(\s*'([a-z-]+)'/g)) produced.add(match[1]);
  }
  return produced;
}
