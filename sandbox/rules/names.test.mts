// Unique names (./names.mts), through the sandbox in-process.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {problemSlug, sandboxForFile} from '../test-support.mts';

const {send, mint} = sandboxForFile();

test('names are unique in their collection, and duplicate-name gives the existing id', () => {
  const token = mint();
  const first = send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}}).json;
  const again = send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}});
  assert.equal(again.status, 409);
  assert.equal(problemSlug(again.json), 'duplicate-name');
  assert.equal(again.json.existing_id, first.id);
});
