// Every shell block of the guides that calls the API runs as a reader would paste it: in page order,
// in one bash session per page, with the page's local blocks before it (an OpenSSL key pair, an
// idempotency key), against a sandbox seeded for the page (`seed=page:…`), with production's
// address and the public sandbox's replaced by a local sandbox. Each block must exit with 0 and
// print no problem document; a block the page follows with its output (```text) must print it,
// when it runs against the sandbox's own address.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {guidePageFiles} from '../tests/content/pages.mts';
import {PRODUCTION_API, PUBLIC_SANDBOX, shellBlocks, type ShellBlock} from './shell-blocks.mts';
import {serveForFile, testSandbox} from './test-support.mts';
import {pageSeed, worlds} from './world.mts';

// Short enough for the blocks that poll (every 5 or 10 seconds) to end on their second poll, long
// enough for a script that settles a change with a test helper to find it still pending.
const served = serveForFile(testSandbox({delayMs: 3000}));

const PROBLEM = '/docs/api/problem-types#';
const MARK = '@@block-end';

/** The text block right after `block` on its page, if the page shows the block's output. */
function shownOutput(file: string, block: ShellBlock): string | undefined {
  const line = Number(block.where.split(':').at(-1));
  const lines = readFileSync(file, 'utf8').split('\n');
  let index = line - 1 + block.code.split('\n').length + 2;
  while (index < lines.length && !lines[index].trim()) index++;
  if (lines[index]?.trim() !== '```text') return undefined;
  const end = lines.indexOf(lines[index].replace('text', ''), index + 1);
  return lines
    .slice(index + 1, end)
    .join('\n')
    .trim();
}

/** Runs the blocks in one bash session; answers each block's exit status and output. */
function runSession(blocks: ShellBlock[], token: string, cwd: string) {
  const script = blocks
    .map((block, index) => {
      const code = block.code.replaceAll(PRODUCTION_API, `${served.base}/api/`).replaceAll(PUBLIC_SANDBOX, served.base);
      return `${code}\nprintf '\\n${MARK} ${index} %s\\n' "$?"`;
    })
    .join('\n');
  return new Promise<{results: {status: number; output: string}[]; stderr: string}>((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {
      cwd,
      env: {PATH: process.env.PATH, HOME: cwd, TRIBUTARY_TOKEN: token},
      signal: AbortSignal.timeout(60_000),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', () => {
      const results: {status: number; output: string}[] = [];
      let rest = stdout;
      for (let index = 0; index < blocks.length; index++) {
        const match = new RegExp(`\\n?${MARK} ${index} (\\d+)\\n`).exec(rest);
        if (!match) break;
        results.push({status: Number(match[1]), output: rest.slice(0, match.index).trim()});
        rest = rest.slice(match.index + match[0].length);
      }
      resolve({results, stderr});
    });
    // The token a block reads from the prompt (`read -s`), as a reader pastes it.
    child.stdin.end(`${token}\n`);
  });
}

const pages = guidePageFiles()
  .map((file) => ({file, blocks: shellBlocks(file)}))
  .filter((page) => page.blocks.some((block) => block.callsApi));

test('the guides have shell blocks that call the API', () => {
  assert.ok(pages.length >= 5, `${pages.length} pages`);
});

for (const {file, blocks} of pages) {
  test(`${path.relative(process.cwd(), file)}: its shell blocks run against the sandbox`, async () => {
    // A page with <ApiRequest> calls starts from its own world; the others from an empty sandbox.
    const seed = worlds().worlds[pageSeed(file)] ? `?seed=${encodeURIComponent(pageSeed(file))}` : '';
    const minted = await fetch(`${served.base}/tokens${seed}`, {method: 'POST'});
    assert.equal(minted.status, 201);
    const {token} = (await minted.json()) as {token: string};
    const cwd = mkdtempSync(path.join(tmpdir(), 'shell-replay-'));
    try {
      const {results, stderr} = await runSession(blocks, token, cwd);
      assert.equal(results.length, blocks.length, `the session stopped after ${results.length} blocks: ${stderr}`);
      blocks.forEach((block, index) => {
        const {status, output} = results[index];
        assert.equal(status, 0, `${block.where} exited with ${status}: ${stderr}`);
        assert.ok(!output.includes(PROBLEM), `${block.where} printed a problem: ${output.slice(0, 400)}`);
        const shown = shownOutput(file, block);
        if (shown !== undefined && !block.code.includes(PRODUCTION_API))
          assert.equal(output, shown, `${block.where} prints what the page shows`);
      });
    } finally {
      rmSync(cwd, {recursive: true, force: true});
    }
  });
}
