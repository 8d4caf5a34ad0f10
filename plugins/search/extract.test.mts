import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {extractPage} from './extract.mts';
import {pageUrl} from './index.mts';

const page = (body: string, head = '') =>
  `<!doctype html><html><head><title>Origin Shield | Tributary Documentation</title>${head}</head><body>` +
  `<nav class="navbar">Navbar Guides API</nav><div><main>${body}</main></div><footer>Footer links</footer></body></html>`;

const ARTICLE = `
<article>
  <nav aria-label="Breadcrumbs"><ul><li><a href="/docs/"><svg></svg></a></li><li><a>Guides</a></li><li><a>Origins</a></li><li><span>Origin Shield</span></li></ul></nav>
  <button type="button">On this page</button>
  <div class="markdown"><header><h1>Origin Shield</h1></header>
  <p>Intro about the <em>shield</em>.</p>
  <h2 id="how-it-works">How it works<a class="hash-link" href="#how-it-works">\u200b</a></h2>
  <p>Edges ask the shield.</p><img alt="Diagram of the tiers" src="x.svg">
  <h3 id="providers">Providers</h3><p>CloudFront and Fastly.</p>
  <pre><code>curl -H "X-Tributary-Provider: fastly"</code></pre>
  <h2>Heading without id</h2><p>Still part of providers.</p>
  </div>
  <footer>Last updated</footer>
</article>
<nav class="pagination-nav">Next page</nav>`;

describe('page extraction', () => {
  test('splits the article at h2/h3 headings with ids, with breadcrumbs and code apart', () => {
    const extracted = extractPage(page(ARTICLE));
    assert.ok(extracted);
    assert.equal(extracted.title, 'Origin Shield');
    assert.deepEqual(extracted.breadcrumbs, ['Guides', 'Origins']);
    assert.deepEqual(
      extracted.sections.map(({anchor, heading, parent}) => [anchor, heading, parent]),
      [
        ['', '', ''],
        ['how-it-works', 'How it works', ''],
        ['providers', 'Providers', 'How it works'],
      ],
    );
    assert.equal(extracted.sections[0].text, 'Intro about the shield.');
    assert.equal(extracted.sections[1].text, 'Edges ask the shield. Diagram of the tiers');
    assert.equal(extracted.sections[2].text, 'CloudFront and Fastly. Heading without id Still part of providers.');
    assert.equal(extracted.sections[2].code, 'curl -H "X-Tributary-Provider: fastly"');
    const all = JSON.stringify(extracted);
    for (const noise of ['Navbar', 'Footer', 'On this page', 'Last updated', 'Next page']) {
      assert.ok(!all.includes(noise), noise);
    }
  });

  test('a page with several top-level articles is read from <main>', () => {
    const extracted = extractPage(
      page('<h1>Home</h1><article><h2 id="a">Cards</h2><p>One</p></article><article><p>Two</p></article>'),
    );
    assert.deepEqual(
      extracted?.sections.map((section) => section.text),
      ['', 'One Two'],
    );
  });

  test('controls marked data-markdown-skip are not text', () => {
    const extracted = extractPage(
      page(
        '<article><h1>T</h1><div data-markdown-skip=""><a href="x.md">View as Markdown</a></div><p>Body</p></article>',
      ),
    );
    assert.equal(extracted?.sections[0].text, 'Body');
  });

  test('inline code and badges next to each other stay separate words', () => {
    const extracted = extractPage(
      page(
        '<article><h1>T</h1><p><code>service_id</code><span class="required">required</span> ' +
          '(<code>uuid</code>), see <code>GET</code>/services and <em>shield</em>s.</p></article>',
      ),
    );
    assert.equal(extracted?.sections[0].text, 'service_id required (uuid), see GET/services and shields.');
  });

  test('redirect pages and noindex pages are left out', () => {
    assert.equal(extractPage(page('<p>Moved</p>', '<meta http-equiv="refresh" content="0; url=/docs/">')), null);
    assert.equal(extractPage(page('<p>Hidden</p>', '<meta name="robots" content="noindex">')), null);
  });

  test('file names map to clean page addresses', () => {
    assert.equal(pageUrl('/docs/', 'index.html'), '/docs/');
    assert.equal(pageUrl('/docs/', 'Guides/Origins/Origin Shield/index.html'), '/docs/Guides/Origins/Origin Shield');
    assert.equal(pageUrl('/docs/', 'markdown-page.html'), '/docs/markdown-page');
  });
});
