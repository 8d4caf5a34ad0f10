#!/usr/bin/env node
// Writes the worlds the sandbox seeds tokens with (./world.mts: the example world and each page's)
// from the guides' examples, as part of `npm run api:gen`: generated/sandbox/worlds.json.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {SandboxSpec} from './spec.mts';
import {buildWorlds, WORLD_FILE} from './world.mts';

const built = buildWorlds(new SandboxSpec());
mkdirSync(path.dirname(WORLD_FILE), {recursive: true});
writeFileSync(WORLD_FILE, `${JSON.stringify(built)}\n`);
const example = built.worlds['example-world'];
console.log(
  `Sandbox worlds: the example world (${example.length} objects) and ${Object.keys(built.worlds).length - 1} pages' → ${path.relative(process.cwd(), WORLD_FILE)}`,
);
