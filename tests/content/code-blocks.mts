// Reads the fenced code blocks of the guide pages and checks what a machine can judge: shell
// blocks parse, JSON and YAML blocks parse, and `aws` commands name a real service, operation and
// parameters of the AWS API models (the AWS SDK's, from the npm registry).
import {readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {guidePageFiles} from './pages.mts';

export interface CodeBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  /** The rest of the fence line: `title="…"` and such. */
  meta: string;
  code: string;
}

/** Every fenced block of an MDX/Markdown text, with its indentation (list items, tabs) removed. */
export function codeBlocks(file: string, text: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = lines[i].match(/^(\s*)(`{3,}|~{3,})\s*([\w-]*)(.*)$/);
    if (!open) continue;
    const [, indent, fence, language, meta] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j += 1) {
      const trimmed = lines[j].trimStart();
      if (trimmed.startsWith(fence) && trimmed.slice(fence.length).trim() === '') break;
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    blocks.push({file, line: i + 1, language: language.toLowerCase(), meta: meta.trim(), code: body.join('\n')});
    i = j;
  }
  return blocks;
}

/** The guide pages' code blocks. */
export function guideCodeBlocks(root = 'docs'): CodeBlock[] {
  return guidePageFiles(root).flatMap((file) => codeBlocks(file, readFileSync(file, 'utf8')));
}

// ---------------------------------------------------------------------------------------------
// Shell: the simple commands of a script, enough to find `aws …` invocations and their words.

/**
 * Splits a shell script into simple commands (lists of words), looking inside `$(…)` too.
 * Quotes are kept out of the words; heredoc bodies and comments are skipped.
 */
export function simpleCommands(script: string): string[][] {
  const commands: string[][] = [];
  const text = script.replace(/\\\n/g, ' ');
  let words: string[] = [];
  let word = '';
  let inWord = false;
  const pendingHeredocs: string[] = [];
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(words);
    words = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\n') {
      endCommand();
      // Skip the bodies of heredocs opened on this line.
      while (pendingHeredocs.length) {
        const delimiter = pendingHeredocs.shift()!;
        const lines = text.slice(i + 1).split('\n');
        let skipped = 0;
        for (const line of lines) {
          skipped += line.length + 1;
          if (line.replace(/^\t+/, '') === delimiter) break;
        }
        i += skipped;
      }
      continue;
    }
    if (char === '#' && !inWord) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i += 1;
      continue;
    }
    if (char === ' ' || char === '\t') {
      endWord();
      continue;
    }
    if (char === "'") {
      const end = text.indexOf("'", i + 1);
      word += text.slice(i + 1, end < 0 ? text.length : end);
      inWord = true;
      i = end < 0 ? text.length : end;
      continue;
    }
    if (char === '"' || char === '`') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== char) {
        if (text[j] === '\\' && j + 1 < text.length) {
          value += text[j + 1];
          j += 2;
          continue;
        }
        if (text[j] === '$' && text[j + 1] === '(') {
          const end = matchingParen(text, j + 1);
          commands.push(...simpleCommands(text.slice(j + 2, end)));
          value += text.slice(j, end + 1);
          j = end + 1;
          continue;
        }
        value += text[j];
        j += 1;
      }
      if (char === '`') commands.push(...simpleCommands(value));
      word += value;
      inWord = true;
      i = j;
      continue;
    }
    if (char === '\\' && i + 1 < text.length) {
      word += text[i + 1];
      inWord = true;
      i += 1;
      continue;
    }
    if (char === '$' && text[i + 1] === '(') {
      const end = matchingParen(text, i + 1);
      commands.push(...simpleCommands(text.slice(i + 2, end)));
      word += text.slice(i, end + 1);
      inWord = true;
      i = end;
      continue;
    }
    if (char === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
      endWord();
      const heredoc = text.slice(i).match(/^<<-?\s*(['"]?)([\w.-]+)\1/);
      if (heredoc) {
        pendingHeredocs.push(heredoc[2]);
        i += heredoc[0].length - 1;
        continue;
      }
    }
    if ('|&;()'.includes(char)) {
      endCommand();
      continue;
    }
    if ('<>'.includes(char) && !inWord) {
      // A redirection: the operator and its target are not words of the command.
      endWord();
      while ('<>&'.includes(text[i + 1] ?? '')) i += 1;
      while (text[i + 1] === ' ') i += 1;
      const target = text.slice(i + 1).match(/^("[^"]*"|'[^']*'|[^\s|&;()<>]+)/);
      if (target) i += target[0].length;
      continue;
    }
    word += char;
    inWord = true;
  }
  endCommand();
  return commands;
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') {
      depth -= 1;
      if (depth === 0) return i;
    } else if (text[i] === "'" || text[i] === '"') {
      const end = text.indexOf(text[i], i + 1);
      if (end > 0) i = end;
    }
  }
  return text.length;
}

/** The commands of a script that run the AWS CLI, from `aws` on (after `sudo`, `do`, variable assignments…). */
export function awsCommands(script: string): string[][] {
  const prefixes = new Set([
    'sudo',
    'do',
    'then',
    'else',
    'elif',
    '!',
    'time',
    'command',
    'exec',
    'if',
    'while',
    'until',
  ]);
  return simpleCommands(script).flatMap((words) => {
    let start = 0;
    while (start < words.length && (prefixes.has(words[start]) || /^[A-Za-z_]\w*=/.test(words[start]))) start += 1;
    return words[start] === 'aws' ? [words.slice(start)] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// AWS CLI: commands checked against the service models of the AWS SDK for JavaScript (v2), which
// ship as JSON. The CLI's names are the models' names in kebab case.

interface Shape {
  type?: string;
  members?: Record<string, {shape?: string}>;
  required?: string[];
}
interface ServiceModel {
  operations: Record<string, {input?: {shape?: string; members?: Shape['members']; required?: string[]}}>;
  shapes: Record<string, Shape>;
  waiters: Record<string, {operation: string}>;
}

/** Options every AWS CLI command accepts, with whether they take a value. */
const GLOBAL_OPTIONS: Record<string, boolean> = {
  '--region': true,
  '--output': true,
  '--query': true,
  '--profile': true,
  '--endpoint-url': true,
  '--color': true,
  '--ca-bundle': true,
  '--cli-read-timeout': true,
  '--cli-connect-timeout': true,
  '--cli-binary-format': true,
  '--cli-input-json': true,
  '--cli-input-yaml': true,
  '--generate-cli-skeleton': false,
  '--debug': false,
  '--no-verify-ssl': false,
  '--no-paginate': false,
  '--no-sign-request': false,
  '--no-cli-pager': false,
  '--cli-auto-prompt': false,
  '--no-cli-auto-prompt': false,
  '--page-size': true,
  '--max-items': true,
  '--starting-token': true,
};

/**
 * The high-level `aws s3` commands (hand-written in the CLI, not generated from a model) and the
 * options the guides use with them, from the AWS CLI command reference.
 */
const S3_COMMANDS: Record<string, string[]> = {
  cp: [
    '--recursive',
    '--exclude',
    '--include',
    '--sse',
    '--sse-kms-key-id',
    '--content-type',
    '--dryrun',
    '--quiet',
    '--only-show-errors',
    '--acl',
    '--storage-class',
    '--expected-size',
  ],
  ls: ['--recursive', '--human-readable', '--summarize', '--page-size', '--request-payer'],
  mb: [],
  rb: ['--force'],
  mv: ['--recursive', '--exclude', '--include', '--dryrun', '--quiet'],
  rm: ['--recursive', '--exclude', '--include', '--dryrun', '--quiet'],
  sync: [
    '--delete',
    '--exclude',
    '--include',
    '--dryrun',
    '--quiet',
    '--size-only',
    '--exact-timestamps',
    '--sse',
    '--sse-kms-key-id',
  ],
  presign: ['--expires-in'],
  website: ['--index-document', '--error-document'],
};

/** CLI service names that differ from the SDK's identifiers. */
const SERVICE_ALIASES: Record<string, string> = {s3api: 's3', logs: 'cloudwatchlogs'};

const normalize = (name: string) => name.replace(/^--/, '').replace(/[-_]/g, '').toLowerCase();

const require = createRequire(import.meta.url);
const apisDir = path.dirname(require.resolve('aws-sdk/apis/metadata.json'));
const metadata: Record<string, {prefix?: string}> = JSON.parse(
  readFileSync(path.join(apisDir, 'metadata.json'), 'utf8'),
);
const modelCache = new Map<string, ServiceModel | null>();

/** The newest model of a CLI service name, or null when the SDK has no such service. */
export function serviceModel(cliName: string): ServiceModel | null {
  if (modelCache.has(cliName)) return modelCache.get(cliName)!;
  const id = SERVICE_ALIASES[cliName] ?? cliName;
  const entry = metadata[id];
  let model: ServiceModel | null = null;
  if (entry) {
    const prefix = entry.prefix ?? id;
    const files = readdirSync(apisDir)
      .filter((name) => new RegExp(`^${prefix}-\\d{4}-\\d{2}-\\d{2}\\.min\\.json$`).test(name))
      .sort();
    const newest = files.at(-1);
    if (newest) {
      const api = JSON.parse(readFileSync(path.join(apisDir, newest), 'utf8'));
      const waitersFile = path.join(apisDir, newest.replace('.min.json', '.waiters2.json'));
      let waiters = {};
      try {
        waiters = JSON.parse(readFileSync(waitersFile, 'utf8')).waiters;
      } catch {
        // A service without waiters.
      }
      model = {operations: api.operations, shapes: api.shapes, waiters};
    }
  }
  modelCache.set(cliName, model);
  return model;
}

/** What is wrong with one `aws …` command (its words), or an empty list. */
export function checkAwsCommand(words: string[]): string[] {
  const args = words.slice(1);
  // Global options may come before the service name.
  while (args[0]?.startsWith('--')) {
    const raw = args.shift()!;
    const option = raw.split('=')[0];
    if (!(option in GLOBAL_OPTIONS)) return [`unknown global option ${option}`];
    if (GLOBAL_OPTIONS[option] && !raw.includes('=')) args.shift();
  }
  const [service, command, ...rest] = args;
  if (!service) return ['no service'];
  if (service === 's3') {
    const allowed = S3_COMMANDS[command];
    if (!allowed) return [`aws s3 has no command "${command}"`];
    return rest
      .filter((word) => word.startsWith('--'))
      .map((word) => word.split('=')[0])
      .filter((option) => !allowed.includes(option) && !(option in GLOBAL_OPTIONS))
      .map((option) => `aws s3 ${command} has no option ${option}`);
  }
  const model = serviceModel(service);
  if (!model) return [`no AWS service "${service}"`];
  let operationName: string | undefined;
  let options = rest;
  if (command === 'wait') {
    const waiter = Object.keys(model.waiters).find((name) => normalize(name) === normalize(rest[0] ?? ''));
    if (!waiter) return [`aws ${service} wait has no waiter "${rest[0]}"`];
    operationName = model.waiters[waiter].operation;
    options = rest.slice(1);
  } else {
    operationName = Object.keys(model.operations).find((name) => normalize(name) === normalize(command ?? ''));
    if (!operationName) return [`aws ${service} has no command "${command}"`];
  }
  const input = model.operations[operationName].input;
  const shape: Shape = input?.shape ? model.shapes[input.shape] : (input ?? {});
  const members = Object.keys(shape.members ?? {});
  const byNormalName = new Map(members.map((member) => [normalize(member), member]));
  const given = new Set<string>();
  const problems: string[] = [];
  for (const word of options) {
    if (!word.startsWith('--')) continue;
    const option = word.split('=')[0];
    if (option in GLOBAL_OPTIONS) continue;
    const member = byNormalName.get(normalize(option)) ?? byNormalName.get(normalize(option.replace(/^--no-/, '--')));
    if (!member) problems.push(`aws ${service} ${command}: no parameter ${option}`);
    else given.add(member);
  }
  const fromFile = options.some((word) => /^--cli-input-(json|yaml)/.test(word));
  if (!fromFile && command !== 'wait') {
    for (const required of shape.required ?? []) {
      if (!given.has(required)) problems.push(`aws ${service} ${command}: missing required --${kebab(required)}`);
    }
  }
  return problems;
}

/** An API member name as the CLI spells it: `RoleName` → `role-name`, `DNSName` → `dns-name`. */
export function kebab(name: string): string {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}
