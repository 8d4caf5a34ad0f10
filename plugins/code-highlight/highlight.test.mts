import {test} from 'node:test';
import assert from 'node:assert/strict';
import {tokenLinesToHtml} from '../../src/components/HighlightedCode/tokenLines.ts';
import {highlightTokens, loadLanguages} from './highlight.mts';

loadLanguages(['bash', 'http']);

/** The markup the browser makes from the tokens. */
const highlightToHtml = (code: string, language: string): string | null =>
  tokenLinesToHtml(code, highlightTokens(code, language));

test('tokens become spans with the Prism token types as classes, one token-line per line', () => {
  const html = highlightToHtml('curl --request GET \\\n  "https://x.example/"', 'bash') ?? '';
  assert.equal(html.match(/<div class="token-line">/g)?.length, 2);
  assert.match(html, /<span class="token function">curl<\/span>/);
  assert.match(html, /<span class="token parameter variable">--request<\/span>/);
  assert.match(html, /<span class="token string">&quot;https:\/\/x\.example\/&quot;<\/span>/);
});

test('the tokens carry types once and lengths, not the code’s text', () => {
  const code = '{\n  "a": "x",\n  "b": "y"\n}';
  const {types, lines} = highlightTokens(code, 'json');
  assert.equal(new Set(types).size, types.length, 'each type list once');
  assert.ok(!JSON.stringify({types, lines}).includes('"x"'), 'no text of the code');
  assert.equal(lines.length, 4);
});

test('code is escaped, so a block can never inject markup', () => {
  const html = highlightToHtml('<script>alert("x")</script> & more', 'text') ?? '';
  assert.ok(!html.includes('<script>'), html);
  assert.match(html, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; more/);
});

test('an empty line keeps its place, and an unknown language is plain text', () => {
  assert.equal(
    highlightToHtml('a\n\nb', 'no-such-language'),
    ['a', '', 'b'].map((line) => `<div class="token-line">${line}<br></div>`).join(''),
  );
});

test('the configured extra languages are loaded (http is not bundled with prism-react-renderer)', () => {
  assert.match(highlightToHtml('GET /services/ HTTP/1.1', 'http') ?? '', /class="token request-line"/);
});
