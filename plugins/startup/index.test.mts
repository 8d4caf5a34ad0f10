import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startupConfig, startupLayerEnabled} from './index.mts';

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

test('an unknown STARTUP_LAYER value is an error that names the values it takes', () => {
  assert.throws(() => startupLayerEnabled({STARTUP_LAYER: 'stock'}), /set it to "off"/);
});
