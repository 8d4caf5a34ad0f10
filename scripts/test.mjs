#!/usr/bin/env node
// `npm test`: every check the project promises, in the order a failure is cheapest to report.
// 1. OpenAPI bundle and API page generation, 2. static checks (tsc, ESLint, Prettier, Redocly),
// 3. production build (its log is kept for the build-warning test), 4. unit and end-to-end tests
// with Node's test runner against the build served by nginx, the way production serves it.
import {spawn} from 'node:child_process';
import {createWriteStream, mkdirSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startNginx} from './serve-nginx.mjs';
import {startMock} from './mock-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildLog = path.join(root, 'generated', 'build.log');
const port = Number(process.env.TEST_PORT ?? 8090);

/** Test files: `*.test.ts` / `*.test.mjs` beside the code they test and under tests/. */
function findTests(dir) {
  return readdirSync(path.join(root, dir), {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.test\.(ts|tsx|mts|mjs)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

function run(title, command, args, {env = {}, logFile} = {}) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: root, env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']});
    const log = logFile ? createWriteStream(logFile) : null;
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        process.stdout.write(chunk);
        log?.write(chunk);
      });
    }
    child.on('close', (code) => {
      log?.end();
      if (code === 0) resolve();
      else reject(new Error(`${title} failed with exit code ${code}`));
    });
  });
}

const npx = (args, options) => run(args[0], 'npx', ['--no-install', ...args], options);

try {
  await run('OpenAPI bundle', 'node', ['scripts/bundle-openapi.mjs']);
  await run('request validators', 'node', ['scripts/build-validators.mjs']);
  await run('API reference pages', 'node', ['plugins/api-reference/generate.mjs']);
  await run('api:types', 'npm', ['run', '--silent', 'api:types']);
  await run('diagrams', 'node', ['scripts/render-diagrams.mjs']);
  await npx(['tsc', '-p', '.']);
  await npx(['eslint', '.', '--max-warnings=0']);
  await npx(['prettier', '--check', '.']);
  await npx(['redocly', 'lint', '--format=stylish']);
  await npx(['cspell', '--no-progress']);
  await npx(['markdownlint-cli2']);
  await run('API examples in guides', 'node', ['scripts/check-api-requests.mjs']);
  mkdirSync(path.dirname(buildLog), {recursive: true});
  // Test a cold build: an interrupted earlier build can leave Rspack's persistent cache unusable.
  await npx(['docusaurus', 'clear']);
  await npx(['docusaurus', 'build'], {logFile: buildLog});
  await run('precompress', 'node', ['scripts/precompress.mjs', 'build']);

  const server = await startNginx({port});
  const mock = await startMock();
  try {
    await run(
      'tests',
      'node',
      [
        '--import',
        'tsx',
        '--test',
        '--test-concurrency=2',
        ...(process.argv.length > 2
          ? process.argv.slice(2)
          : ['tests', 'src', 'scripts', 'plugins', 'examples', 'mcp'].flatMap(findTests)),
      ],
      {
        env: {BASE_URL: server.url, MOCK_URL: mock.url, BUILD_LOG: buildLog, BUILD_DIR: path.join(root, 'build')},
      },
    );
  } finally {
    mock.stop();
    server.stop();
  }
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
}
