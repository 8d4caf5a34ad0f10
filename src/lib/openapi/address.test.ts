import {test} from 'node:test';
import assert from 'node:assert/strict';
import {apiPagePath, operationPagePath, pageId, tagPagePath} from './address';

test('the page id is lodash kebab case, as guide links expect, a number kept with its word', () => {
  const ids = {
    services_origins_create: 'services-origins-create',
    services_origins_update_s3_credentials_update: 'services-origins-update-s3-credentials-update',
    'OriginS3Credentials object': 'origin-s3-credentials-object',
    'page 2': 'page-2',
    'Traffic Policies': 'traffic-policies',
    'Tributary API': 'tributary-api',
  };
  for (const [name, id] of Object.entries(ids)) assert.equal(pageId(name), id);
});

test('an operation page is /docs/api/<page id> under the base URL', () => {
  assert.equal(operationPagePath('services_origins_create'), '/docs/api/services-origins-create');
  assert.equal(operationPagePath('services_origins_create', '/'), '/api/services-origins-create');
  assert.equal(tagPagePath('Origin Shield'), '/docs/api/origin-shield');
  assert.equal(apiPagePath('problem-types', '/docs/'), '/docs/api/problem-types');
});
