// Starts Prism's mock server on the bundled OpenAPI file at MOCK_URL, the "local mock" server the
// OpenAPI file lists, and resolves once it answers. `npm run mock` runs it until stopped.
import {spawn} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {MOCK_PORT, OPENAPI_BUNDLE} from '../src/lib/site.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The running mock: its URL and how to stop it. */
export interface RunningMock {
  url: string;
  stop: () => void;
}

export async function startMock({port = MOCK_PORT}: {port?: number} = {}): Promise<RunningMock> {
  const bin = path.join(root, 'node_modules/.bin/prism');
  // Prism reads the YAML twin of the bundle (the same document).
  const spec = path.join(root, OPENAPI_BUNDLE.replace(/\.json$/, '.yaml'));
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const mock = await startMock();
  console.log(`Mock API at ${mock.url} (Ctrl+C stops it)`);
  process.on('SIGINT', () => {
    mock.stop();
    process.exit(0);
  });
}
