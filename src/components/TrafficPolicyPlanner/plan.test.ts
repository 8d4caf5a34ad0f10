import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  choosePolicy,
  priorityOf,
  providerShares,
  toPercentages,
  type Policy,
  type QueryLocation,
  type ServiceProvider,
} from './plan';
import {CLOUDFRONT_ID, EXAMPLE_LOCATION, EXAMPLE_POLICIES, EXAMPLE_SERVICE_PROVIDERS, FASTLY_ID} from './examples';

const where = (country: string, subdivision = '', asn: number | null = null): QueryLocation => ({
  country,
  subdivision,
  asn,
});
const winnerName = (location: QueryLocation, policies = EXAMPLE_POLICIES) => {
  const {winner} = choosePolicy(policies, location);
  return winner === null ? null : policies[winner].name;
};
const percents = (policy: Policy, providers: ServiceProvider[] = EXAMPLE_SERVICE_PROVIDERS) =>
  Object.fromEntries(providerShares(policy, providers).shares.map((share) => [share.name, share.percent]));
const policy = (name: string) => EXAMPLE_POLICIES.find((p) => p.name === name)!;

test('priority comes from the most specific non-empty list of the scope', () => {
  assert.deepEqual(
    EXAMPLE_POLICIES.map((p) => priorityOf(p.scope)),
    [4, 3, 2, 1, 0],
  );
});

test('the most specific matching scope wins (the example of the Traffic Policies page)', () => {
  assert.equal(winnerName(EXAMPLE_LOCATION), 'Telekom DE'); // Deutsche Telekom user in Munich
  assert.equal(winnerName(where('DE', 'DE-BY', 6805)), 'Bavaria'); // another network in Munich
  assert.equal(winnerName(where('DE', 'DE-BE', 3320)), 'Telekom DE'); // Telekom in Berlin
  assert.equal(winnerName(where('DE', 'DE-BE')), 'Germany'); // Berlin
  assert.equal(winnerName(where('FR', 'FR-75')), 'Europe'); // Paris
  assert.equal(winnerName(where('JP', 'JP-13')), 'Default'); // Tokyo
});

test('non-empty scope lists combine: an ASN policy for one country does not match the ASN elsewhere', () => {
  assert.equal(winnerName(where('AT', '', 3320)), 'Europe');
  const {evaluations} = choosePolicy(EXAMPLE_POLICIES, where('AT', '', 3320));
  assert.equal(evaluations[0].matches, false);
  assert.deepEqual(evaluations[0].reasons, ['Country AT is not in DE.', 'ASN 3320 is in 3320.']);
});

test('static shares follow the weights; a weight-0 provider is a backup', () => {
  assert.deepEqual(percents(policy('Default')), {'Amazon CloudFront': 60, Fastly: 40});
  assert.deepEqual(percents(policy('Telekom DE')), {Fastly: 100, 'Amazon CloudFront': 0});
  const fastlyDown = EXAMPLE_SERVICE_PROVIDERS.map((p) => (p.id === FASTLY_ID ? {...p, down: true} : p));
  assert.deepEqual(percents(policy('Telekom DE'), fastlyDown), {Fastly: 0, 'Amazon CloudFront': 100});
  assert.deepEqual(percents(policy('Default'), fastlyDown), {'Amazon CloudFront': 100, Fastly: 0});
});

test('failover off keeps a down provider; every provider down keeps all eligible ones', () => {
  const fastlyDown = EXAMPLE_SERVICE_PROVIDERS.map((p) => (p.id === FASTLY_ID ? {...p, down: true} : p));
  const noFailover = {...policy('Default'), failover: {enabled: false, healthCheckIds: []}};
  assert.deepEqual(percents(noFailover, fastlyDown), {'Amazon CloudFront': 60, Fastly: 40});
  const allDown = EXAMPLE_SERVICE_PROVIDERS.map((p) => ({...p, down: true}));
  const result = providerShares(policy('Default'), allDown);
  assert.deepEqual(
    result.shares.map((s) => s.percent),
    [60, 40],
  );
  assert.match(result.explanation, /keeps answering with all of them/);
});

test('a provider that is not eligible gets nothing', () => {
  const p = {
    ...policy('Default'),
    providers: policy('Default').providers.map((e) =>
      e.serviceProviderId === FASTLY_ID ? {...e, eligible: false} : e,
    ),
  };
  assert.deepEqual(percents(p), {'Amazon CloudFront': 100, Fastly: 0});
});

test('dynamic: lowest time to first byte plus penalty takes every query', () => {
  // CloudFront 48 ms; Fastly 40 ms + 15 ms penalty = 55 ms.
  assert.deepEqual(percents(policy('Europe')), {'Amazon CloudFront': 100, Fastly: 0});
  const faster = EXAMPLE_SERVICE_PROVIDERS.map((p) => (p.id === FASTLY_ID ? {...p, ttfbMs: 30} : p));
  assert.deepEqual(percents(policy('Europe'), faster), {'Amazon CloudFront': 0, Fastly: 100});
  const tie = EXAMPLE_SERVICE_PROVIDERS.map((p) => (p.id === FASTLY_ID ? {...p, ttfbMs: 33} : p));
  assert.deepEqual(percents(policy('Europe'), tie), {'Amazon CloudFront': 50, Fastly: 50});
});

test('cost based: in proportion to the GB left, then by weight once every commitment is filled', () => {
  // The page's example: 31,657 GB and 13,880 GB left give about 70% and 30%.
  assert.deepEqual(percents(policy('Bavaria')), {'Amazon CloudFront': 70, Fastly: 30});
  const filled = EXAMPLE_SERVICE_PROVIDERS.map((p) => ({...p, commitmentLeftGb: 0}));
  assert.deepEqual(percents(policy('Bavaria'), filled), {'Amazon CloudFront': 50, Fastly: 50});
  const oneFilled = EXAMPLE_SERVICE_PROVIDERS.map((p) => (p.id === CLOUDFRONT_ID ? {...p, commitmentLeftGb: null} : p));
  assert.deepEqual(percents(policy('Bavaria'), oneFilled), {'Amazon CloudFront': 0, Fastly: 100});
});

test('percentages always add up to 100', () => {
  for (const amounts of [
    [1, 1, 1],
    [31657, 13880],
    [2, 2, 2, 1],
    [0, 5],
    [1, 1, 1, 1, 1, 1, 1],
  ]) {
    assert.equal(
      toPercentages(amounts).reduce((a, b) => a + b, 0),
      100,
      String(amounts),
    );
  }
  assert.deepEqual(toPercentages([1, 1, 1]), [34, 33, 33]);
});
