import {test} from 'node:test';
import assert from 'node:assert/strict';
import validate from '@site/generated/validators/traffic-policy.mjs';
import type {Scope} from './plan';
import {requestBody} from './requestBody';
import {checkQuery, describeSchemaErrors, policyProblems, scopesOverlap} from './validation';
import {EXAMPLE_LOCATION, EXAMPLE_POLICIES} from './examples';

const scope = (lists: Partial<Scope>): Scope => ({continents: [], countries: [], subdivisions: [], asns: [], ...lists});
const policy = (name: string) => EXAMPLE_POLICIES.find((p) => p.name === name)!;

test('a typed query is normalised: trimmed, upper case, the ASN as a number', () => {
  assert.deepEqual(checkQuery({country: ' de ', subdivision: 'de-by', asn: ' 3320 '}), {
    location: EXAMPLE_LOCATION,
    continent: 'EU',
    errors: {},
  });
  assert.deepEqual(checkQuery({country: 'JP', subdivision: '', asn: ''}).location, {
    country: 'JP',
    subdivision: '',
    asn: null,
  });
});

test('each query field that cannot be used gets its own message', () => {
  const {errors, continent} = checkQuery({country: 'XX', subdivision: 'DE-BY', asn: '0'});
  assert.equal(continent, null);
  assert.deepEqual(errors, {
    country: 'Enter an ISO 3166-1 alpha-2 country code, such as DE or JP; "XX" is not one.',
    subdivision: 'Enter an ISO 3166-2 code of XX, such as XX-BY, or leave it empty.',
    asn: 'Enter an autonomous system number from 1 to 4294967295, such as 3320, or leave it empty.',
  });
  assert.match(
    checkQuery({country: '', subdivision: 'BY', asn: ''}).errors.subdivision!,
    /code of the country, such as DE-BY/,
  );
  assert.equal(checkQuery({country: 'DE', subdivision: '', asn: '4294967296'}).errors.asn !== undefined, true);
  assert.equal(checkQuery({country: 'DE', subdivision: '', asn: '33a'}).errors.asn !== undefined, true);
  assert.deepEqual(checkQuery({country: 'DE', subdivision: '', asn: '4294967295'}).errors, {});
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
