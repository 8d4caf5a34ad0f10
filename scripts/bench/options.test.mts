import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {parseOptions, USAGE} from './options.mts';

test('the options default to five Lighthouse runs on ports 8100 and 8101', () => {
  assert.deepEqual(parseOptions([], {}), {
    runs: 5,
    quick: false,
    port: '8100',
    'stock-port': '8101',
    'keep-stock': false,
    'reuse-build': false,
    help: false,
  });
});

test('--quick means one Lighthouse run; the ports come from the options or the environment', () => {
  const options = parseOptions(['--quick', '--runs', '7', '--port', '9000', '--reuse-build'], {
    BENCH_STOCK_PORT: '9001',
  });
  assert.equal(options.runs, 1);
  assert.equal(options.quick, true);
  assert.equal(options.port, '9000');
  assert.equal(options['stock-port'], '9001');
  assert.equal(options['reuse-build'], true);
  assert.equal(parseOptions(['--runs', '3']).runs, 3);
});

test('a wrong run count or an unknown option is refused', () => {
  assert.throws(() => parseOptions(['--runs', '0']), /--runs takes a whole number/);
  assert.throws(() => parseOptions(['--runs', 'many']), /--runs takes a whole number/);
  assert.throws(() => parseOptions(['--fast']), /Unknown option '--fast'/);
});

test('--help prints the options and measures nothing', () => {
  const script = fileURLToPath(new URL('./index.mts', import.meta.url));
  const output = execFileSync(process.execPath, ['--import', 'tsx', script, '--help'], {encoding: 'utf8'});
  assert.equal(output, `${USAGE}\n`);
  for (const option of ['--runs N', '--quick', '--port N', '--stock-port N', '--keep-stock', '--reuse-build']) {
    assert.ok(output.includes(option), option);
  }
});
