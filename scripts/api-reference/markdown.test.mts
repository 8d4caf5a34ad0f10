import {test} from 'node:test';
import assert from 'node:assert/strict';
import {markdownToMdx} from './markdown.mts';

test('Markdown from the spec is escaped for MDX outside code only', () => {
  assert.equal(
    markdownToMdx('Use `{id}` or {id} <b> and <https://x.test>'),
    'Use `{id}` or \\{id\\} \\<b> and [https://x.test](https://x.test)',
  );
  assert.equal(markdownToMdx('```json\n{"a": 1}\n```\n{x}'), '```json\n{"a": 1}\n```\n\\{x\\}');
});
