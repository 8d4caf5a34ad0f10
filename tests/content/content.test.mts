import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {guidePageFiles} from './pages.mts';

/** The machine-checked rules of handbook/writing-guide.md (the YAML block under "Machine-checked rules"). */
interface WritingRules {
  content_types: string[];
  front_matter: string[];
  description_length: {min: number; max: number};
  placeholders: string[];
  banned_words: string[];
  code_languages: string[];
}

const GUIDE = 'handbook/writing-guide.md';

function readRules(): WritingRules {
  const text = readFileSync(GUIDE, 'utf8');
  const section = text.split(/^## Machine-checked rules[ \t]*$/m)[1];
  const block = section?.match(/^```yaml\n([\s\S]*?)^```[ \t]*$/m);
  if (!block) throw new Error(`${GUIDE}: no \`\`\`yaml block under "## Machine-checked rules"`);
  return YAML.parse(block[1]) as WritingRules;
}

const RULES = readRules();

/** A case-insensitive regular expression that matches any of the terms as whole words. */
function wordsPattern(terms: string[]): RegExp {
  const escaped = terms.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
  return new RegExp(`(?<![\\w-])(${escaped.join('|')})(?![\\w-])`, 'gi');
}

const PLACEHOLDERS = wordsPattern(RULES.placeholders);
const BANNED = wordsPattern(RULES.banned_words);

const pages = guidePageFiles();

function split(file: string) {
  const text = readFileSync(file, 'utf8');
  const match = text.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/);
  return {frontMatter: match ? YAML.parse(match[1]) : null, body: match ? match[2] : text};
}

/** Removes fenced code so that prose checks do not look inside code. */
function prose(body: string): string {
  return body.replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
}

/**
 * The prose lines of a page with their line numbers in the file: front matter, fenced code blocks,
 * import lines and the props of JSX components (such as <ApiRequest body={{...}} />) are left out,
 * and inline code spans and link targets are blanked.
 */
function proseLines(file: string): {line: number; text: string}[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const result: {line: number; text: string}[] = [];
  let i = 0;
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    // The title and description are prose too.
    for (let j = 1; j < end; j++) {
      if (/^(title|description):/.test(lines[j])) result.push({line: j + 1, text: lines[j]});
    }
    i = end + 1;
  }
  let fence: string | null = null;
  let inComponent = false;
  for (; i < lines.length; i++) {
    const line = lines[i];
    const open = line.match(/^\s*(```+|~~~+)(.*)$/);
    if (fence) {
      if (open && open[1] === fence && !open[2].trim()) fence = null;
      continue;
    }
    if (open) {
      fence = open[1];
      continue;
    }
    if (inComponent) {
      if (/\/?>\s*$/.test(line)) inComponent = false;
      continue;
    }
    // A component tag whose props continue on the next lines.
    if (/^\s*<[A-Z][\w.]*(\s[^>]*)?$/.test(line)) {
      inComponent = true;
      continue;
    }
    if (/^import\s/.test(line)) continue;
    const text = line
      .replace(/(`+)[^`]*?\1/g, ' ')
      .replace(/\]\([^)]*\)/g, '] ')
      .replace(/<[^>]*>/g, ' ');
    result.push({line: i + 1, text});
  }
  return result;
}

test('the writing guide has every machine-checked rule', () => {
  for (const key of ['content_types', 'front_matter', 'placeholders', 'banned_words', 'code_languages'] as const) {
    assert.ok(
      Array.isArray(RULES[key]) && RULES[key].length > 0 && RULES[key].every((v) => typeof v === 'string'),
      `${GUIDE}: ${key} must be a list of strings`,
    );
  }
  const {min, max} = RULES.description_length ?? {};
  assert.ok(Number.isInteger(min) && Number.isInteger(max) && min < max, `${GUIDE}: description_length`);
});

test('there is a page for every guide of the catalogue', () => {
  // New pages may be added; no catalogue page may disappear or move.
  const catalogue = JSON.parse(readFileSync('tests/fixtures/catalogue.json', 'utf8')) as {
    guides: {path: string; title: string}[];
  };
  const route = (file: string) =>
    '/' +
    path
      .relative('docs', file)
      .split(path.sep)
      .join('/')
      .replace(/\.mdx?$/, '');
  const routes = new Set(pages.map(route));
  const missing = catalogue.guides.map((guide) => guide.path).filter((guidePath) => !routes.has(guidePath));
  assert.deepEqual(missing, [], `catalogue guides without a page: ${missing.join(', ')}`);
});

test('every page has complete, well-formed front matter', () => {
  const {min, max} = RULES.description_length;
  const problems: string[] = [];
  for (const file of pages) {
    const {frontMatter: fm} = split(file);
    if (!fm) {
      problems.push(`${file}: no front matter`);
      continue;
    }
    for (const key of RULES.front_matter) if (!(key in fm)) problems.push(`${file}: no ${key}`);
    if (typeof fm.title !== 'string' || !fm.title.trim()) problems.push(`${file}: title`);
    if (fm.title !== path.basename(file).replace(/\.mdx?$/, ''))
      problems.push(`${file}: title differs from the file name`);
    if (typeof fm.description !== 'string' || fm.description.length < min || fm.description.length > max) {
      problems.push(`${file}: description must be ${min}–${max} characters (${fm.description?.length})`);
    }
    if (!Number.isInteger(fm.sidebar_position)) problems.push(`${file}: sidebar_position`);
    if (!RULES.content_types.includes(fm.content_type)) problems.push(`${file}: content_type "${fm.content_type}"`);
  }
  assert.deepEqual(problems, []);
});

test('no page contains placeholder words', () => {
  const problems = pages.filter((file) => prose(split(file).body).match(PLACEHOLDERS));
  assert.deepEqual(problems, []);
});

test('no page uses the banned words of the writing guide in its prose', () => {
  const problems: string[] = [];
  for (const file of pages) {
    for (const {line, text} of proseLines(file)) {
      for (const match of text.matchAll(BANNED)) problems.push(`${file}:${line}: "${match[1]}"`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every code block names a language of the writing guide', () => {
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
      const language = open[2].trim().split(/[\s{]/)[0];
      if (!language) problems.push(`${file}:${i + 1}: no language`);
      else if (!RULES.code_languages.includes(language)) problems.push(`${file}:${i + 1}: language "${language}"`);
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
