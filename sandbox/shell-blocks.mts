// The shell blocks of a guide page that a reader runs against the API: those that call it (at
// production's address or the sandbox's), and before them the local ones whose files or variables
// they use (an OpenSSL key pair, an idempotency key). shell-replay.test.mts runs them, in page
// order and in one shell, against a sandbox seeded for the page.
import {readFileSync} from 'node:fs';
import {createProcessor} from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import {visit} from 'unist-util-visit';

export const PRODUCTION_API = 'https://api.tributary.example/api/';
export const PUBLIC_SANDBOX = 'https://docs.tributary.example/docs/sandbox';

/** Commands that touch nothing outside the reader's machine. */
const LOCAL_COMMAND = /^(openssl|cat|chmod|echo|export|unset|[A-Z_][A-Z0-9_]*=)/;

export interface ShellBlock {
  /** `file:line` of the block. */
  where: string;
  code: string;
  /** Whether it calls the API; the others only prepare what those read. */
  callsApi: boolean;
}

const processor = createProcessor({remarkPlugins: [remarkFrontmatter]});

/** Lines that start a command: not a continuation of the line before, not a comment. */
function commandLines(code: string): string[] {
  const lines = code.split('\n');
  return lines.filter(
    (line, index) =>
      line.trim() && !line.trim().startsWith('#') && !(index > 0 && lines[index - 1].trimEnd().endsWith('\\')),
  );
}

export function shellBlocks(file: string, text = readFileSync(file, 'utf8')): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  visit(processor.parse({value: text, path: file}), 'code', (node) => {
    const code = node as unknown as {lang?: string | null; value: string; position?: {start: {line: number}}};
    if (!['bash', 'sh', 'shell'].includes(code.lang ?? '')) return;
    const callsApi =
      code.value.includes(PRODUCTION_API) || code.value.includes(PUBLIC_SANDBOX) || /\$\{?SANDBOX\b/.test(code.value);
    const local = commandLines(code.value).every((line) => LOCAL_COMMAND.test(line.trim()));
    if (callsApi || local)
      blocks.push({where: `${file}:${code.position?.start.line ?? '?'}`, code: code.value, callsApi});
  });
  // Local blocks after the page's last API call prepare nothing that is run.
  const last = blocks.map((block) => block.callsApi).lastIndexOf(true);
  return blocks.slice(0, last + 1);
}
