import assert from 'node:assert/strict';
import test from 'node:test';
import {operationRoles, rolesMarkdown, rolesSentence} from './roles.mts';

test('the roles sentence names each role once, joined as a reader would say it', () => {
  assert.equal(rolesSentence(['admin']), '**Admin**');
  assert.equal(rolesSentence(['admin', 'editor', 'purge']), '**Admin**, **Editor** or **Purge**');
});

test('an operation with roles gets a sentence that links the roles table and names the 403', () => {
  const markdown = rolesMarkdown({operationId: 'purge', 'x-roles': ['admin', 'editor', 'purge']});
  assert.match(markdown, /\*\*Admin\*\*, \*\*Editor\*\* or \*\*Purge\*\* role/);
  assert.match(markdown, /\(\/docs\/Guides\/Account%20Settings\/Access%20Token#roles\)/);
  assert.match(markdown, /`403 Forbidden`/);
});

test('an operation without x-roles has no role line, and a wrong x-roles says where and why', () => {
  assert.equal(rolesMarkdown({operationId: 'x'}), '');
  assert.throws(() => operationRoles({operationId: 'x', 'x-roles': []}), /x: x-roles must be a non-empty list/);
  assert.throws(
    () => operationRoles({operationId: 'x', 'x-roles': ['owner']}),
    /x: x-roles has an unknown role "owner"/,
  );
});
