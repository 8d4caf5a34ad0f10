// Helpers for the sandbox's tests: an in-process sandbox on a temporary database, and requests to
// it as plain objects (no HTTP), with a clock the test moves instead of sleeping, or over HTTP on a
// loopback port.
import {mkdtempSync, rmSync} from 'node:fs';
import type {Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before} from 'node:test';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {SandboxEngine, type SandboxResponse} from './engine.mts';
import {createSandboxServer} from './http.mts';
import {SandboxSpec} from './spec.mts';
import {Store} from './store.mts';
import {seedWorld} from './world.mts';

let spec: SandboxSpec | undefined;
/** One reading of the bundle for every test of a file. */
export const sharedSpec = () => (spec ??= new SandboxSpec());

/** An answer's JSON, read field by field in the tests as a client would read it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnswerJson = Record<string, any>;

export interface TestSandbox {
  engine: SandboxEngine;
  store: Store;
  dir: string;
  /** Mints a sandbox (seeded when asked) and returns its admin token. */
  mint: (seed?: string) => string;
  /** Sends one request; `now` defaults to the test clock. */
  send: (token: string, method: string, path: string, options?: RequestOptions) => SandboxResponse & {json: AnswerJson};
  clock: {now: number};
  close: () => void;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  version?: string;
}

export function testSandbox({delayMs = 10_000, file}: {delayMs?: number; file?: string} = {}): TestSandbox {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-test-'));
  const store = new Store(file ?? path.join(dir, 'sandbox.db'));
  const engine = new SandboxEngine(store, sharedSpec(), {delayMs});
  const clock = {now: Date.parse('2026-11-29T10:00:00Z')};
  return {
    engine,
    store,
    dir,
    clock,
    mint(seed) {
      const {sandboxId, token} = store.createSandbox(seed ?? null, clock.now);
      if (seed) seedWorld(engine, sandboxId, seed, clock.now);
      return token;
    },
    send(token, method, requestPath, {body, headers = {}, version = 'v1'} = {}) {
      const [pathname, search = ''] = requestPath.split('?');
      const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      if (body !== undefined && !lower['content-type'])
        lower['content-type'] = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      const answer = engine.handle(
        {
          method,
          version,
          path: pathname,
          query: new URLSearchParams(search),
          headers: {authorization: `Bearer ${token}`, ...lower},
          body,
          apiBase: 'http://sandbox.test/docs/sandbox/api',
        },
        'test-request',
        clock.now,
      );
      return {...answer, json: (answer.body ?? {}) as AnswerJson};
    },
    close() {
      store.close();
      rmSync(dir, {recursive: true, force: true});
    },
  };
}

/** A test sandbox for the tests of one file, closed after them. */
export function sandboxForFile(options?: Parameters<typeof testSandbox>[0]): TestSandbox {
  const sandbox = testSandbox(options);
  after(() => sandbox.close());
  return sandbox;
}

/**
 * Serves `sandbox` over HTTP on a free loopback port for the tests of one file, and closes the
 * server and the sandbox after them; `base` is its `/docs/sandbox` address once the tests run.
 */
export function serveForFile(sandbox: TestSandbox): {readonly base: string} {
  const served = {base: ''};
  let server: Server;
  before(async () => {
    server = createSandboxServer(sandbox.engine);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    served.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/docs/sandbox`;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    sandbox.close();
  });
  return served;
}

export const SERVICE_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
export const problemSlug = (body: {type?: string}) => body.type?.split('#')[1];

/** A full-access Cloudflare account, as POST /account-providers/ takes it. */
export const CLOUDFLARE = {
  name: 'Cloudflare production',
  provider_type: 'cloudflare',
  access: 'full',
  credentials: {
    type: 'cloudflare',
    api_token: 'Fk2xP9mQ7vR3tW8yZ1bC4dE6gH0jK5nL2sU7aXq9',
    account_id: '9a7806061c88ada191ed06f989cc3dac',
  },
};

/** A new empty sandbox with a service, a full-access Cloudflare account and that account attached. */
export function serviceWithProvider({mint, send}: TestSandbox) {
  const token = mint();
  const service = send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}}).json;
  const account = send(token, 'POST', '/account-providers/', {body: CLOUDFLARE}).json;
  const provider = send(token, 'POST', `/services/${service.id}/providers/`, {
    body: {account_provider_id: account.id},
  }).json;
  return {token, service, account, provider};
}
