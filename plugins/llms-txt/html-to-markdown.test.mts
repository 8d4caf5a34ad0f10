import {test} from 'node:test';
import assert from 'node:assert/strict';
import {htmlToMarkdown, pageInfo} from './html-to-markdown.mts';

const PAGE_URL = 'https://docs.tributary.example/docs/Guides/Origins/Origin%20Shield';

/** A doc page shaped like the theme's output (minified, as the build writes it). */
function docPage(content: string): string {
  return [
    '<!doctype html><html><head><title>Origin Shield | Tributary Documentation</title>',
    '<meta name=description content="Add a shield &amp; cut origin load."></head><body>',
    '<nav class="navbar"><a href=/docs/>Tributary</a></nav>',
    '<main><article><nav class="theme-doc-breadcrumbs breadcrumbsContainer_Z_bl" aria-label=Breadcrumbs>',
    '<a href=/docs/category/guides>Guides</a></nav>',
    '<div class="theme-doc-toc-mobile"><button>On this page</button></div>',
    '<div class="theme-doc-markdown markdown"><header><h1>Origin Shield</h1></header>',
    content,
    '</div><footer class="theme-doc-footer"><a href=/edit>Edit this page</a></footer></article>',
    '<nav class=pagination-nav><a href=/docs/next>Next</a></nav></main>',
    '<footer class=footer>Copyright</footer></body></html>',
  ].join('');
}

/** The Markdown of a doc page with `content` as its article. */
const convert = (content: string) => htmlToMarkdown(docPage(content), PAGE_URL);

test('keeps the title and headings, and drops navigation, hash links and footers', async () => {
  const markdown = await convert(
    '<h2 class=anchor id=how-it-works>How it works<a href=#how-it-works class=hash-link aria-label="Direct link">​</a></h2><p>Text.',
  );
  assert.equal(markdown, '# Origin Shield\n\n## How it works\n\nText.\n');
});

test('code blocks keep their language, title and lines, without the copy button', async () => {
  const markdown = await convert(
    '<div class="language-bash codeBlockContainer_Ckt0 theme-code-block"><div class=codeBlockTitle_OeMC>PUT request</div>' +
      '<div class=codeBlockContent_QJqH><pre class="prism-code language-bash"><code class=codeBlockLines_e6Vv>' +
      '<div class=token-line><span class="token function">curl</span><span> --request PUT</span><br/></div>' +
      '<div class=token-line><span>  --data \'{"a": 1}\'</span><br/></div></code></pre>' +
      '<div class=buttonGroup__atx><button aria-label="Copy code to clipboard">Copy</button></div></div></div>',
  );
  assert.match(markdown, /```bash title="PUT request"\ncurl --request PUT\n {2}--data '\{"a": 1\}'\n```/);
  assert.doesNotMatch(markdown, /Copy/);
});

test('tabs become labelled sections that keep every variant, hidden panels included', async () => {
  const markdown = await convert(
    '<div class="theme-tabs-container tabs-container"><ul role=tablist class=tabs>' +
      '<li role=tab aria-selected=true>Dashboard<li role=tab aria-selected=false>API</ul>' +
      '<div class=margin-top--md><div role=tabpanel><ol><li>Select <strong>Save</strong>.</li></ol></div>' +
      '<div role=tabpanel hidden><p>Send a <code>PUT</code> request.</div></div></div>',
  );
  assert.match(markdown, /\*\*Dashboard\*\*\n\n1\. Select \*\*Save\*\*\.\n\n\*\*API\*\*\n\nSend a `PUT` request\./);
});

