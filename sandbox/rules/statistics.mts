// Traffic statistics (Retrieve traffic over time). A sandbox serves no traffic, so its numbers are
// made up, the same for the same sandbox and query; everything else follows production: the period
// rounded to the granularity and its limits, one point per interval, only the metrics asked for, one
// series per group of `group_by` (the CDNs of the managed providers: unmanaged ones have no
// statistics), largest total hits first.
import {createHash} from 'node:crypto';
import {Problem} from '../problems.mts';
import type {SandboxResponse} from '../engine.mts';
import type {Context, RuleSet} from './index.mts';

type Json = Record<string, unknown>;

const INTERVAL_MS: Record<string, number> = {minute: 60_000, hour: 3_600_000, day: 86_400_000};
/** The longest period each granularity allows, as the operation's description states it. */
const MAX_SPAN: Record<string, {ms: number; words: string}> = {
  minute: {ms: 86_400_000, words: '24 hours'},
  hour: {ms: 31 * 86_400_000, words: '31 days'},
  day: {ms: 400 * 86_400_000, words: '400 days'},
};
const METRICS = ['bytes', 'hits', 'cache_hits', 'cache_hit_ratio', 'errors', 'bandwidth_bps', 'origin_bytes'];
/** The groups of each fixed dimension with their share of the traffic, largest first. */
const FIXED_GROUPS: Record<string, Record<string, number>> = {
  status_class: {'2xx': 0.82, '3xx': 0.1, '4xx': 0.06, '5xx': 0.02},
  http_version: {'HTTP/2': 0.55, 'HTTP/3': 0.3, 'HTTP/1.1': 0.15},
  method: {GET: 0.9, HEAD: 0.05, POST: 0.04, OPTIONS: 0.007, PUT: 0.003},
  country: {US: 0.35, DE: 0.15, FR: 0.12, GB: 0.1, JP: 0.08, XX: 0.02},
};

const invalid = (field: string, message: string) =>
  new Problem('validation-failed', 'One or more parameters are invalid.', {errors: [{field, message}]});

function parseTime(context: Context, name: string): number {
  const text = context.request.query.get(name);
  const time = text ? Date.parse(text) : Number.NaN;
  if (!text || !/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(time))
    throw new Problem(
      'bad-request',
      `The query parameter ${name} is required, in RFC 3339 format (2026-03-17T00:00:00Z).`,
    );
  return time;
}

function requestedMetrics(context: Context): string[] {
  const text = context.request.query.get('metrics');
  const metrics = text ? text.split(',').map((metric) => metric.trim()) : ['bytes', 'hits'];
  const unknown = metrics.find((metric) => !METRICS.includes(metric));
  if (unknown !== undefined || new Set(metrics).size !== metrics.length || metrics.length > METRICS.length)
    throw new Problem(
      'bad-request',
      `The query parameter metrics takes up to 7 different names, comma-separated, from ${METRICS.join(', ')}.`,
    );
  return metrics;
}

/** The managed providers whose traffic the query covers: of one service, or of every service. */
function managedProviders(context: Context, serviceId: string | null): Json[] {
  const services = serviceId
    ? [serviceId]
    : context.store
        .list(context.sandboxId, '/services/')
        .map((service) => service.id)
        .filter((id) => !context.token.serviceIds.length || context.token.serviceIds.includes(id));
  return services
    .flatMap((id) => context.store.list(context.sandboxId, `/services/${id}/providers/`))
    .map((provider) => provider.body)
    .filter((provider) => provider.provider_type !== 'unmanaged');
}

/** The groups of the query with their share of the traffic: providers in the order they were attached, each with less. */
function groupsOf(context: Context, groupBy: string | null, serviceId: string | null): [string | null, number][] {
  if (groupBy === null) return [[null, 1]];
  const decreasing = (names: string[]): [string, number][] => names.map((name, index) => [name, 0.6 ** index]);
  if (groupBy === 'provider')
    return decreasing([
      ...new Set(managedProviders(context, serviceId).map((provider) => String(provider.provider_type))),
    ]);
  if (groupBy === 'service_provider') {
    if (!serviceId) throw invalid('group_by', 'group_by=service_provider needs service_id.');
    return decreasing(managedProviders(context, serviceId).map((provider) => String(provider.id)));
  }
  return Object.entries(FIXED_GROUPS[groupBy]);
}

