import {test} from 'node:test';
import assert from 'node:assert/strict';
import {highlightToHtml, loadLanguages} from './highlight.mts';

loadLanguages(['bash', 'http']);

test('tokens become spans with the Prism token types as classes, one token-line per line', () => {
  const html = highlightToHtml('curl --request GET \\\n  "https://x.example/"', 'bash');
  assert.equal(html.match(/<div class="token-line">/g)?.length, 2);
  assert.match(html, /<span class="token function">curl<\/span>/);
  assert.match(html, /<span class="token parameter variable">--request<\/span>/);
  assert.match(html, /<span class="token string">&quot;https:\/\/x\.example\/&quot;<\/span>/);
});

test('code is escaped, so a block can never inject markup', () => {
  const html = highlightToHtml('<script>alert("x")</script> & more', 'text');
  assert.ok(!html.includes('<script>'), html);
  assert.match(html, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; more/);
});

test('an empty line keeps its place, and an unknown language is plain text', () => {
  assert.equal(
    highlightToHtml('a\n\nb', 'no-such-language'),
    ['a', '', 'b'].map((line) => `<div class="token-line"><span class="token plain">${line}</span><br></div>`).join(''),
  );
});

test('the configured extra languages are loaded (http is not bundled with prism-react-renderer)', () => {
  assert.match(highlightToHtml('GET /services/ HTTP/1.1', 'http'), /class="token request-line"/);
});
