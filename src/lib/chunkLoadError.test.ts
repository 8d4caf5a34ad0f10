import {test} from 'node:test';
import assert from 'node:assert/strict';
import {isChunkLoadError} from './chunkLoadError';

test('the bundler’s JS and CSS chunk failures are chunk load errors', () => {
  const js = Object.assign(new Error('Loading chunk 412 failed.\n(error: http://x/docs/assets/js/412.js)'), {
    name: 'ChunkLoadError',
  });
  const css = Object.assign(new Error('Loading CSS chunk 7 failed.\n(/docs/assets/css/7.css)'), {
    code: 'CSS_CHUNK_LOAD_FAILED',
  });
  assert.equal(isChunkLoadError(js), true);
  assert.equal(isChunkLoadError(css), true);
  assert.equal(isChunkLoadError({message: 'Loading chunk api-explorer failed.'}), true);
});

test('other errors and non-errors are not', () => {
  assert.equal(isChunkLoadError(new TypeError('x is undefined')), false);
  assert.equal(isChunkLoadError(new Error('Loading the chunk list')), false);
  assert.equal(isChunkLoadError('Loading chunk 1 failed.'), false);
  assert.equal(isChunkLoadError(null), false);
  assert.equal(isChunkLoadError(undefined), false);
});
