// Generates the API reference from the bundled OpenAPI file, before the docs build (`npm run
// api:gen`): `node --import tsx scripts/api-reference/generate.mts [bundle.json] [output dir]`
// writes the pages and the sidebar into generated/api/ (see ./reference.mts).
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {DEFAULT_BUNDLE, loadSpec} from '../../src/lib/openapi/load.ts';
import {buildReference, writeReference} from './reference.mts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [input = DEFAULT_BUNDLE, output = path.join(root, 'generated/api')] = process.argv.slice(2);
try {
  const files = buildReference(loadSpec(input));
  writeReference(output, files);
  const pages = [...files.keys()].filter((name) => name.endsWith('.mdx')).length;
  console.log(`[api-reference] ${pages} pages written to ${path.relative(root, output) || output}`);
} catch (error) {
  console.error(`[api-reference] ${(error as Error).message}`);
  process.exit(1);
}
