#!/usr/bin/env node
// `npm test`: every check the project promises, in the order a failure is cheapest to report.
// 1. OpenAPI bundle and API page generation, 2. static checks (tsc, ESLint, Prettier, Redocly),
// 3. production build (its log is kept for the build-warning test), 4. unit and end-to-end tests
// with Node's test runner against the build served by nginx, the way production serves it, 5. a
// build with Docusaurus's own start-up (STARTUP_LAYER=off) and a smoke subset of the browser tests.
//
// Faster loops (CONTRIBUTING › Set up and the quick loops): `--unit` (npm run test:unit) generates the API files and runs the
// unit tests only, without a build or a server; `--existing-build` (npm run test:e2e) serves the
// build already in build/ and runs the test files named after it (default: every test);
// `--startup-off` builds the site without the start-up layer and runs the smoke subset on it.
import {spawn} from 'node:child_process';
import {createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startNginx} from './serve-nginx.mts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildLog = path.join(root, 'generated', 'build.log');
const port = Number(process.env.TEST_PORT ?? 8090);

/** Test files: `*.test.ts` / `*.test.mjs` beside the code they test and under tests/. */
function findTests(dir: string): string[] {
  return readdirSync(path.join(root, dir), {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.test\.(ts|tsx|mts|mjs)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

interface RunOptions {
  /** Added to the environment. */
  env?: Record<string, string>;
  /** Where to keep a copy of the output. */
  logFile?: string;
}

function run(title: string, command: string, args: string[], {env = {}, logFile}: RunOptions = {}): Promise<void> {
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

const npx = (args: string[], options?: RunOptions) => run(args[0], 'npx', ['--no-install', ...args], options);

const args = process.argv.slice(2);
const flags = new Set<string>(args.filter((arg) => ['--unit', '--existing-build', '--startup-off'].includes(arg)));
/** Options for Node's test runner, passed on: `--test-name-pattern=<regex>` runs the matching tests only. */
const runnerOptions = args.filter((arg) => arg.startsWith('--test-'));
const unknown = args.filter((arg) => arg.startsWith('--') && !flags.has(arg) && !runnerOptions.includes(arg));
if (unknown.length) {
  console.error(
    `Unknown option ${unknown.join(', ')}: use --unit, --existing-build, --startup-off or a --test-… option of node --test.`,
  );
  process.exit(2);
}
const namedTests = args.filter((arg) => !arg.startsWith('--'));
/** Tests that need neither the build nor a server: everything outside tests/e2e and the API client. */
const UNIT_TEST_DIRS = ['src', 'scripts', 'plugins', 'sandbox', 'tests/unit', 'tests/content', 'tests/openapi'];
/** A feature's browser tests sit in its `e2e/` folder (plugins/startup/e2e): they need the build. */
const isUnitTest = (file: string) => !file.split(path.sep).includes('e2e');
/** Unit tests in folders whose other tests need the build: the MCP sandbox tool starts its own sandbox. */
const UNIT_TEST_FILES = ['mcp/sandbox.test.mts'];
const testRunner = ['--import', 'tsx', '--test', '--test-concurrency=2', ...runnerOptions];

async function generateApiFiles(): Promise<void> {
  await run('OpenAPI bundle', 'node', ['--import', 'tsx', 'scripts/bundle-openapi.mts']);
  await run('request validators', 'node', ['--import', 'tsx', 'scripts/build-validators.mts']);
  await run('API reference pages', 'node', ['--import', 'tsx', 'scripts/api-reference/generate.mts']);
  await run('sandbox worlds', 'node', ['--import', 'tsx', 'sandbox/build-world.mts']);
  await run('api:types', 'npm', ['run', '--silent', 'api:types']);
}

/**
 * Runs test files against the build in build/, served by nginx with the MCP server and two sandbox
 * processes (so that every run goes through the token hash), on a new empty sandbox database.
 */
async function runAgainstBuild(
  files: string[],
  {buildDir = path.join(root, 'build'), securityHeaders}: {buildDir?: string; securityHeaders?: string} = {},
): Promise<void> {
  const sandboxData = mkdtempSync(path.join(tmpdir(), 'tributary-sandbox-'));
  const server = await startNginx({
    port,
    buildDir,
    securityHeaders,
    sandboxes: 2,
    sandboxData,
    sandboxDelayMs: SANDBOX_TEST_DELAY_MS,
  });
  try {
    await run('tests', 'node', [...testRunner, ...files], {
      env: {
        BASE_URL: server.url,
        SANDBOX_URL: `${server.url}sandbox`,
        SANDBOX_SOCKETS: server.sandboxSockets.join(','),
        BUILD_LOG: buildLog,
        BUILD_DIR: buildDir,
      },
    });
  } finally {
    server.stop();
    rmSync(sandboxData, {recursive: true, force: true});
  }
}

/**
 * The sandbox's delay for the outside world in the end-to-end tests: a page's later call sees what
 * the reader sees after waiting (a certificate issued, a deployment done); the delay itself is
 * tested in the sandbox's unit tests.
 */
const SANDBOX_TEST_DELAY_MS = 0;

/**
 * The site built with Docusaurus's own start-up (STARTUP_LAYER=off, plugins/startup) and the tests
 * run on it: the layer can be dropped the day an upgrade breaks it, and this shows the site works.
 */
const STARTUP_OFF = {
  buildDir: path.join(root, 'build-startup-off'),
  securityHeaders: path.join(root, 'generated/nginx/security-headers.startup-off.conf'),
  smokeTests: [
    'tests/e2e/chrome.test.mts',
    'tests/e2e/code-blocks.test.mts',
    'tests/e2e/api-panel.test.mts',
    'tests/e2e/tools.test.mts',
  ],
};

async function smokeTestWithoutStartupLayer(): Promise<void> {
  await npx(['docusaurus', 'build', '--out-dir', STARTUP_OFF.buildDir], {env: {STARTUP_LAYER: 'off'}});
  await run('precompress', 'node', ['--import', 'tsx', 'scripts/precompress.mts', STARTUP_OFF.buildDir]);
  await runAgainstBuild(STARTUP_OFF.smokeTests, STARTUP_OFF);
}

const allTests = () => ['tests', 'src', 'scripts', 'plugins', 'sandbox', 'examples', 'mcp'].flatMap(findTests);

try {
  if (flags.has('--unit')) {
    await generateApiFiles();
    await run('unit tests', 'node', [
      ...testRunner,
      ...(namedTests.length
        ? namedTests
        : [...UNIT_TEST_DIRS.flatMap(findTests).filter(isUnitTest), ...UNIT_TEST_FILES]),
    ]);
    process.exit(0);
  }
  if (flags.has('--startup-off')) {
    await smokeTestWithoutStartupLayer();
    process.exit(0);
  }
  if (flags.has('--existing-build')) {
    await runAgainstBuild(namedTests.length ? namedTests : allTests());
    process.exit(0);
  }
  await generateApiFiles();
  await run('diagrams', 'node', ['--import', 'tsx', 'scripts/render-diagrams.mts']);
  await npx(['tsc', '-p', '.']);
  await npx(['tsc', '-p', 'tsconfig.js.json']);
  await npx(['eslint', '.', '--max-warnings=0']);
  await npx(['prettier', '--check', '.']);
  await npx(['redocly', 'lint', '--format=stylish']);
  await npx(['cspell', '--no-progress']);
  await npx(['markdownlint-cli2']);
  await run('API examples in guides', 'node', ['--import', 'tsx', 'scripts/check-api-requests.mts']);
  mkdirSync(path.dirname(buildLog), {recursive: true});
  // Test a cold build: an interrupted earlier build can leave Rspack's persistent cache unusable.
  await npx(['docusaurus', 'clear']);
  await npx(['docusaurus', 'build'], {logFile: buildLog});
  await run('precompress', 'node', ['--import', 'tsx', 'scripts/precompress.mts', 'build']);

  await runAgainstBuild(namedTests.length ? namedTests : allTests());
  if (!namedTests.length) await smokeTestWithoutStartupLayer();
} catch (error) {
  console.error(`\n✖ ${(error as Error).message}`);
  process.exit(1);
}
