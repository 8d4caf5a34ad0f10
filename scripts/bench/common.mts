// What every step of `npm run bench` shares: where the site and the results are, the log line,
// rounding, byte sizes, and running a preparation command.
import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** The site's folder (scripts/bench/ is two levels down). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where the results and the build logs go. */
export const outDir = path.join(root, 'generated', 'bench');

/** A size in bytes, as served and gzipped. */
export interface ByteSizes {
  raw: number;
  gzip: number;
}

export function log(message: string): void {
  console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a preparation step (not measured); its output goes to the log, failures stop the bench. */
export function run(command: string, args: string[], {cwd, logFile}: {cwd: string; logFile?: string}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {...process.env, FORCE_COLOR: '0'},
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const output = Buffer.concat(chunks).toString('utf8');
      if (logFile) writeFileSync(logFile, `$ ${command} ${args.join(' ')}\n${output}`, {flag: 'a'});
      if (code === 0) resolve(output);
      else reject(new Error(`"${command} ${args.join(' ')}" failed (exit code ${code}):\n${output.slice(-3000)}`));
    });
  });
}

/** The median of `numbers` (the mean of the middle two for an even count). */
export function medianOf(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