test('links and images become absolute, images keep their alternative text', async () => {
  const markdown = await convert(
    '<p>See <a href="/docs/Guides/Origins/Adding an Origin">Adding an Origin</a> and <a href=#verify>Verify</a>.' +
      '<img src=/docs/diagrams/a.svg alt="Shield tiers on two providers">',
  );
  for (const link of [
    /\[Adding an Origin\]\(https:\/\/docs\.tributary\.example\/docs\/Guides\/Origins\/Adding%20an%20Origin\)/,
    /\[Verify\]\(https:\/\/docs\.tributary\.example\/docs\/Guides\/Origins\/Origin%20Shield#verify\)/,
    /!\[Shield tiers on two providers\]\(https:\/\/docs\.tributary\.example\/docs\/diagrams\/a\.svg\)/,
  ]) {
    assert.match(markdown, link);
  }
});

test('tables (with their caption), admonitions and details keep their text; decorative symbols go', async () => {
  const table =
    '<table><caption>Support by provider</caption><thead><tr><th>Action<th>Fastly<tbody><tr><td><code>cors</code>' +
    '<td><span aria-hidden=true>●</span> Native</table>';
  const admonition =
    '<div class="theme-admonition theme-admonition-warning alert"><div class=admonitionHeading_Gvgb>' +
    '<span class=admonitionIcon_Rf37><svg></svg></span>warning</div><div class=admonitionContent_BuS1><p>Billed per request.</div></div>';
  const details = '<details><summary>Lambda@Edge</summary><div><p>Only for security rules.</div></details>';
  const markdown = await convert(table + admonition + details);
  assert.match(markdown, /Support by provider\n\n\| Action +\| Fastly +\|\n\| -+ \| -+ \|\n\| `cors` +\| Native +\|/);
  assert.match(markdown, /> \*\*Warning\*\*\n>\n> Billed per request\./);
  assert.match(markdown, /\*\*Lambda@Edge\*\*\n\nOnly for security rules\./);
  assert.doesNotMatch(markdown, /●/);
});

test('cards of a category page become a list of links with their descriptions', async () => {
  const html =
    '<html><head><title>Origins | Tributary Documentation</title></head><body><main><div class=generatedIndexPage_vN6x>' +
    '<nav class=theme-doc-breadcrumbs><a href=/docs/>Home</a></nav><div data-markdown-skip><button>Copy page</button></div>' +
    '<header><h1>Origins</h1><p>Where your content lives.</header><article><section class=row>' +
    '<article class=col><a class=card href="/docs/Guides/Origins/Origin Shield"><h2 title="Origin Shield">' +
    '<span class=cardTitleIcon_GcdP>📄️</span><span>Origin Shield</span></h2><p title="Add a shield.">Add a shield.</p></a></article>' +
    '<article class=col><a class=card href="/docs/Guides/Origins/Adding an Origin"><h2><span>Adding an Origin</span></h2>' +
    '<p>Add an origin.</p></a></article></section></article></div></main></body></html>';
  const markdown = await htmlToMarkdown(html, 'https://docs.tributary.example/docs/category/origins');
  assert.equal(
    markdown,
    [
      '# Origins',
      '',
      'Where your content lives.',
      '',
      '- [Origin Shield](https://docs.tributary.example/docs/Guides/Origins/Origin%20Shield): Add a shield.',
      '- [Adding an Origin](https://docs.tributary.example/docs/Guides/Origins/Adding%20an%20Origin): Add an origin.',
      '',
    ].join('\n'),
  );
});

test('form controls of interactive tools give their current values as text', async () => {
  const markdown = await convert(
    '<label for=p>Path patterns</label><textarea id=p>/api/*\n/images/*</textarea>' +
      '<label for=u>Request URL</label><input id=u value="/images/cat.jpg"><input type=checkbox checked>',
  );
  assert.match(
    markdown,
    /Path patterns\n\n```text\n\/api\/\*\n\/images\/\*\n```\n\nRequest URL\n\n`\/images\/cat\.jpg`/,
  );
});

test('a page without content fails with its address', async () => {
  await assert.rejects(htmlToMarkdown('', PAGE_URL), /no content to convert/);
});

test('pageInfo reads the title without the site name and the decoded description', () => {
  assert.deepEqual(pageInfo(docPage(''), 'Tributary Documentation'), {
    title: 'Origin Shield',
    description: 'Add a shield & cut origin load.',
  });
});