/** A number from 0 to 1 that depends only on its seed. */
function unit(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) / 0x1_0000_0000;
}

/** Every metric of one interval of a group with `share` of the traffic; `errors` for a status class. */
function interval(seed: string, intervalMs: number, share: number, group: string | null): Json {
  const hits = Math.round((intervalMs / 1000) * 60 * share * (0.9 + 0.2 * unit(`${seed}:hits`)));
  const ratio = hits ? Math.round((0.85 + 0.14 * unit(`${seed}:ratio`)) * 1000) / 1000 : null;
  const bytes = hits * Math.round(40_000 + 160_000 * unit(`${seed}:size`));
  const errors = /^[23]xx$/.test(group ?? '')
    ? 0
    : /^[45]xx$/.test(group ?? '')
      ? hits
      : Math.round(hits * 0.02 * unit(`${seed}:errors`));
  return {
    bytes,
    hits,
    cache_hits: Math.round(hits * (ratio ?? 0)),
    cache_hit_ratio: ratio,
    errors,
    bandwidth_bps: Math.round((bytes * 8) / (intervalMs / 1000)),
    origin_bytes: Math.round(bytes * (1 - (ratio ?? 0))),
  };
}

const iso = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');

function trafficOvertime(context: Context): SandboxResponse {
  const query = context.request.query;
  const granularity = query.get('granularity') ?? 'hour';
  const intervalMs = INTERVAL_MS[granularity];
  if (!intervalMs) throw new Problem('bad-request', 'The query parameter granularity is minute, hour or day.');
  const groupBy = query.get('group_by');
  if (groupBy !== null && !['provider', 'service_provider', ...Object.keys(FIXED_GROUPS)].includes(groupBy))
    throw new Problem(
      'bad-request',
      'The query parameter group_by is provider, service_provider, status_class, http_version, method or country.',
    );
  const metrics = requestedMetrics(context);
  const from = Math.floor(parseTime(context, 'from') / intervalMs) * intervalMs;
  const to = Math.ceil(parseTime(context, 'to') / intervalMs) * intervalMs;
  if (to <= from) throw invalid('to', 'Must be after from.');
  if (from > context.now) throw invalid('from', 'The period starts in the future.');
  const limit = MAX_SPAN[granularity];
  if (to - from > limit.ms)
    throw invalid('to', `At ${granularity} granularity the period may span at most ${limit.words}.`);
  const serviceId = query.get('service_id');
  if (serviceId && !context.store.get(context.sandboxId, '/services/', serviceId))
    throw new Problem(
      'not-found',
      `No service with id ${serviceId} exists in this account, or the token is restricted to other services.`,
    );
  const series = groupsOf(context, groupBy, serviceId).map(([group, share]) => {
    const points: Json[] = [];
    let hits = 0;
    for (let timestamp = from; timestamp < to; timestamp += intervalMs) {
      const values = interval(`${context.sandboxId}:${serviceId}:${group}:${timestamp}`, intervalMs, share, group);
      hits += Number(values.hits);
      points.push({
        timestamp: iso(timestamp),
        ...Object.fromEntries(metrics.map((metric) => [metric, values[metric]])),
      });
    }
    return {group, points, hits};
  });
  series.sort((a, b) => b.hits - a.hits);
  return {
    status: 200,
    headers: {},
    body: {
      from: iso(from),
      to: iso(to),
      granularity,
      metrics,
      group_by: groupBy,
      series: series.map(({group, points}) => ({group, points})),
    },
  };
}

export const statisticsRules: RuleSet = {
  actions: {traffic_overtime: trafficOvertime},
};
