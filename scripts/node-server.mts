// Starts one of the project's Node servers (the MCP server, a sandbox process) as a child process
// and resolves once it prints that it listens; its output then goes on to this process's.
import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningNodeServer {
  child: ChildProcess;
  stop: () => void;
}

/** Runs `node --import tsx <script> <args>` from the repository root; `name` is for messages. */
export function startNodeServer(name: string, script: string, args: string[]): Promise<RunningNodeServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    // Loading a build takes a second or two; a loaded machine can take much longer.
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${name} did not start listening within 60 s.`));
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
      reject(new Error(`${name} exited with code ${code} before listening: ${output.trim()}`));
    };
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
}
