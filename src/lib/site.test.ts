import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {DESKTOP_MIN_WIDTH} from './site';

const root = path.resolve(import.meta.dirname, '../..');

/** Every stylesheet of the site and its plugins. */
function stylesheets(): string[] {
  return ['src', 'plugins'].flatMap((dir) =>
    readdirSync(path.join(root, dir), {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile() && /\.(css|scss)$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
}

test('media queries at the desktop breakpoint use DESKTOP_MIN_WIDTH', () => {
  const wrong: string[] = [];
  let seen = 0;
  for (const file of stylesheets()) {
    for (const [query, kind, width] of readFileSync(file, 'utf8').matchAll(/\((min|max)-width:\s*(\d+)px\)/g)) {
      const pixels = Number(width);
      // Near the breakpoint (within 40 px) means meant as the breakpoint: an off-by-one is the usual slip.
      if (Math.abs(pixels - DESKTOP_MIN_WIDTH) > 40) continue;
      seen += 1;
      const expected = kind === 'min' ? DESKTOP_MIN_WIDTH : DESKTOP_MIN_WIDTH - 1;
      if (pixels !== expected) wrong.push(`${path.relative(root, file)}: ${query} (expected ${expected}px)`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(seen > 0, 'no stylesheet uses the breakpoint: is the scan looking in the right folders?');
});
