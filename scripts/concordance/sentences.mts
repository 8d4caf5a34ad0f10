// Prose extraction for the concordance: turns an MDX guide page, a Markdown file or one OpenAPI
// description into sentences, each with the 1-based line it starts on and the heading above it.
// Code fences, front matter (except `description`), imports, comments and JSX tags are dropped
// (the text between an opening and a closing tag is kept); each table row and each heading is one
// sentence; paragraphs and list items are split on a sentence end followed by a capital letter.

export interface Sentence {
  /** 1-based line of the source text where the sentence starts. */
  line: number;
  /** The sentence, with Markdown links and emphasis reduced to their text; inline code is kept. */
  text: string;
  /** The nearest heading above the sentence ('' before the first one). */
  heading: string;
  /** `row` for a table row, `heading` for a heading, `front-matter` for the page description. */
  kind: 'prose' | 'row' | 'heading' | 'front-matter';
}

/** Replaces each character of `text` but the newlines by nothing, so that line numbers survive. */
function keepNewlines(text: string): string {
  return text.replace(/[^\n]/g, '');
}

/** Blanks the front matter, fenced code blocks and top-level import/export lines, line for line. */
function blankNonProse(lines: string[]): {lines: string[]; description?: {line: number; text: string}} {
  const out = [...lines];
  let description: {line: number; text: string} | undefined;
  let i = 0;
  if (out[0]?.trim() === '---') {
    let j = 1;
    while (j < out.length && out[j].trim() !== '---') j += 1;
    for (let k = 0; k <= Math.min(j, out.length - 1); k += 1) {
      const match = out[k].match(/^description:\s*(.+)$/);
      if (match) description = {line: k + 1, text: match[1].replace(/^(["'])(.*)\1$/, '$2')};
      out[k] = '';
    }
    i = j + 1;
  }
  for (; i < out.length; i += 1) {
    const open = out[i].match(/^\s*(`{3,}|~{3,})/);
    if (open) {
      const fence = open[1];
      out[i] = '';
      let j = i + 1;
      for (; j < out.length; j += 1) {
        const trimmed = out[j].trimStart();
        const closes = trimmed.startsWith(fence) && trimmed.slice(fence.length).trim() === '';
        out[j] = '';
        if (closes) break;
      }
      i = j;
      continue;
    }
    if (/^(import|export)\s/.test(out[i])) out[i] = '';
  }
  return {lines: out, description};
}

/** Where a JSX/HTML tag that starts at `start` (on `<`) ends (index after `>`), or -1. */
function tagEnd(text: string, start: number): number {
  let quote = '';
  let depth = 0;
  for (let i = start + 1; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = '';
      continue;
    }
    if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    else if (char === '>' && depth === 0) return i + 1;
    else if (char === '<' && depth === 0 && /[A-Za-z/]/.test(text[i + 1] ?? '')) return -1;
  }
  return -1;
}

/** A readable stand-in for the components that render a fact in place. */
function inlineComponent(tag: string): string {
  const name = tag.match(/^<\/?([A-Za-z][\w.]*)/)?.[1] ?? '';
  if (name === 'SchemaValue') {
    const of = tag.match(/\bof=["']([^"']+)["']/)?.[1];
    const fact = tag.match(/\bfact=["']([^"']+)["']/)?.[1];
    return of ? `⟨${of}${fact ? ` ${fact}` : ''}⟩` : '';
  }
  return '';
}

/** How many backticks stand in a row from `start`. */
function backtickRun(text: string, start: number): number {
  let run = 1;
  while (text[start + run] === '`') run += 1;
  return run;
}

/**
 * The inline code span open after a run of `run` backticks (its opening run's length, 0 for none):
 * outside a span the run opens one; inside, a run as long as the opening one closes it.
 */
function codeSpanAfter(open: number, run: number): number {
  if (open === 0) return run;
  return open === run ? 0 : open;
}

/** MDX and HTML comments: how each opens and closes. */
const COMMENTS = [
  ['{/*', '*/}'],
  ['<!--', '-->'],
] as const;

/**
 * Removes comments and JSX/HTML tags outside inline code, keeping every newline (a tag's props may
 * span lines: `<ApiRequest … />`) and the children of non-self-closing tags. Links in
 * angle brackets (`<https://…>`) keep their address.
 */
export function stripTags(text: string): string {
  let out = '';
  let codeRun = 0;
  for (let i = 0; i < text.length;) {
    const char = text[i];
    if (char === '`') {
      const run = backtickRun(text, i);
      codeRun = codeSpanAfter(codeRun, run);
      out += text.slice(i, i + run);
      i += run;
      continue;
    }
    if (char === '\n' && codeRun && /^\n\s*\n/.test(text.slice(i))) codeRun = 0; // spans end with the paragraph
    const comment = codeRun ? undefined : COMMENTS.find(([open]) => text.startsWith(open, i));
    if (comment) {
      const end = text.indexOf(comment[1], i);
      const stop = end < 0 ? text.length : end + comment[1].length;
      out += keepNewlines(text.slice(i, stop));
      i = stop;
      continue;
    }
    if (!codeRun && char === '<') {
      const autolink = text.slice(i).match(/^<((?:https?|mailto):[^\s>]+)>/);
      if (autolink) {
        out += autolink[1];
        i += autolink[0].length;
        continue;
      }
      if (/[A-Za-z/]/.test(text[i + 1] ?? '')) {
        const end = tagEnd(text, i);
        if (end > 0) {
          const tag = text.slice(i, end);
          out += inlineComponent(tag) + keepNewlines(tag);
          i = end;
          continue;
        }
      }
    }
    out += char;
    i += 1;
  }
  return out;
}

/** Markdown inline syntax reduced to text: links and images to their text, emphasis markers dropped. */
export function inlineText(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\((?:[^()\s]|\([^()]*\))*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

const ABBREVIATIONS = /(?:\be\.g|\bi\.e|\bvs|\bcf|\bapprox|\bNo|\bSt)\.$/i;

/**
 * Splits a paragraph into sentences: after `.`, `!` or `?` (optionally followed by a closing
 * bracket, quote or emphasis), outside inline code, when whitespace and a capital letter (or an
 * opening backtick, bracket, quote or emphasis) follow. Returns each sentence with its offset.
 */
export function splitSentences(text: string): {offset: number; text: string}[] {
  const result: {offset: number; text: string}[] = [];
  /** Keeps text[from, to) trimmed, if anything is left, at the offset of its first non-space character. */
  const add = (from: number, to: number) => {
    const sentence = text.slice(from, to).trim();
    if (sentence)
      result.push({offset: from + (text.slice(from).length - text.slice(from).trimStart().length), text: sentence});
  };
  let start = 0;
  let codeRun = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '`') {
      const run = backtickRun(text, i);
      codeRun = codeSpanAfter(codeRun, run);
      i += run - 1;
      continue;
    }
    if (codeRun || !'.!?'.includes(char)) continue;
    let end = i + 1;
    while (end < text.length && /[)\]"'’”*_]/.test(text[end])) end += 1;
    const rest = text.slice(end);
    const next = rest.match(/^\s+(?=[A-Z`"'“([*])/);
    if (!next) continue;
    if (char === '.' && ABBREVIATIONS.test(text.slice(Math.max(start, i - 8), i + 1))) continue;
    // "…version 1. Then" is a sentence end, but "v1.2" and "3.5" never reach here (no whitespace).
    add(start, end);
    start = end + next[0].length;
    i = start - 1;
  }
  add(start, text.length);
  return result;
}

interface Block {
  kind: Sentence['kind'];
  /** Pieces of the block, one per source line, with their 1-based line numbers. */
  pieces: {line: number; text: string}[];
  heading: string;
}

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;
const TABLE_ROW = /^\s*\|/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const ADMONITION = /^\s*:::\s*(\w+)?\s*(.*)$/;

/**
 * The sentences of a Markdown or MDX text. `firstLine` is added to every line number minus one
 * (for a description that starts on a given line of a YAML file).
 */
export function proseSentences(source: string, firstLine = 1): Sentence[] {
  const {lines: blanked, description} = blankNonProse(source.split('\n'));
  const lines = stripTags(blanked.join('\n')).split('\n');
  const blocks: Block[] = [];
  let heading = '';
  let current: Block | undefined;
  const close = () => {
    if (current && current.pieces.some((piece) => piece.text.trim())) blocks.push(current);
    current = undefined;
  };
  if (description)
    blocks.push({kind: 'front-matter', pieces: [{line: description.line, text: description.text}], heading});
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return close();
    const headingMatch = raw.match(HEADING);
    if (headingMatch) {
      close();
      heading = inlineText(headingMatch[2]);
      blocks.push({kind: 'heading', pieces: [{line, text: headingMatch[2]}], heading});
      return;
    }
    const admonition = raw.match(ADMONITION);
    if (admonition) {
      close();
      if (admonition[2]) blocks.push({kind: 'prose', pieces: [{line, text: admonition[2]}], heading});
      return;
    }
    if (TABLE_ROW.test(raw)) {
      close();
      if (!TABLE_SEPARATOR.test(raw)) blocks.push({kind: 'row', pieces: [{line, text: raw.trim()}], heading});
      return;
    }
    const text = raw.replace(/^\s*>\s?/, '');
    if (LIST_ITEM.test(text)) {
      close();
      current = {kind: 'prose', pieces: [{line, text: text.replace(LIST_ITEM, '')}], heading};
      return;
    }
    if (!current) current = {kind: 'prose', pieces: [], heading};
    current.pieces.push({line, text: text.trim()});
  });
  close();

  const sentences: Sentence[] = [];
  for (const block of blocks) {
    if (block.kind !== 'prose') {
      const text = inlineText(block.pieces.map((piece) => piece.text).join(' '));
      if (text)
        sentences.push({line: block.pieces[0].line + firstLine - 1, text, heading: block.heading, kind: block.kind});
      continue;
    }
    let joined = '';
    const starts: {offset: number; line: number}[] = [];
    for (const piece of block.pieces) {
      if (joined) joined += ' ';
      starts.push({offset: joined.length, line: piece.line});
      joined += piece.text.trim();
    }
    for (const part of splitSentences(joined)) {
      const text = inlineText(part.text);
      if (!text) continue;
      let line = starts[0].line;
      for (const start of starts) if (start.offset <= part.offset) line = start.line;
      sentences.push({line: line + firstLine - 1, text, heading: block.heading, kind: 'prose'});
    }
  }
  return sentences;
}
