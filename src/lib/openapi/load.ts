// Reading the bundle from disk (node only: browser code imports ./index.ts, which leaves this out).
// The bundle is made by `npm run api:bundle` (scripts/bundle-openapi.mts).
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {OPENAPI_BUNDLE} from '../site';
import type {OpenApiDocument} from './types';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** generated/static/openapi.json, the bundle every build step reads. */
export const DEFAULT_BUNDLE = path.join(root, OPENAPI_BUNDLE);

/** Reads and parses the bundle, with the file and the reason when it cannot. */
export function loadSpec(file: string = DEFAULT_BUNDLE): OpenApiDocument {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`The OpenAPI bundle ${file} is missing. Run "npm run api:bundle" first.`);
  }
  try {
    return JSON.parse(text) as OpenApiDocument;
  } catch (error) {
    throw new Error(`The OpenAPI bundle ${file} is not valid JSON: ${(error as Error).message}`);
  }
}
