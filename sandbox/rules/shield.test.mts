// Origin Shield locations (./shield.mts): listed per provider with a shield tier while the shield is on.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {SERVICE_ID, sandboxForFile, serviceWithProvider} from '../test-support.mts';

const sandbox = sandboxForFile();
const {send} = sandbox;

test('an origin with its shield on lists the location each provider chose; off, none', () => {
  const token = sandbox.mint('example-world');
  const origin = '3b9e7c14-52d8-4f6a-9e21-7c0d4a8b6f35';
  const on = send(token, 'PATCH', `/services/${SERVICE_ID}/origins/${origin}/`, {
    body: {shield: {enabled: true, location: 'DE'}},
  });
  assert.equal(on.status, 200);
  const locations = (on.json.shield as {provider_locations: {provider_type: string; location: string}[]})
    .provider_locations;
  const byType = Object.fromEntries(locations.map((entry) => [entry.provider_type, entry.location]));
  assert.equal(byType.cloudfront, 'eu-central-1');
  assert.equal(byType.fastly, 'frankfurt-de');
  assert.ok(!('unmanaged' in byType), 'unmanaged providers are not listed');
  const off = send(token, 'PATCH', `/services/${SERVICE_ID}/origins/${origin}/`, {body: {shield: {enabled: false}}});
  assert.deepEqual((off.json.shield as {provider_locations: unknown[]}).provider_locations, []);
});

test('Cloudflare lists its own tier, wherever the origin is', () => {
  const {token, service} = serviceWithProvider(sandbox);
  const created = send(token, 'POST', `/services/${service.id}/origins/`, {
    body: {name: 'web', host: 'origin.example.com', shield: {enabled: true, location: 'JP'}},
  });
  assert.equal(created.status, 201);
  assert.deepEqual(
    (created.json.shield as {provider_locations: {location: string}[]}).provider_locations.map(
      (entry) => entry.location,
    ),
    ['smart-tiered-cache'],
  );
});
