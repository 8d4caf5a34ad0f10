// Which documented statuses and problem types the sandbox answers, read from its own code, and the
// ones it does not simulate, with the reason (not-simulated.json, which the Sandbox page lists), and
// coverage.test.mts fails when an operation documents a status or problem type that is neither.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

import {IN_USE_TYPES} from './rules/in-use.mts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Problem types the sandbox does not produce, and why: kept as data in ./not-simulated.json, which
 * the Sandbox page (docs/Getting started/Sandbox.mdx) imports and renders.
 */
export const NOT_SIMULATED: Record<string, string> = JSON.parse(
  readFileSync(path.join(here, 'not-simulated.json'), 'utf8'),
);

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
