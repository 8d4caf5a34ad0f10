import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {extractLeadingEmoji} from './emojiUtils';

// By file: theme-common does not export the module, which only its own `internal` entry imports.
const themeCommon = path.dirname(createRequire(import.meta.url).resolve('@docusaurus/theme-common'));
const docusaurusModule = () =>
  import(pathToFileURL(path.join(themeCommon, 'utils/emojiUtils.js')).href) as Promise<{
    extractLeadingEmoji: typeof extractLeadingEmoji;
  }>;

test('splits a leading emoji from a label exactly as Docusaurus does', async () => {
  const {extractLeadingEmoji: docusaurusExtract} = await docusaurusModule();
  const labels = [
    '',
    'O',
    'Origin Shield',
    '1 Getting started',
    '1️⃣ One',
    '#️⃣ Hash',
    '#',
    '\r\nText',
    'e\u0301clair',
    '⚠️ Warning',
    '⚠ Warning',
    '🚀Launch',
    '🇫🇷 France',
    '👩🏽‍💻 Developer',
    'Ünïcode',
    '→ Arrow',
    'A🚀',
  ];
  let emoji = 0;
  for (const label of labels) {
    const expected = docusaurusExtract(label);
    assert.deepEqual(extractLeadingEmoji(label), expected, JSON.stringify(label));
    if (expected.emoji) emoji++;
  }
  assert.ok(emoji >= 5, `${emoji} labels start with an emoji`);
});
