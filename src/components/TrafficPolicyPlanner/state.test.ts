import {test} from 'node:test';
import assert from 'node:assert/strict';
import {CLOUDFRONT_ID, EXAMPLE_POLICIES, FASTLY_ID} from './examples';
import {initialState, reducer, toDraft, toPolicy, toServiceProvider, type Action, type PlannerState} from './state';

const run = (...actions: Action[]): PlannerState => actions.reduce(reducer, initialState);
const edited = (state: PlannerState) => toPolicy(state.drafts[state.editing]);
const names = (state: PlannerState) => state.drafts.map((draft) => draft.policy.name);
const snapshot = (state: PlannerState) => ({
  policies: state.drafts.map(toPolicy),
  editing: state.editing,
  query: state.query,
});

test('the planner starts on the worked example, editing its first policy', () => {
  assert.deepEqual(snapshot(initialState), {
    policies: EXAMPLE_POLICIES,
    editing: 0,
    query: {country: 'DE', subdivision: 'DE-BY', asn: '3320'},
  });
  assert.deepEqual(initialState.providers.map(toServiceProvider), [
    {id: CLOUDFRONT_ID, name: 'Amazon CloudFront', down: false, ttfbMs: 48, commitmentLeftGb: 31657},
    {id: FASTLY_ID, name: 'Fastly', down: false, ttfbMs: 40, commitmentLeftGb: 13880},
  ]);
});

test('typed lists keep the text and split into entries', () => {
  const s = run({type: 'editPolicyList', field: 'countries', text: 'DE, AT, '});
  assert.equal(s.drafts[0].countries, 'DE, AT, ');
  assert.deepEqual(edited(s).scope.countries, ['DE', 'AT']);
  assert.deepEqual(s.drafts.slice(1), initialState.drafts.slice(1), 'only the edited policy changes');
});

test('a default policy keeps its empty scope whatever its lists say', () => {
  const s = run({type: 'selectPolicy', index: 4}, {type: 'editPolicyList', field: 'countries', text: 'DE'});
  assert.deepEqual(edited(s).scope, {continents: [], countries: [], subdivisions: [], asns: []});
});

test('continents stay in the order of the checkboxes', () => {
  const s = run(
    {type: 'toggleContinent', continent: 'SA', included: true},
    {type: 'toggleContinent', continent: 'AF', included: true},
    {type: 'toggleContinent', continent: 'EU', included: true},
  );
  assert.deepEqual(edited(s).scope.continents, ['AF', 'EU', 'SA']);
  const removed = reducer(s, {type: 'toggleContinent', continent: 'EU', included: false});
  assert.deepEqual(edited(removed).scope.continents, ['AF', 'SA']);
});

test('a new policy goes before the default policy and opens in the editor', () => {
  const s = run({type: 'addPolicy'});
  assert.deepEqual(names(s), ['Telekom DE', 'Bavaria', 'Germany', 'Europe', 'Policy 6', 'Default']);
  assert.equal(s.editing, 4);
  assert.deepEqual(edited(s).providers, [
    {serviceProviderId: CLOUDFRONT_ID, eligible: true, weight: '100', penaltyMs: '0'},
    {serviceProviderId: FASTLY_ID, eligible: true, weight: '0', penaltyMs: '0'},
  ]);
});

test('removing a policy returns the editor to the first one', () => {
  const s = run({type: 'selectPolicy', index: 2}, {type: 'removePolicy'});
  assert.deepEqual(names(s), ['Telekom DE', 'Bavaria', 'Europe', 'Default']);
  assert.equal(s.editing, 0);
});

test('providers join and leave a policy, and their entries change in place', () => {
  const left = run({type: 'listProvider', providerId: CLOUDFRONT_ID, listed: false});
  assert.deepEqual(
    edited(left).providers.map((entry) => entry.serviceProviderId),
    [FASTLY_ID],
  );
  const back = reducer(left, {type: 'listProvider', providerId: CLOUDFRONT_ID, listed: true});
  assert.deepEqual(edited(back).providers[1], {
    serviceProviderId: CLOUDFRONT_ID,
    eligible: true,
    weight: '0',
    penaltyMs: '0',
  });
  const weighted = reducer(back, {type: 'editPolicyProvider', providerId: FASTLY_ID, change: {weight: '90'}});
  assert.equal(edited(weighted).providers[0].weight, '90');
});

test('renaming a provider ID follows into every policy; other provider edits do not', () => {
  const s = run({type: 'editProvider', index: 1, change: {id: 'fastly'}});
  assert.equal(s.providers[1].id, 'fastly');
  for (const draft of s.drafts) {
    assert.ok(
      draft.policy.providers.some((entry) => entry.serviceProviderId === 'fastly'),
      draft.policy.name,
    );
    assert.ok(!draft.policy.providers.some((entry) => entry.serviceProviderId === FASTLY_ID), draft.policy.name);
  }
  const down = run({type: 'editProvider', index: 1, change: {down: true, ttfbMs: '12'}});
  assert.equal(down.drafts, initialState.drafts);
  assert.deepEqual(toServiceProvider(down.providers[1]), {
    id: FASTLY_ID,
    name: 'Fastly',
    down: true,
    ttfbMs: 12,
    commitmentLeftGb: 13880,
  });
});

test('name, kind, failover and the query change only what they name', () => {
  const s = run(
    {type: 'editPolicy', change: {name: 'Telekom', kind: 'dynamic'}},
    {type: 'toggleFailover', enabled: false},
    {type: 'editQuery', change: {asn: '6805'}},
  );
  assert.deepEqual(
    {name: edited(s).name, kind: edited(s).kind, failover: edited(s).failover},
    {
      name: 'Telekom',
      kind: 'dynamic',
      failover: {enabled: false, healthCheckIds: EXAMPLE_POLICIES[0].failover.healthCheckIds},
    },
  );
  assert.deepEqual(s.query, {country: 'DE', subdivision: 'DE-BY', asn: '6805'});
});

test('a draft of a policy gives the policy back', () => {
  for (const policy of EXAMPLE_POLICIES) assert.deepEqual(toPolicy(toDraft(policy)), policy);
});
