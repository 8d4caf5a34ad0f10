#!/usr/bin/env node
// Runs after `docusaurus build` (not as a plugin: plugins' postBuild hooks run concurrently, and
// the search plugin writes its index then). Writes a gzip copy (`file.gz`, best compression) beside
// every compressible file of the build, which nginx serves as is (`gzip_static on`) instead of
// compressing each response again. Usage: node --import tsx scripts/precompress.mts [build-dir]
import {readdir, readFile, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {constants, gzip} from 'node:zlib';

const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(html|js|css|json|svg|xml|yaml|txt|md|map)$/;
const MIN_BYTES = 512;
const BATCH = 16;

/** What precompress wrote: the files compressed, their bytes before and after. */
export interface PrecompressTotals {
  files: number;
  raw: number;
  gzip: number;
}

export async function precompress(outDir: string): Promise<PrecompressTotals> {
  const entries = await readdir(outDir, {recursive: true, withFileTypes: true});
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
  const totals: PrecompressTotals = {files: 0, raw: 0, gzip: 0};
  for (let i = 0; i < files.length; i += BATCH) {
    await Promise.all(
      files.slice(i, i + BATCH).map(async (file) => {
        if ((await stat(file)).size < MIN_BYTES) return;
        const raw = await readFile(file);
        const compressed = await gzipAsync(raw, {level: constants.Z_BEST_COMPRESSION});
        await writeFile(`${file}.gz`, compressed);
        totals.files += 1;
        totals.raw += raw.length;
        totals.gzip += compressed.length;
      }),
    );
  }
  return totals;
}

const totals = await precompress(path.resolve(process.argv[2] ?? 'build'));
console.log(
  `[precompress] ${totals.files} files: ${(totals.raw / 1e6).toFixed(1)} MB → ${(totals.gzip / 1e6).toFixed(1)} MB gzip`,
);
