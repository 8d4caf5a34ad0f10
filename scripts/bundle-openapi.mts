#!/usr/bin/env node
// Bundles the split OpenAPI source (openapi/) into one file, published at /docs/openapi.yaml and
// /docs/openapi.json and read by the API reference generator. Any structural problem in the source
// (bad YAML, unresolved $ref, wrong type) stops the build with the file, line and column.
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {bundle, createConfig, getLineColLocation, lint, type NormalizedProblem} from '@redocly/openapi-core';
import YAML from 'yaml';
import type {OpenApiDocument} from '../src/lib/openapi/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(root, process.argv[2] ?? 'openapi/openapi.yaml');
const outDir = path.resolve(root, process.argv[3] ?? 'generated/static');

function location(problem: NormalizedProblem): string {
  const loc = problem.location?.[0];
  if (!loc) return 'unknown location';
  const file = path.relative(process.cwd(), loc.source.absoluteRef);
  const {line, col} = getLineColLocation(loc).start ?? {};
  const pointer = loc.pointer ? ` (${decodeURIComponent(loc.pointer)})` : '';
  return `${file}${line ? `:${line}:${col}` : ''}${pointer}`;
}

export async function bundleOpenApi(src: string = source): Promise<OpenApiDocument> {
  // Only the structural rules: style rules run in `npm test` through Redocly's lint.
  const config = await createConfig({rules: {struct: 'error', 'no-unresolved-refs': 'error'}});
  let problems: NormalizedProblem[];
  try {
    problems = (await lint({ref: src, config})).filter((p) => p.severity === 'error');
  } catch (error) {
    // The YAML parser's own message names the file, line and column.
    throw new Error(`Invalid OpenAPI source: ${(error as Error).message}`);
  }
  if (problems.length > 0) {
    const lines = problems.map((p) => `  ${location(p)}: ${p.message}`);
    throw Object.assign(new Error(`Invalid OpenAPI source (${problems.length} problem(s)):\n${lines.join('\n')}`), {
      problems,
    });
  }
  const {bundle: result} = await bundle({ref: src, config, dereference: false});
  // Checked by the structural rules above.
  return result.parsed as OpenApiDocument;
}

async function main(): Promise<void> {
  let api: OpenApiDocument;
  try {
    api = await bundleOpenApi();
  } catch (error) {
    console.error(`\n[openapi] ${(error as Error).message}\n`);
    process.exit(1);
  }
  await mkdir(outDir, {recursive: true});
  // The API docs instance must find its folder before the generator fills it.
  await mkdir(path.join(root, 'generated/api'), {recursive: true});
  await writeFile(path.join(outDir, 'openapi.yaml'), YAML.stringify(api, {lineWidth: 0}));
  await writeFile(path.join(outDir, 'openapi.json'), `${JSON.stringify(api, null, 2)}\n`);
  const operations = Object.values(api.paths ?? {}).flatMap((item) =>
    Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch'].includes(k)),
  );
  console.log(
    `[openapi] bundled ${operations.length} operations into ${path.relative(root, outDir)}/openapi.{yaml,json}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
