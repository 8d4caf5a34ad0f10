// Traffic policies (./policies.mts), through the sandbox in-process: weights, overlaps and the
// default policy.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {problemSlug, sandboxForFile, serviceWithProvider} from '../test-support.mts';

const sandbox = sandboxForFile();
const {send} = sandbox;

test('traffic policy weights of the eligible providers must add up to 100', () => {
  const {token, service, provider} = serviceWithProvider(sandbox);
  const body = (weight: number) => ({
    name: 'DE',
    kind: 'static',
    scope: {countries: ['DE']},
    providers: [{service_provider_id: provider.id, weight}],
  });
  const ninety = send(token, 'POST', `/services/${service.id}/traffic-policies/`, {body: body(90)});
  assert.equal(ninety.status, 422);
  assert.equal(
    ninety.json.errors[0].message,
    'The weights of the eligible providers add up to 90; they must add up to 100.',
  );
  const hundred = send(token, 'POST', `/services/${service.id}/traffic-policies/`, {body: body(100)});
  assert.equal(hundred.status, 201);
  assert.equal(hundred.json.priority, 2);
  const overlap = send(token, 'POST', `/services/${service.id}/traffic-policies/`, {
    body: {...body(100), name: 'DE again'},
  });
  assert.equal(problemSlug(overlap.json), 'overlapping-traffic-policy');
  const defaultPolicy = send(token, 'GET', `/services/${service.id}/traffic-policies/`).json.results.find(
    (policy: {is_default: boolean}) => policy.is_default,
  );
  assert.deepEqual(defaultPolicy.providers, [
    {service_provider_id: provider.id, eligible: false, weight: 0, penalty_ms: 0},
  ]);
  assert.equal(
    problemSlug(send(token, 'DELETE', `/services/${service.id}/traffic-policies/${defaultPolicy.id}/`).json),
    'default-traffic-policy',
  );
});
