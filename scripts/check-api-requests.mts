#!/usr/bin/env node
// Checks every <ApiRequest> and <SchemaValue> in the given MDX files (default: all of docs/) against the OpenAPI
// bundle without building the site. Usage: node --import tsx scripts/check-api-requests.mts [file.mdx ...]
// (the OpenAPI module it reads through, src/lib/openapi, is TypeScript).
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {createProcessor} from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import {checkApiRequests, expandSchemaValues} from '../plugins/api-request/remark.mts';
import {OpenApiIndex} from '../plugins/api-request/openapi-index.mts';

const files = process.argv.length > 2 ? process.argv.slice(2) : listMdx('docs');
const index = OpenApiIndex.load();
const processor = createProcessor({remarkPlugins: [remarkFrontmatter]});
let problems = 0;
let requests = 0;

function listMdx(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  requests += (text.match(/<ApiRequest\b/g) ?? []).length;
  try {
    const tree = processor.parse({value: text, path: file});
    const found = [...expandSchemaValues(tree, {path: file}, index), ...checkApiRequests(tree, {path: file}, index)];
    problems += found.length;
    for (const problem of found) console.error(problem);
  } catch (error) {
    problems += 1;
    console.error(`${file}: ${(error as Error).message}`);
  }
}
console.log(`${requests} <ApiRequest> example(s) in ${files.length} file(s), ${problems} problem(s).`);
process.exit(problems > 0 ? 1 : 0);
