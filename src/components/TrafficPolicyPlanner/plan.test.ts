import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import validate from '@site/generated/validators/traffic-policy.mjs';
import {
  choosePolicy,
  describeSchemaErrors,
  policyProblems,
  priorityOf,
  providerShares,
  requestBody,
  scopesOverlap,
  toPercentages,
  type Policy,
  type QueryLocation,
  type Scope,
  type ServiceProvider,
} from './plan';
import {CLOUDFRONT_ID, EXAMPLE_LOCATION, EXAMPLE_POLICIES, EXAMPLE_SERVICE_PROVIDERS, FASTLY_ID} from './examples';

const scope = (lists: Partial<Scope>): Scope => ({continents: [], countries: [], subdivisions: [], asns: [], ...lists});
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

test('the rules the API checks beyond the schema are reported', () => {
  assert.deepEqual(policyProblems(EXAMPLE_POLICIES, 0), []);
  assert.deepEqual(policyProblems(EXAMPLE_POLICIES, 4), []);
  const ninety = EXAMPLE_POLICIES.map((p, i) =>
    i === 4 ? {...p, providers: p.providers.map((e, j) => (j === 0 ? {...e, weight: '50'} : e))} : p,
  );
  assert.deepEqual(policyProblems(ninety, 4), [
    'The weights of the eligible providers add up to 90; they must add up to 100.',
  ]);
  const empty = EXAMPLE_POLICIES.map((p, i) => (i === 2 ? {...p, scope: scope({})} : p));
  assert.match(policyProblems(empty, 2).join(' '), /Only the default policy covers the whole world/);
  const dach = [
    ...EXAMPLE_POLICIES,
    {...policy('Germany'), name: 'DACH', scope: scope({countries: ['AT', 'CH', 'DE']})},
  ];
  assert.match(policyProblems(dach, 5).join(' '), /same queries as "Germany".*409/);
});

test('scopes overlap only when one query could match both', () => {
  assert.equal(scopesOverlap(scope({countries: ['DE']}), scope({countries: ['DE', 'AT']})), true);
  assert.equal(scopesOverlap(scope({countries: ['DE']}), scope({countries: ['FR']})), false);
  assert.equal(scopesOverlap(scope({countries: ['DE']}), scope({continents: ['EU'], countries: ['FR']})), false);
  assert.equal(scopesOverlap(scope({countries: ['DE']}), scope({continents: ['AS'], countries: ['DE']})), false);
  assert.equal(scopesOverlap(scope({asns: ['3320']}), scope({countries: ['DE'], asns: ['3320']})), true);
  assert.equal(
    scopesOverlap(scope({countries: ['DE'], asns: ['3320']}), scope({countries: ['AT'], asns: ['3320']})),
    false,
  );
  assert.equal(
    scopesOverlap(scope({subdivisions: ['DE-BY']}), scope({countries: ['DE'], subdivisions: ['DE-BY', 'DE-BE']})),
    true,
  );
});

test('every example policy gives a request body that the generated validator accepts', () => {
  for (const p of EXAMPLE_POLICIES) {
    const body = requestBody(p);
    assert.equal(validate(body), true, `${p.name}: ${describeSchemaErrors(validate.errors).join(' ')}`);
  }
});

test('the validator refuses an invalid body, with readable messages', () => {
  const body: Record<string, unknown> = {
    ...requestBody(policy('Telekom DE')),
    id: '4d1f8b3a-9e6c-4b7d-a2f5-8c3e1b9d7a46',
    kind: 'fixed',
  };
  (body.scope as Record<string, unknown>).countries = ['de'];
  (body.providers as Record<string, unknown>[])[0].weight = 120;
  assert.equal(validate(body), false);
  assert.deepEqual(describeSchemaErrors(validate.errors).sort(), [
    'The body: "id" is not a field of this request.',
    'kind: must be one of static, dynamic, cost_based.',
    'providers[0].weight: must be at most 100.',
    'scope.countries[0]: does not have the expected form (^[A-Z]{2}$).',
  ]);
  assert.equal(validate({name: 'x', kind: 'static', scope: {}}), false);
  assert.deepEqual(describeSchemaErrors(validate.errors), ['The body: "providers" is required.']);
});

