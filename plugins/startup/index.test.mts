import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {LoadContext} from '@docusaurus/types';
import startupPlugin, {startupConfig, startupLayerEnabled} from './index.mts';
import {buildStartScript} from './template.mts';

test('STARTUP_LAYER=off gives Docusaurus its own template, banner and no layer plugin', () => {
  assert.equal(startupLayerEnabled({}), true);
  assert.equal(startupLayerEnabled({STARTUP_LAYER: 'off'}), false);
  assert.deepEqual(startupConfig(false, {contentDirs: []}), {
    ssrTemplate: undefined,
    baseUrlIssueBanner: true,
    plugins: [],
  });
  const on = startupConfig(true, {contentDirs: ['docs']});
  assert.match(on.ssrTemplate ?? '', /id="startup-scripts"/);
  assert.equal(on.baseUrlIssueBanner, false);
  assert.equal(on.plugins.length, 1);
});

test('the plugin puts the start script last in the body', async () => {
  const plugin = startupPlugin({siteDir: '.'} as LoadContext, {contentDirs: []});
  const tags = (await plugin.injectHtmlTags!({content: undefined})) as {
    postBodyTags: {tagName: string; innerHTML: string}[];
  };
  assert.deepEqual(
    tags.postBodyTags.map((tag) => tag.tagName),
    ['script'],
  );
  assert.equal(tags.postBodyTags[0].innerHTML, buildStartScript());
});

test('an unknown STARTUP_LAYER value is an error that names the values it takes', () => {
  assert.throws(() => startupLayerEnabled({STARTUP_LAYER: 'stock'}), /set it to "off"/);
});
