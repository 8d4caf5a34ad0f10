// Deleting a resource in use (./in-use.mts), through the sandbox in-process.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {problemSlug, sandboxForFile, SERVICE_ID} from '../test-support.mts';

const {send, mint} = sandboxForFile();

test('a resource in use cannot be deleted, and the answer names its user', () => {
  const token = mint('example-world');
  const certificates = send(token, 'GET', '/certificates/').json.results as {id: string}[];
  const domains = send(token, 'GET', `/services/${SERVICE_ID}/domains/`).json.results as {
    certificate_id: string | null;
  }[];
  const used = certificates.find((certificate) => domains.some((domain) => domain.certificate_id === certificate.id));
  assert.ok(used, 'the example world has a certificate in use');
  const refused = send(token, 'DELETE', `/certificates/${used.id}/`);
  assert.equal(refused.status, 409);
  assert.equal(problemSlug(refused.json), 'certificate-in-use');
  assert.equal(send(token, 'GET', `/certificates/${used.id}/`).status, 200);
});
