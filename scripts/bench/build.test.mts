import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {parseShellTimes, parseTimeReport, treeRss} from './build.mts';

describe('bench measurements', () => {
  test('reads CPU time and the largest process from a GNU time -v report', () => {
    const report = [
      '\tCommand being timed: "npm run build"',
      '\tUser time (seconds): 151.32',
      '\tSystem time (seconds): 12.08',
      '\tPercent of CPU this job got: 148%',
      '\tElapsed (wall clock) time (h:mm:ss or m:ss): 1:50.21',
      '\tMaximum resident set size (kbytes): 2304512',
      '\tExit status: 0',
    ].join('\n');
    assert.deepEqual(parseTimeReport(report), {user: 151.32, system: 12.08, maxProcessRssBytes: 2304512 * 1024});
  });

  test("reads the children's CPU time from the shell's `times`", () => {
    // The shell's own line comes first, its children's second.
    const output = execFileSync('sh', ['-c', 'i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done & wait; times'], {
      encoding: 'utf8',
    });
    const times = parseShellTimes(output);
    assert.equal(typeof times.user, 'number');
    assert.equal(typeof times.system, 'number');
    assert.equal(times.maxProcessRssBytes, null);
    assert.deepEqual(parseShellTimes('0m0.010000s 0m0.000000s\n1m2.500000s 0m3.250000s\n'), {
      user: 62.5,
      system: 3.25,
      maxProcessRssBytes: null,
    });
  });

  test('measures the resident memory of a process and its children', () => {
    const own = treeRss(process.pid);
    assert.ok(own > 10 * 1024 * 1024, `a Node process holds more than 10 MB (got ${own})`);
  });
});
