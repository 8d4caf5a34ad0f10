import {test} from 'node:test';
import assert from 'node:assert/strict';
import {llmsFullTxt, llmsTxt, type ExportedPage} from './llms.mts';
import {markdownPath} from '../../src/lib/markdownAddress.ts';

const ORIGIN = 'https://docs.tributary.example';
const pages: ExportedPage[] = [
  {
    title: 'Home',
    description: 'Guides and API reference.',
    url: `${ORIGIN}/docs/`,
    markdownUrl: `${ORIGIN}/docs/index.md`,
    section: 'Overview',
    markdown: '# Tributary Documentation\n',
  },
  {
    title: 'Origin Shield [beta]',
    description: 'Add a shield\n  near your origin.',
    url: `${ORIGIN}/docs/Guides/Origins/Origin%20Shield`,
    markdownUrl: `${ORIGIN}/docs/Guides/Origins/Origin%20Shield.md`,
    section: 'Guides: Origins',
    markdown: '# Origin Shield\n\nText.\n',
  },
];
const site = {
  title: 'Tributary Documentation',
  summary: 'Multi-CDN docs.',
  details: ['Every page has a Markdown version.'],
};

test('llms.txt has the title, the summary, then one section per group with a link line per page', () => {
  assert.equal(
    llmsTxt(pages, site),
    [
      '# Tributary Documentation',
      '',
      '> Multi-CDN docs.',
      '',
      'Every page has a Markdown version.',
      '',
      '## Overview',
      '',
      `- [Home](${ORIGIN}/docs/index.md): Guides and API reference.`,
      '',
      '## Guides: Origins',
      '',
      `- [Origin Shield \\[beta\\]](${ORIGIN}/docs/Guides/Origins/Origin%20Shield.md): Add a shield near your origin.`,
      '',
    ].join('\n'),
  );
});

test('llms-full.txt holds every page after a separator with its title and addresses', () => {
  const full = llmsFullTxt(pages, site);
  assert.match(full, /^# Tributary Documentation: full text\n/);
  assert.match(
    full,
    new RegExp(
      `={80}\\nPage: Origin Shield \\[beta\\]\\nSource: ${ORIGIN}/docs/Guides/Origins/Origin%20Shield\\n` +
        `Markdown: ${ORIGIN}/docs/Guides/Origins/Origin%20Shield\\.md\\n={80}\\n\\n# Origin Shield\\n\\nText\\.\\n$`,
    ),
  );
  assert.ok(full.indexOf('# Tributary Documentation\n') < full.indexOf('# Origin Shield'), 'pages keep their order');
});

test('the Markdown address is the page address plus .md, index.md for the site root', () => {
  assert.equal(markdownPath('/docs/', '/docs/'), '/docs/index.md');
  assert.equal(markdownPath('/docs/Guides/Origins/Origin Shield', '/docs/'), '/docs/Guides/Origins/Origin%20Shield.md');
  assert.equal(
    markdownPath('/docs/Guides/Origins/Origin%20Shield/', '/docs/'),
    '/docs/Guides/Origins/Origin%20Shield.md',
  );
  assert.equal(
    markdownPath('/docs/Guides/Origins/Updating%20&%20Deleting%20an%20Origin', '/docs/'),
    '/docs/Guides/Origins/Updating%20&%20Deleting%20an%20Origin.md',
  );
  assert.equal(markdownPath('/docs/api/origins', '/docs/'), '/docs/api/origins.md');
});
