import {test} from 'node:test';
import assert from 'node:assert/strict';
import {tokenLinesToHtml} from './tokenLines.ts';
import {parseHighlighted} from './index.tsx';

const tokens = {types: ['plain', 'string', 'punctuation'], lines: [[0, 4, 1, 5], [], [2, 1]]};

test('tokens become token-lines of spans, their text cut from the code and escaped; plain text is bare', () => {
  assert.equal(
    tokenLinesToHtml('say "<b>"\n\n}', tokens),
    '<div class="token-line">say <span class="token string">&quot;&lt;b&gt;&quot;</span><br></div>' +
      '<div class="token-line"><br></div>' +
      '<div class="token-line"><span class="token punctuation">}</span><br></div>',
  );
});

test('an empty token adds no element', () => {
  assert.equal(
    tokenLinesToHtml('x;', {types: ['plain', 'punctuation', 'keyword'], lines: [[2, 0, 0, 1, 1, 1, 0, 0]]}),
    '<div class="token-line">x<span class="token punctuation">;</span><br></div>',
  );
});

test('tokens that do not add up to the code give no markup rather than wrong text', () => {
  assert.equal(
    tokenLinesToHtml('say "<b>"\n\n}', {...tokens, lines: tokens.lines.slice(0, 2)}),
    null,
    'a line missing',
  );
  assert.equal(tokenLinesToHtml('say "<b>!"\n\n}', tokens), null, 'a line longer than its tokens');
  assert.equal(tokenLinesToHtml('say\n\n}', tokens), null, 'a line shorter than its tokens');
  assert.equal(tokenLinesToHtml('say "<b>"\n\n}', {...tokens, types: ['plain']}), null, 'an unknown type');
});

test('the CodeBlock prop: the code’s final line break is not a line, and bad JSON falls back to the browser', () => {
  const prop = JSON.stringify({language: 'json', ...tokens});
  assert.deepEqual(parseHighlighted(prop, 'say "<b>"\n\n}\n'), {
    code: 'say "<b>"\n\n}',
    language: 'json',
    html: tokenLinesToHtml('say "<b>"\n\n}', tokens),
  });
  assert.equal(parseHighlighted(prop, 'other code'), null);
  assert.equal(parseHighlighted('{"language":', 'say'), null);
  assert.equal(parseHighlighted(JSON.stringify({language: 'json', html: '<div>'}), 'say'), null, 'the old form');
  assert.equal(parseHighlighted(undefined, 'say'), null);
});
