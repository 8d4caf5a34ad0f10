#!/usr/bin/env node
// `npm run concordance -- <term> [more terms]`: every sentence that mentions a product term, side by
// side, from the product model, the OpenAPI descriptions and the guide pages, grouped by source with
// the place it comes from, so that two sources answering one question differently show up next to
// each other. `--topics` runs the built-in reader questions (topics.mts). See
// handbook/audit/concordance-review.md for how the review uses it.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {
  docSentences,
  loadOpenApi,
  modelSentences,
  openApiSentences,
  type Located,
  type SourceKind,
} from './sources.mts';
import {findTopic, TOPICS, type Topic} from './topics.mts';

export interface Query {
  /** The term as given, or the topic's name. */
  name: string;
  question?: string;
  /** Every group must have one matching expression. */
  all: RegExp[][];
}

export interface Result {
  query: Query;
  sentences: Located[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A term as a regular expression:
 * - `/regex/flags` is used as written;
 * - `word*` matches words that start with `word` (`deploy*`: deploy, deployed, deployment);
 * - anything else matches as a whole word or phrase, case-insensitively, with an optional plural
 *   `s`, a space matching any whitespace or a hyphen (`rate limit` finds "rate-limit" too).
 */
export function termPattern(term: string): RegExp {
  const literal = term.match(/^\/(.+)\/([a-z]*)$/s);
  if (literal) return new RegExp(literal[1], literal[2]);
  const prefix = term.endsWith('*') && term.length > 1;
  const body = (prefix ? term.slice(0, -1) : term).trim().split(/\s+/).map(escape).join('[\\s-]+');
  const before = /^\w/.test(term) ? '(?<![\\w])' : '';
  const after = prefix ? '' : /\w$/.test(term) ? '(?:e?s)?(?![\\w])' : '';
  return new RegExp(`${before}${body}${after}`, 'i');
}

export function termQuery(term: string): Query {
  return {name: term, all: [[termPattern(term)]]};
}

export function topicQuery(topic: Topic): Query {
  return {name: topic.name, question: topic.question, all: topic.all};
}

export function matches(query: Query, text: string): boolean {
  return query.all.every((group) => group.some((pattern) => pattern.test(text)));
}

/** What a query is matched against: the sentence, and for OpenAPI its label (`TrafficPolicy.ttl`) too. */
export function matchText(sentence: Located): string {
  return sentence.label ? `${sentence.label}: ${sentence.text}` : sentence.text;
}

/**
 * A term that is a problem type's slug also finds the problem's title ("Provider already
 * attached"), since pages name the situation rather than the slug; the problem type's own cause
 * and fix match through their label.
 */
export function expandProblemTypes(queries: Query[], doc: Record<string, unknown> | undefined): Query[] {
  const types = (doc?.['x-problem-types'] as {types?: Record<string, {title?: string}>} | undefined)?.types ?? {};
  return queries.map((query) => {
    const title = Object.hasOwn(types, query.name) ? types[query.name].title : undefined;
    if (!title || query.all.length !== 1) return query;
    return {
      ...query,
      question: `Problem type \`${query.name}\`: ${title}`,
      all: [[...query.all[0], termPattern(title)]],
    };
  });
}

const SOURCE_ORDER: SourceKind[] = ['model', 'openapi', 'docs'];
const SOURCE_TITLE: Record<SourceKind, string> = {
  model: 'Product model',
  openapi: 'OpenAPI descriptions',
  docs: 'Guide pages',
};

export function run(queries: Query[], corpus: Located[]): Result[] {
  return queries.map((query) => ({
    query,
    sentences: corpus
      .filter((sentence) => matches(query, matchText(sentence)))
      .sort((a, b) => SOURCE_ORDER.indexOf(a.source) - SOURCE_ORDER.indexOf(b.source)),
  }));
}

/** `file:line`, with the OpenAPI label in front of it. */
export function place(sentence: Located): string {
  const at = `${sentence.file}:${sentence.line}`;
  return sentence.source === 'openapi' ? `${sentence.label} (${at})` : at;
}

/** The results as Markdown-ish text: per query, per source, per file. */
export function formatText(results: Result[]): string {
  const out: string[] = [];
  for (const {query, sentences} of results) {
    const files = new Set(sentences.map((s) => s.file));
    out.push(`# ${query.name}: ${sentences.length} sentence(s) in ${files.size} file(s)`);
    if (query.question) out.push('', `> ${query.question}`);
    for (const source of SOURCE_ORDER) {
      const group = sentences.filter((s) => s.source === source);
      if (!group.length) continue;
      out.push('', `## ${SOURCE_TITLE[source]} (${group.length})`);
      if (source === 'openapi') {
        for (const sentence of group) out.push(`- ${place(sentence)}: ${sentence.text}`);
        continue;
      }
      for (const file of [...new Set(group.map((s) => s.file))]) {
        out.push('', `### ${file}`);
        for (const sentence of group.filter((s) => s.file === file)) {
          const where = sentence.heading && sentence.kind !== 'heading' ? ` (§ ${sentence.heading})` : '';
          out.push(`- ${sentence.line}${where}: ${sentence.text}`);
        }
      }
    }
    if (!sentences.length) out.push('', '(no sentence mentions it)');
    out.push('');
  }
  return out.join('\n');
}

export function formatJson(results: Result[]): string {
  return `${JSON.stringify(
    results.map(({query, sentences}) => ({
      query: query.name,
      question: query.question,
      patterns: query.all.map((group) => group.map(String)),
      count: sentences.length,
      sentences: sentences.map(({source, file, line, heading, kind, text, pointer, label}) => ({
        source,
        file,
        line,
        ...(heading ? {heading} : {}),
        kind,
        ...(pointer ? {pointer, label} : {}),
        text,
      })),
    })),
    null,
    2,
  )}\n`;
}

const USAGE = `Usage: npm run concordance -- [options] <term> [more terms]
       npm run concordance -- --topics | --topic <name> | --list-topics

A term is a word or phrase (whole words, any case, optional plural: "rate limit"), a prefix
("deploy*"), a code form in backticks ("\`active\`") or a regular expression ("/\\d+ minutes/i").

Options:
  --all              one list of the sentences that mention every term, instead of one per term
  --source <list>    only these sources, comma-separated: model, openapi, docs
  --topics           run every built-in topic
  --topic <name>     run one built-in topic (repeatable)
  --list-topics      list the built-in topics and their questions
  --bundle <file>    read this bundled OpenAPI JSON instead of bundling openapi/ now
  --json             JSON output for machines`;

export interface Options {
  terms: string[];
  topics: string[];
  allTopics: boolean;
  listTopics: boolean;
  every: boolean;
  sources: SourceKind[];
  json: boolean;
  bundle?: string;
}

export function parseArgs(args: string[]): Options {
  const options: Options = {
    terms: [],
    topics: [],
    allTopics: false,
    listTopics: false,
    every: false,
    sources: [...SOURCE_ORDER],
    json: false,
  };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    const value = () => {
      const next = args[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--json') options.json = true;
    else if (arg === '--all') options.every = true;
    else if (arg === '--topics') options.allTopics = true;
    else if (arg === '--list-topics') options.listTopics = true;
    else if (arg === '--topic') options.topics.push(value());
    else if (arg === '--bundle') options.bundle = value();
    else if (arg === '--source') {
      const sources = value().split(',');
      const unknown = sources.filter((s) => !SOURCE_ORDER.includes(s as SourceKind));
      if (unknown.length) throw new Error(`unknown source ${unknown.join(', ')}: use ${SOURCE_ORDER.join(', ')}`);
      options.sources = sources as SourceKind[];
    } else if (arg === '--help' || arg === '-h') throw new Error('');
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else options.terms.push(arg);
  }
  for (const name of options.topics) {
    if (!findTopic(name)) throw new Error(`unknown topic ${name}: ${TOPICS.map((t) => t.name).join(', ')}`);
  }
  if (!options.terms.length && !options.topics.length && !options.allTopics && !options.listTopics) throw new Error('');
  return options;
}

export function queriesFor(options: Options): Query[] {
  const queries: Query[] = [];
  if (options.every && options.terms.length) {
    queries.push({name: options.terms.join(' + '), all: options.terms.map((term) => [termPattern(term)])});
  } else {
    queries.push(...options.terms.map(termQuery));
  }
  const topics = options.allTopics ? TOPICS : options.topics.map((name) => findTopic(name)!);
  queries.push(...topics.map(topicQuery));
  return queries;
}

export async function loadCorpus(
  root: string,
  sources: SourceKind[],
  bundle?: string,
): Promise<{corpus: Located[]; doc?: Record<string, unknown>}> {
  const corpus: Located[] = [];
  let doc: Record<string, unknown> | undefined;
  if (sources.includes('model')) corpus.push(...modelSentences(root));
  if (sources.includes('openapi')) {
    doc = await loadOpenApi(root, bundle);
    corpus.push(...openApiSentences(root, doc));
  }
  if (sources.includes('docs')) corpus.push(...docSentences(root));
  return {corpus, doc};
}

async function main(): Promise<void> {
  // Piped into `head` or `less`: stop quietly when the reader closes the pipe.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    const message = (error as Error).message;
    console.error(message ? `${message}\n\n${USAGE}` : USAGE);
    process.exit(message ? 2 : 0);
  }
  if (options.listTopics) {
    for (const topic of TOPICS) console.log(`${topic.name.padEnd(24)} ${topic.question}`);
    return;
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const {corpus, doc} = await loadCorpus(root, options.sources, options.bundle);
  const results = run(expandProblemTypes(queriesFor(options), doc), corpus);
  process.stdout.write(options.json ? formatJson(results) : formatText(results));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
