import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';

test('the production build log has no broken link, anchor, Markdown link or duplicate route warning', () => {
  const logFile = process.env.BUILD_LOG;
  assert.ok(logFile, 'BUILD_LOG is set by npm test');
  const log = readFileSync(logFile, 'utf8');
  assert.match(log, /\[SUCCESS\] Generated static files/);
  const problems = log
    .split('\n')
    .filter((line) => /broken (link|anchor|markdown)|duplicate route|\[WARNING\]/i.test(line));
  assert.deepEqual(problems, []);
});