/** The body props of every <ApiRequest> of a traffic-policy create or update in the guides. */
function guideBodies(): {file: string; body: Record<string, unknown>}[] {
  const dir = new URL('../../../docs/Guides/Traffic Management/', import.meta.url);
  const found: {file: string; body: Record<string, unknown>}[] = [];
  for (const file of ['Creating a Traffic Policy.mdx', 'Configuring the Default Traffic Policy.mdx']) {
    const text = readFileSync(new URL(file, dir), 'utf8');
    for (const match of text.matchAll(
      /<ApiRequest\s+operation="services_traffic_policies_(?:create|update)"[\s\S]*?\n\s*body=\{(\{[\s\S]*?\})\}\n\s*status=/g,
    )) {
      // The props are plain object literals (the build enforces it); JSON5-like → JSON.
      const json = match[1]
        .replace(/'/g, '"')
        .replace(/([{,]\s*)([A-Za-z_][A-Za-z0-9_]*):/g, '$1"$2":')
        .replace(/,(\s*[}\]])/g, '$1');
      found.push({file, body: JSON.parse(json)});
    }
  }
  return found;
}

interface FullBody {
  name: string;
  kind: Policy['kind'];
  scope: {continents: string[]; countries: string[]; subdivisions: string[]; asns: number[]};
  providers: {service_provider_id: string; eligible: boolean; weight: number; penalty_ms: number}[];
  performance_check_ids: string[];
  failover: {enabled: boolean; health_check_ids: string[]};
}

/** A body as the API reads it: the schema's defaults filled in. */
function withDefaults(body: Record<string, unknown>): FullBody {
  const scope = (body.scope ?? {}) as Partial<FullBody['scope']>;
  return {
    ...(body as Pick<FullBody, 'name' | 'kind'>),
    scope: {continents: [], countries: [], subdivisions: [], asns: [], ...scope},
    providers: (body.providers as Partial<FullBody['providers'][number]>[]).map((p) => ({
      service_provider_id: '',
      eligible: true,
      weight: 0,
      penalty_ms: 0,
      ...p,
    })),
    performance_check_ids: (body.performance_check_ids as string[] | undefined) ?? [],
    failover: {enabled: true, health_check_ids: [], ...(body.failover as Partial<FullBody['failover']>)},
  };
}

test('the planner writes the same requests as the API examples of the Traffic Management guides', () => {
  const bodies = guideBodies();
  assert.ok(bodies.length >= 4, `found ${bodies.length} traffic-policy request bodies`);
  for (const {file, body} of bodies) {
    const b = withDefaults(body);
    const isDefault =
      b.scope.continents.length + b.scope.countries.length + b.scope.subdivisions.length + b.scope.asns.length === 0;
    const planned: Policy = {
      name: b.name,
      kind: b.kind,
      isDefault,
      scope: {...b.scope, continents: b.scope.continents as Scope['continents'], asns: b.scope.asns.map(String)},
      providers: b.providers.map((p) => ({
        serviceProviderId: p.service_provider_id,
        eligible: p.eligible,
        weight: String(p.weight),
        penaltyMs: String(p.penalty_ms),
      })),
      performanceCheckIds: b.performance_check_ids,
      failover: {enabled: b.failover.enabled, healthCheckIds: b.failover.health_check_ids},
    };
    const output = requestBody(planned);
    assert.equal(validate(output), true, `${file} ${b.name}: ${describeSchemaErrors(validate.errors).join(' ')}`);
    assert.deepEqual(withDefaults(output), b, `${file}: ${b.name}`);
  }
});
