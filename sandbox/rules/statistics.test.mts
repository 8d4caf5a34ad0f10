// Traffic statistics (./statistics.mts): the shape follows the query, the period rules hold.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {problemSlug, SERVICE_ID, sandboxForFile} from '../test-support.mts';

const sandbox = sandboxForFile();
const token = sandbox.mint('example-world');
const overtime = (query: string) => sandbox.send(token, 'GET', `/stats/traffic-overtime/?${query}`, {version: 'v2'});

interface Series {
  group: string | null;
  points: Record<string, unknown>[];
}

test('one series per managed CDN, one point per interval, only the metrics asked for, largest first', () => {
  const answer = overtime(
    `service_id=${SERVICE_ID}&from=2026-03-17T00:10:00Z&to=2026-03-17T02:30:00Z&granularity=hour&metrics=hits,errors&group_by=provider`,
  );
  assert.equal(answer.status, 200);
  assert.equal(answer.json.from, '2026-03-17T00:00:00Z');
  assert.equal(answer.json.to, '2026-03-17T03:00:00Z');
  const series = answer.json.series as Series[];
  const attached = sandbox.send(token, 'GET', `/services/${SERVICE_ID}/providers/`).json.results as {
    provider_type: string;
  }[];
  const managed = [...new Set(attached.map((provider) => provider.provider_type))].filter(
    (type) => type !== 'unmanaged',
  );
  assert.ok(attached.some((provider) => provider.provider_type === 'unmanaged'));
  assert.deepEqual(
    series.map((entry) => entry.group),
    managed,
  );
  for (const entry of series) {
    assert.deepEqual(
      entry.points.map((point) => point.timestamp),
      ['2026-03-17T00:00:00Z', '2026-03-17T01:00:00Z', '2026-03-17T02:00:00Z'],
    );
    for (const point of entry.points) assert.deepEqual(Object.keys(point), ['timestamp', 'hits', 'errors']);
  }
  const total = (entry: Series) => entry.points.reduce((sum, point) => sum + Number(point.hits), 0);
  for (let index = 1; index < series.length; index++) assert.ok(total(series[index - 1]) > total(series[index]));
  assert.equal(overtime('granularity=hour').status, 400, 'a query without from and to');
});

test('the same query answers the same numbers', () => {
  const query = `from=2026-03-14T00:00:00Z&to=2026-03-17T00:00:00Z&granularity=day&metrics=hits`;
  assert.deepEqual(overtime(query).json, overtime(query).json);
  const series = overtime(query).json.series as Series[];
  assert.deepEqual(
    series.map((entry) => entry.group),
    [null],
  );
});

test('status classes split errors from the rest', () => {
  const answer = overtime(
    `service_id=${SERVICE_ID}&from=2026-03-17T00:00:00Z&to=2026-03-17T01:00:00Z&metrics=hits,errors&group_by=status_class`,
  );
  const byGroup = Object.fromEntries((answer.json.series as Series[]).map((entry) => [entry.group, entry.points[0]]));
  assert.deepEqual(Object.keys(byGroup), ['2xx', '3xx', '4xx', '5xx']);
  assert.equal(byGroup['2xx'].errors, 0);
  assert.equal(byGroup['5xx'].errors, byGroup['5xx'].hits);
});

test('the period rules, group_by=service_provider without a service, and an unknown service', () => {
  const cases: [string, number, string][] = [
    ['from=2026-03-17T00:00:00Z&to=2026-03-19T00:00:00Z&granularity=minute', 422, 'validation-failed'],
    ['from=2026-03-17T00:00:00Z&to=2026-03-17T00:00:00Z', 422, 'validation-failed'],
    ['from=2027-03-17T00:00:00Z&to=2027-03-18T00:00:00Z', 422, 'validation-failed'],
    ['from=2026-03-17T00:00:00Z&to=2026-03-18T00:00:00Z&group_by=service_provider', 422, 'validation-failed'],
    ['from=2026-03-17T00:00:00Z&to=2026-03-18T00:00:00Z&metrics=hits,visits', 400, 'bad-request'],
    ['from=yesterday&to=2026-03-18T00:00:00Z', 400, 'bad-request'],
    [
      'service_id=00000000-0000-4000-8000-000000000000&from=2026-03-17T00:00:00Z&to=2026-03-18T00:00:00Z',
      404,
      'not-found',
    ],
  ];
  for (const [query, status, slug] of cases) {
    const answer = overtime(query);
    assert.equal(answer.status, status, query);
    assert.equal(problemSlug(answer.json), slug, query);
  }
});
