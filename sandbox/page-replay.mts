// Replays a page's <ApiRequest> calls in page order against a sandbox and lists what a reader would
// meet that the page does not promise: another status, or an answer whose shape or values differ
// from the page's response example. Values the API generates (ids, timestamps, ETags, secrets) may
// differ; everything else must match. The page-calls test runs every page through this.
import type {OpenApiIndex} from '../plugins/api-request/openapi-index.mts';
import type {PageCall} from './page-calls.mts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** Fields whose values the API makes up: secrets, fingerprints, hostnames it assigns, challenge tokens. */
export const GENERATED_FIELDS = new Set([
  'token',
  'token_prefix',
  'fingerprint',
  'fingerprint_sha256',
  'public_key',
  'private_key',
  'record_value',
  'external_account_id',
  'provider_resource_id',
  'request_id',
  'etag',
  'last_used_ip',
  'external_id',
  // Hostnames the CDNs assign, and what the providers measure.
  'provider_cname',
  'month_to_date_gb',
  'p50_ms',
  'p95_ms',
  'samples',
  'measured_at',
  'failing_locations',
  'last_error',
  'last_checked_at',
  'status_changed_at',
  // Counters that depend on the sandbox's history, not on the call.
  'version',
  'current_version',
  'target_version',
  'active_version',
  'deployed_version',
  'rolled_back_from',
  // Traffic, which a sandbox makes up (./rules/statistics.mts).
  'bytes',
  'hits',
  'cache_hits',
  'cache_hit_ratio',
  'errors',
  'bandwidth_bps',
  'origin_bytes',
  'created_by',
  'invited_by',
  'summary',
]);

/**
 * Two values of which at least one is an object: keys the page shows that the answer lacks, and
 * what `compare` finds under the keys both have.
 */
function objectDifferences(
  page: unknown,
  api: unknown,
  at: string,
  compare: (page: unknown, api: unknown, at: string) => string[],
): string[] {
  if (!isObject(page) || !isObject(api)) return [`${at || '(root)'}: an object on one side only`];
  return Object.keys(page).flatMap((name) =>
    name in api
      ? compare(page[name], api[name], `${at}/${name}`)
      : [`${at}/${name}: the page shows it, the answer lacks it`],
  );
}

/**
 * Where the page's value differs from the API's answer: keys the page shows that the answer lacks,
 * different JSON types, and different values except generated ones. `null` on the page matches a
 * value that only time fills in (a `completed_at` of a purge still running). Arrays are compared item
 * by item when both sides have the same length, otherwise their lengths differ; each object of a
 * list's `results` on the page, when each has an `id`, is compared with the answer's object of the same id.
 */
export function answerDifferences(page: unknown, api: unknown, at = ''): string[] {
  const key = at.split('/').at(-1) ?? '';
  if (page === undefined) return [];
  if (api === undefined) return [`${at || '(root)'}: the page shows it, the answer lacks it`];
  if (Array.isArray(page) || Array.isArray(api)) {
    if (!Array.isArray(page) || !Array.isArray(api)) return [`${at || '(root)'}: an array on one side only`];
    if (at === '/results' && page.every((item) => isObject(item) && typeof item.id === 'string')) {
      // A list page shows some of the objects: each must be in the answer, as the page shows it.
      return page.flatMap((item, index) => {
        const found = api.find((other) => isObject(other) && other.id === (item as {id: string}).id);
        return found
          ? answerDifferences(item, found, `${at}/${index}`)
          : [`${at}/${index}: the page lists ${JSON.stringify((item as {id?: unknown}).id)}, the answer does not`];
      });
    }
    if (page.length === api.length)
      return page.flatMap((item, index) => answerDifferences(item, api[index], `${at}/${index}`));
    return [`${at || '(root)'}: ${page.length} item(s) on the page, ${api.length} in the answer`];
  }
  if (isObject(page) || isObject(api)) return objectDifferences(page, api, at, answerDifferences);
  if (page === api) return [];
  if (GENERATED_FIELDS.has(key) || GENERATED_FIELDS.has(at.split('/').at(-2) ?? '')) return [];
  if (
    typeof page === 'string' &&
    typeof api === 'string' &&
    ((UUID.test(page) && UUID.test(api)) || (DATE_TIME.test(page) && DATE_TIME.test(api)))
  )
    return [];
  if (page === null && typeof api === 'string' && DATE_TIME.test(api)) return [];
  if (api === null && typeof page === 'string' && DATE_TIME.test(page)) return [];
  return [`${at || '(root)'}: ${JSON.stringify(page)} on the page, ${JSON.stringify(api)} in the answer`];
}

export interface Answer {
  status: number;
  body: unknown;
  /** The sandbox answered the documented example (security analytics of traffic it has none of): shapes only. */
  documentedExample?: boolean;
}

/** Keys the page shows that the answer lacks, and values of different JSON types: for documented examples. */
export function shapeDifferences(page: unknown, api: unknown, at = ''): string[] {
  if (page === null || api === null || page === undefined || api === undefined) return [];
  if (Array.isArray(page) || Array.isArray(api)) {
    if (!Array.isArray(page) || !Array.isArray(api)) return [`${at || '(root)'}: an array on one side only`];
    return page.length && api.length ? shapeDifferences(page[0], api[0], `${at}/0`) : [];
  }
  if (isObject(page) || isObject(api)) return objectDifferences(page, api, at, shapeDifferences);
  return typeof page === typeof api
    ? []
    : [`${at || '(root)'}: ${typeof page} on the page, ${typeof api} in the answer`];
}

/** Replays the calls in order with `send`; returns every difference, prefixed with the call's place. */
export async function replayProblems(calls: PageCall[], send: (call: PageCall) => Promise<Answer>): Promise<string[]> {
  const problems: string[] = [];
  for (const call of calls) {
    const expected = call.status ?? 200;
    const answer = await send(call);
    if (answer.status !== expected) {
      problems.push(
        `${call.where}: ${call.operation} answered ${answer.status}, the page shows ${expected}: ${JSON.stringify(answer.body).slice(0, 400)}`,
      );
      continue;
    }
    if (call.response === undefined) continue;
    const differences = answer.documentedExample
      ? shapeDifferences(call.response, answer.body)
      : answerDifferences(call.response, answer.body);
    problems.push(...differences.map((difference) => `${call.where}: ${call.operation} ${difference}`));
  }
  return problems;
}

/** The method, path under the API version, query, headers and body a page's curl command sends. */
export function requestOf(
  index: OpenApiIndex,
  call: PageCall,
): {
  method: string;
  version: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body?: unknown;
} {
  const {method, url, contentType} = index.describe(call);
  const parsed = new URL(url);
  const version = /\/api\/(v\d)\//.exec(parsed.pathname)?.[1] ?? 'v1';
  const path = parsed.pathname.replace(/^.*?\/api\/v\d/, '');
  const headers: Record<string, string> = {Accept: 'application/json'};
  if (method === 'POST') headers['Idempotency-Key'] = crypto.randomUUID();
  if (call.body !== undefined) headers['Content-Type'] = contentType ?? 'application/json';
  return {method, version, path, query: parsed.searchParams, headers, body: call.body};
}
