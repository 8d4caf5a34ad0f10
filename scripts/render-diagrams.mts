#!/usr/bin/env node
// Renders every ```mermaid block of docs/ to a static SVG in generated/static/diagrams/ with
// Debian's Chromium, once per distinct diagram (files are named by a hash of the source).
// A diagram with a syntax error stops the build with its file and line.
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {createMermaidRenderer} from 'mermaid-isomorphic';
import {DIAGRAM_DIR, diagramId} from '../plugins/mermaid/diagrams.mts';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from './chromium.mts';

/** A ```mermaid block of a page, with where it is and the id of its SVG. */
interface Diagram {
  file: string;
  line: number;
  source: string;
  id: string;
}

function findDiagrams(dir: string): Diagram[] {
  const diagrams: Diagram[] = [];
  for (const entry of readdirSync(dir, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^```mermaid[^\n]*\n([\s\S]*?)^```\s*$/gm)) {
      const line = text.slice(0, match.index).split('\n').length;
      diagrams.push({file, line, source: match[1], id: diagramId(match[1])});
    }
  }
  return diagrams;
}

const diagrams = findDiagrams('docs');
const wanted = new Map(diagrams.map((d) => [d.id, d]));
mkdirSync(DIAGRAM_DIR, {recursive: true});
for (const name of readdirSync(DIAGRAM_DIR)) {
  if (!wanted.has(name.replace(/\.svg$/, ''))) rmSync(path.join(DIAGRAM_DIR, name));
}
const missing = [...wanted.values()].filter((d) => !existsSync(path.join(DIAGRAM_DIR, `${d.id}.svg`)));

if (missing.length > 0) {
  const render = createMermaidRenderer({
    launchOptions: {executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS},
  });
  const results = await render(
    missing.map((d) => d.source),
    {
      mermaidConfig: {theme: 'neutral', fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif'},
    },
  );
  const failures: string[] = [];
  results.forEach((result, i) => {
    const diagram = missing[i];
    if (result.status === 'fulfilled') writeFileSync(path.join(DIAGRAM_DIR, `${diagram.id}.svg`), result.value.svg);
    else failures.push(`${diagram.file}:${diagram.line}: ${result.reason?.message ?? result.reason}`);
  });
  if (failures.length > 0) {
    console.error(`[diagrams] ${failures.length} diagram(s) failed to render:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}
console.log(`[diagrams] ${diagrams.length} diagram block(s), ${wanted.size} distinct, ${missing.length} rendered now.`);
