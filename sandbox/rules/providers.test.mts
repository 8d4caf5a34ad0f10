// CDN accounts and service providers (./providers.mts), through the sandbox in-process: read-only
// access, switching to read-write, and an account in use.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {CLOUDFLARE, problemSlug, sandboxForFile} from '../test-support.mts';

const {send, mint} = sandboxForFile();

test('a read-only CDN account cannot carry a service until switched to read-write', () => {
  const token = mint();
  const service = send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}}).json;
  const account = send(token, 'POST', '/account-providers/', {body: {...CLOUDFLARE, access: 'read_only'}}).json;
  const refused = send(token, 'POST', `/services/${service.id}/providers/`, {body: {account_provider_id: account.id}});
  assert.equal(refused.status, 422);
  assert.equal(refused.json.errors[0].field, 'account_provider_id');
  const switched = send(token, 'POST', `/account-providers/${account.id}/switch-to-read-write/`, {
    body: {credentials: CLOUDFLARE.credentials},
  });
  assert.equal(switched.json.access, 'full');
  assert.equal(
    send(token, 'POST', `/services/${service.id}/providers/`, {body: {account_provider_id: account.id}}).status,
    201,
  );
  assert.equal(
    problemSlug(
      send(token, 'POST', `/account-providers/${account.id}/switch-to-read-write/`, {
        body: {credentials: CLOUDFLARE.credentials},
      }).json,
    ),
    'already-full-access',
  );
  assert.equal(problemSlug(send(token, 'DELETE', `/account-providers/${account.id}/`).json), 'provider-in-use');
});
