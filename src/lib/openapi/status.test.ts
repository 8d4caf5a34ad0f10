import {test} from 'node:test';
import assert from 'node:assert/strict';
import {statusLine, statusPhrase} from './status';

test('a status line has its reason phrase when it is known', () => {
  assert.equal(statusLine(201), '201 Created');
  assert.equal(statusLine('204'), '204 No Content');
  assert.equal(statusLine(422), '422 Unprocessable Content');
  assert.equal(statusLine(418), '418');
  assert.equal(statusPhrase('default'), '');
});
