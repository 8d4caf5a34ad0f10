#!/usr/bin/env node
// Starts Prism's mock server on the bundled OpenAPI file at http://127.0.0.1:4010, the "local
// mock" server the OpenAPI file lists, and resolves once it answers.
import {spawn} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MOCK_PORT = 4010;

/** The running mock: its URL and how to stop it. */
export interface RunningMock {
  url: string;
  stop: () => void;
}

export async function startMock({port = MOCK_PORT}: {port?: number} = {}): Promise<RunningMock> {
  const bin = path.join(root, 'node_modules/.bin/prism');
  const spec = path.join(root, 'generated/static/openapi.yaml');
  const child = spawn(bin, ['mock', spec, '--host', '127.0.0.1', '--port', String(port), '--errors', 'false'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`The mock server exited with code ${child.exitCode}`);
    try {
      await fetch(`${url}/services/`);
      return {url, stop: () => child.kill('SIGTERM')};
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGTERM');
  throw new Error(`The mock server did not answer on ${url}`);
}
