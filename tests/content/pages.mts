import {readdirSync} from 'node:fs';
import path from 'node:path';

/** The guide pages (`.md` and `.mdx` files under `root`), sorted: what every content check reads. */
export function guidePageFiles(root = 'docs'): string[] {
  return readdirSync(root, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}
