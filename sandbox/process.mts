// Starts sandbox processes (./main.mts) for serve-nginx and the tests, and resolves once each listens.
import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningSandbox {
  child: ChildProcess;
  stop: () => void;
}

export function startSandbox({
  listen,
  dataDir,
  delayMs,
}: {
  /** A port, host:port or Unix socket path. */
  listen: string;
  dataDir: string;
  delayMs?: number;
}): Promise<RunningSandbox> {
  const args = ['--import', 'tsx', path.join(root, 'sandbox/main.mts'), '--listen', listen, '--data', dataDir];
  if (delayMs !== undefined) args.push('--delay-ms', String(delayMs));
  const child = spawn(process.execPath, args, {cwd: root, stdio: ['ignore', 'pipe', 'inherit']});
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error('The sandbox did not start listening within 60 s.'));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (!output.includes('listening')) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.stdout!.pipe(process.stdout);
      child.off('exit', onExit);
      resolve({child, stop: () => child.kill('SIGTERM')});
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`The sandbox exited with code ${code} before listening: ${output.trim()}`));
    };
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
}
