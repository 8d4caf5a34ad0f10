import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {gzipSync} from 'node:zlib';
import {fetchSizes, kindOf, sumByKind} from './page-weight.mts';

describe('page weight', () => {
  test('sorts responses by Content-Type into JS, CSS, HTML and other', () => {
    assert.equal(kindOf('application/javascript; charset=utf-8'), 'js');
    assert.equal(kindOf('text/javascript'), 'js');
    assert.equal(kindOf('text/css'), 'css');
    assert.equal(kindOf('text/html; charset=utf-8'), 'html');
    assert.equal(kindOf('application/json'), 'other');
    assert.equal(kindOf('image/svg+xml'), 'other');
    assert.equal(kindOf(''), 'other');
  });

  test('adds up bytes and requests by kind and in total', () => {
    const totals = sumByKind([
      {kind: 'js', raw: 1000, gzip: 300},
      {kind: 'js', raw: 500, gzip: 200},
      {kind: 'css', raw: 100, gzip: 40},
    ]);
    assert.deepEqual(totals.js, {raw: 1500, gzip: 500, requests: 2});
    assert.deepEqual(totals.css, {raw: 100, gzip: 40, requests: 1});
    assert.deepEqual(totals.html, {raw: 0, gzip: 0, requests: 0});
    assert.deepEqual(totals.total, {raw: 1600, gzip: 540, requests: 3});
  });

  describe('sizes of a response', () => {
    const script = Buffer.from('console.log("weight");\n'.repeat(200));
    const compressed = gzipSync(script);
    let server: Server;
    let base: string;
    before(async () => {
      server = createServer((request, response) => {
        const acceptsGzip = /gzip/.test(request.headers['accept-encoding'] ?? '');
        if (request.url === '/app.js' && acceptsGzip) {
          response.writeHead(200, {'content-type': 'application/javascript', 'content-encoding': 'gzip'});
          response.end(compressed);
        } else {
          response.writeHead(request.url === '/app.js' ? 200 : 404, {'content-type': 'text/html'});
          response.end(request.url === '/app.js' ? script : '<p>not here</p>');
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => server.close());

    test('are the decoded and the gzip body sizes when the server compresses', async () => {
      const sizes = await fetchSizes(`${base}/app.js`);
      assert.equal(sizes.status, 200);
      assert.equal(sizes.encoding, 'gzip');
      assert.equal(sizes.raw, script.length);
      assert.equal(sizes.gzip, compressed.length);
      assert.ok(sizes.gzip < sizes.raw);
    });

    test('are both the body size when the server does not compress', async () => {
      const sizes = await fetchSizes(`${base}/missing`);
      assert.equal(sizes.status, 404);
      assert.equal(sizes.encoding, null);
      assert.equal(sizes.raw, '<p>not here</p>'.length);
      assert.equal(sizes.gzip, sizes.raw);
    });
  });
});
