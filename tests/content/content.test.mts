import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const CONTENT_TYPES = ['concept', 'how-to', 'tutorial', 'reference', 'overview'];
const PLACEHOLDERS = /\b(TODO|TBD|FIXME|lorem ipsum|lorem|coming soon)\b/i;

const pages = readdirSync('docs', {recursive: true, withFileTypes: true})
  .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
  .sort();

function split(file: string) {
  const text = readFileSync(file, 'utf8');
  const match = text.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/);
  return {frontMatter: match ? YAML.parse(match[1]) : null, body: match ? match[2] : text};
}

/** Removes fenced code so that prose checks do not look inside code. */
function prose(body: string): string {
  return body.replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
}

test('there is a page for every guide of the catalogue', () => {
  assert.equal(pages.length, 69);
});

test('every page has complete, well-formed front matter', () => {
  const problems: string[] = [];
  for (const file of pages) {
    const {frontMatter: fm} = split(file);
    if (!fm) {
      problems.push(`${file}: no front matter`);
      continue;
    }
    if (typeof fm.title !== 'string' || !fm.title.trim()) problems.push(`${file}: title`);
    if (fm.title !== path.basename(file).replace(/\.mdx?$/, ''))
      problems.push(`${file}: title differs from the file name`);
    if (typeof fm.description !== 'string' || fm.description.length < 50 || fm.description.length > 160) {
      problems.push(`${file}: description must be 50–160 characters (${fm.description?.length})`);
    }
    if (!Number.isInteger(fm.sidebar_position)) problems.push(`${file}: sidebar_position`);
    if (!CONTENT_TYPES.includes(fm.content_type)) problems.push(`${file}: content_type "${fm.content_type}"`);
  }
  assert.deepEqual(problems, []);
});

test('no page contains placeholder words', () => {
  const problems = pages.filter((file) => PLACEHOLDERS.test(prose(split(file).body)));
  assert.deepEqual(problems, []);
});

test('every code block names its language', () => {
  const problems: string[] = [];
  for (const file of pages) {
    const lines = split(file).body.split('\n');
    let fence: string | null = null;
    lines.forEach((line, i) => {
      const open = line.match(/^\s*(```+|~~~+)(.*)$/);
      if (!open) return;
      if (fence) {
        if (open[1] === fence && !open[2].trim()) fence = null;
        return;
      }
      fence = open[1];
      if (!open[2].trim()) problems.push(`${file}:${i + 1}`);
    });
  }
  assert.deepEqual(problems, []);
});

test('no section is empty', () => {
  const problems: string[] = [];
  for (const file of pages) {
    const sections = prose(split(file).body).split(/^(?=#{2,6} )/m);
    sections.forEach((section, i) => {
      const [heading, ...rest] = section.split('\n');
      if (!/^#{2,6} /.test(heading)) return;
      const level = heading.match(/^#+/)![0].length;
      const next = sections[i + 1]?.match(/^#+/)?.[0].length ?? 0;
      const content = rest
        .join('\n')
        .replace(/<\/?(Tabs|TabItem)[^>]*>/g, '')
        .trim();
      // A heading directly followed by a deeper heading is a parent section, not an empty one.
      if (!content && !(next > level)) problems.push(`${file}: "${heading}"`);
    });
  }
  assert.deepEqual(problems, []);
});
