// The sandbox's generic behavior and product rules, one test per rule, in-process (no HTTP) with a
// test clock: what a reader's script would meet, and that a refused request stores nothing.
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {IDLE_EXPIRY_MS, LIMITS, Store} from './store.mts';
import {SandboxEngine} from './engine.mts';
import {problemSlug, SERVICE_ID, sharedSpec, testSandbox} from './test-support.mts';
import {settle} from './rules/lifecycle.mts';

const sandbox = testSandbox();
after(() => sandbox.close());
const {send, mint, clock} = sandbox;

const CLOUDFLARE = {
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
function serviceWithProvider() {
  const token = mint();
  const service = send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}}).json;
  const account = send(token, 'POST', '/account-providers/', {body: CLOUDFLARE}).json;
  const provider = send(token, 'POST', `/services/${service.id}/providers/`, {
    body: {account_provider_id: account.id},
  }).json;
  return {token, service, account, provider};
}

test('tokens are long and random, and only their hash is stored', () => {
  const token = mint();
  assert.match(token, /^sbx_[A-Za-z0-9_-]{43}$/);
  const stored = sandbox.store.db.prepare('SELECT token_hash FROM tokens').all() as {token_hash: string}[];
  assert.ok(stored.every((row) => row.token_hash !== token && /^[0-9a-f]{64}$/.test(row.token_hash)));
});

test('an unknown or missing token gets 401 problem+json', () => {
  const answer = send('sbx_unknown', 'GET', '/services/');
  assert.equal(answer.status, 401);
  assert.equal(answer.headers['Content-Type'], 'application/problem+json');
  assert.equal(problemSlug(answer.json), 'unauthorized');
  assert.equal(answer.json.request_id, 'test-request');
});

test('create, list, retrieve, replace, merge-patch and delete keep state, with Location and ETag', () => {
  const token = mint();
  const created = send(token, 'POST', '/services/', {body: {name: 'shop', template: 'DEFAULT'}});
  assert.equal(created.status, 201);
  const id = created.json.id;
  assert.equal(created.headers.Location, `http://sandbox.test/docs/sandbox/api/v1/services/${id}/`);
  assert.match(created.headers.ETag, /^"[0-9a-f]{16}"$/);
  assert.match(created.json.cname, /^[a-z0-9]{8}\.edge\.tributary\.example$/);
  assert.equal(created.json.status, 'not_deployed');
  assert.deepEqual(
    send(token, 'GET', '/services/').json.results.map((service: {id: string}) => service.id),
    [id],
  );
  assert.equal(send(token, 'GET', `/services/${id}/`).json.name, 'shop');
  const patched = send(token, 'PATCH', `/services/${id}/`, {body: {name: 'shop-eu'}});
  assert.equal(patched.status, 200);
  assert.equal(patched.json.template, 'DEFAULT', 'a field the patch leaves out keeps its value');
  assert.notEqual(patched.headers.ETag, created.headers.ETag);
  assert.equal(
    send(token, 'PUT', `/services/${id}/`, {body: {name: 'shop-us', template: 'DEFAULT'}}).json.name,
    'shop-us',
  );
  assert.equal(send(token, 'DELETE', `/services/${id}/`).status, 204);
  assert.equal(send(token, 'GET', `/services/${id}/`).status, 404);
});

test('a PATCH sent as application/json gets 415 and changes nothing', () => {
  const token = mint('example-world');
  const answer = send(token, 'PATCH', `/services/${SERVICE_ID}/`, {
    body: {name: 'renamed'},
    headers: {'Content-Type': 'application/json'},
  });
  assert.equal(answer.status, 415);
  assert.equal(problemSlug(answer.json), 'unsupported-media-type');
  assert.equal(answer.headers['Accept-Patch'], 'application/merge-patch+json');
  assert.equal(send(token, 'GET', `/services/${SERVICE_ID}/`).json.name, 'www-production');
});

test("two sandboxes never see each other's objects", () => {
  const first = mint();
  const second = mint();
  const service = send(first, 'POST', '/services/', {body: {name: 'mine', template: 'DEFAULT'}}).json;
  assert.deepEqual(send(second, 'GET', '/services/').json.results, []);
  assert.equal(send(second, 'GET', `/services/${service.id}/`).status, 404);
  assert.equal(send(second, 'DELETE', `/services/${service.id}/`).status, 404);
  assert.equal(send(first, 'GET', `/services/${service.id}/`).status, 200);
});

test('Idempotency-Key: a replay answers the first response with Idempotent-Replayed, once created', () => {
  const token = mint();
  const headers = {'Idempotency-Key': 'create-www-1'};
  const first = send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}, headers});
  assert.equal(first.status, 201);
  assert.equal(first.headers['Idempotent-Replayed'], undefined, 'a first request is not a replay');
  const replay = send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}, headers});
  assert.equal(replay.status, 201);
  assert.equal(replay.headers['Idempotent-Replayed'], 'true');
  assert.equal(replay.json.id, first.json.id);
  assert.equal(send(token, 'GET', '/services/').json.results.length, 1);
  const otherBody = send(token, 'POST', '/services/', {body: {name: 'www-2', template: 'DEFAULT'}, headers});
  assert.equal(otherBody.status, 422);
  assert.equal(problemSlug(otherBody.json), 'idempotency-key-mismatch');
  const otherPath = send(token, 'POST', '/certificates/', {
    body: {type: 'managed', domains: ['www.example.com']},
    headers,
  });
  assert.equal(otherPath.status, 422);
  assert.equal(problemSlug(otherPath.json), 'idempotency-key-mismatch');
  assert.equal(send(token, 'GET', '/certificates/').json.results.length, 0, 'nothing stored');
});

test('If-Match with a stale ETag gets 412 and changes nothing', () => {
  const token = mint('example-world');
  const current = send(token, 'GET', `/services/${SERVICE_ID}/`);
  const stale = send(token, 'PATCH', `/services/${SERVICE_ID}/`, {
    body: {name: 'a'},
    headers: {'If-Match': '"0000000000000000"'},
  });
  assert.equal(stale.status, 412);
  assert.equal(problemSlug(stale.json), 'precondition-failed');
  const fresh = send(token, 'PATCH', `/services/${SERVICE_ID}/`, {
    body: {name: 'b'},
    headers: {'If-Match': current.headers.ETag},
  });
  assert.equal(fresh.status, 200);
  assert.equal(fresh.json.name, 'b');
});

test('roles: a Viewer token reads but gets 403 on writes; a restricted token sees only its services', () => {
  const admin = mint('example-world');
  const viewer = send(admin, 'POST', '/access-tokens/', {body: {name: 'read-only', role: 'viewer'}});
  assert.equal(viewer.status, 201);
  assert.match(viewer.json.token, /^trb_/);
  assert.equal(viewer.headers['Cache-Control'], 'no-store');
  assert.equal(
    send(admin, 'GET', `/access-tokens/${viewer.json.id}/`).json.token,
    undefined,
    'the secret is shown once',
  );
  assert.equal(send(viewer.json.token, 'GET', '/services/').status, 200);
  const refused = send(viewer.json.token, 'POST', '/services/', {body: {name: 'nope', template: 'DEFAULT'}});
  assert.equal(refused.status, 403);
  assert.equal(problemSlug(refused.json), 'forbidden');
  const other = send(admin, 'POST', '/services/', {body: {name: 'other', template: 'DEFAULT'}}).json;
  const restricted = send(admin, 'POST', '/access-tokens/', {
    body: {name: 'one-service', role: 'editor', service_ids: [SERVICE_ID]},
  }).json;
  assert.equal(send(restricted.token, 'GET', `/services/${SERVICE_ID}/`).status, 200);
  assert.equal(send(restricted.token, 'GET', `/services/${other.id}/`).status, 404);
  assert.equal(
    send(restricted.token, 'POST', '/certificates/', {body: {type: 'managed', domains: ['a.example.com']}}).status,
    403,
  );
  const whoami = send(restricted.token, 'GET', '/access-tokens/current/');
  assert.equal(whoami.json.role, 'editor');
  assert.deepEqual(whoami.json.service_ids, [SERVICE_ID]);
  send(admin, 'DELETE', `/access-tokens/${restricted.id}/`);
  assert.equal(send(restricted.token, 'GET', `/services/${SERVICE_ID}/`).status, 401, 'a revoked token stops working');
});

test('names are unique in their collection, and duplicate-name gives the existing id', () => {
  const token = mint();
  const first = send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}}).json;
  const again = send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}});
  assert.equal(again.status, 409);
  assert.equal(problemSlug(again.json), 'duplicate-name');
  assert.equal(again.json.existing_id, first.id);
});

test('config versions: each change saves one, rolled out after the delay (current, target, active)', () => {
  const {token, service} = serviceWithProvider();
  const origin = send(token, 'POST', `/services/${service.id}/origins/`, {
    body: {name: 'web', host: 'origin.example.com', protocol: 'https'},
  });
  const saved = Number(origin.headers['Tributary-Config-Version']);
  assert.ok(saved >= 3, `version ${saved}`);
  const target = send(token, 'GET', `/services/${service.id}/service-config/target/`).json;
  assert.equal(target.version, saved);
  assert.equal(target.state, 'deploying');
  assert.equal(send(token, 'GET', `/services/${service.id}/service-config/active/`).status, 404);
  clock.now += 10_001;
  const active = send(token, 'GET', `/services/${service.id}/service-config/active/`).json;
  assert.equal(active.version, saved);
  assert.equal(active.state, 'active');
  const current = send(token, 'GET', `/services/${service.id}/`).json;
  assert.deepEqual([current.status, current.current_version, current.active_version], ['deployed', saved, saved]);
});

test('a failed rollout, made with the test helper, leaves the previous version active', () => {
  const {token, service} = serviceWithProvider();
  clock.now += 10_001;
  const before = send(token, 'GET', `/services/${service.id}/`).json.active_version;
  const change = send(token, 'POST', `/services/${service.id}/origins/`, {
    body: {name: 'web', host: 'origin.example.com', protocol: 'https'},
  });
  const sandboxId = sandbox.store.findToken(token)!.sandboxId;
  assert.ok(settle(sandbox.store, sandboxId, 'failure', undefined, clock.now) >= 1);
  const version = send(
    token,
    'GET',
    `/services/${service.id}/service-config/${change.headers['Tributary-Config-Version']}/`,
  ).json;
  assert.equal(version.state, 'failed');
  assert.equal(version.deployments[0].status, 'failed');
  const after = send(token, 'GET', `/services/${service.id}/`).json;
  assert.equal(after.active_version, before);
  assert.equal(after.status, 'deployment_failed');
});

test('traffic policy weights of the eligible providers must add up to 100', () => {
  const {token, service, provider} = serviceWithProvider();
  const body = (weight: number) => ({
    name: 'DE',
    kind: 'static',
    scope: {countries: ['DE']},
    providers: [{service_provider_id: provider.id, weight}],
  });
  const ninety = send(token, 'POST', `/services/${service.id}/traffic-policies/`, {body: body(90)});
  assert.equal(ninety.status, 422);
  assert.equal(
    ninety.json.errors[0].message,
    'The weights of the eligible providers add up to 90; they must add up to 100.',
  );
  const hundred = send(token, 'POST', `/services/${service.id}/traffic-policies/`, {body: body(100)});
  assert.equal(hundred.status, 201);
  assert.equal(hundred.json.priority, 2);
  const overlap = send(token, 'POST', `/services/${service.id}/traffic-policies/`, {
    body: {...body(100), name: 'DE again'},
  });
  assert.equal(problemSlug(overlap.json), 'overlapping-traffic-policy');
  const defaultPolicy = send(token, 'GET', `/services/${service.id}/traffic-policies/`).json.results.find(
    (policy: {is_default: boolean}) => policy.is_default,
  );
  assert.deepEqual(defaultPolicy.providers, [
    {service_provider_id: provider.id, eligible: false, weight: 0, penalty_ms: 0},
  ]);
  assert.equal(
    problemSlug(send(token, 'DELETE', `/services/${service.id}/traffic-policies/${defaultPolicy.id}/`).json),
    'default-traffic-policy',
  );
});

test('purges: 409 before anything is live, then 202 with Location, queued until the delay has passed', () => {
  const {token, service} = serviceWithProvider();
  const early = send(token, 'POST', `/services/${service.id}/purge-all/`);
  assert.equal(early.status, 409);
  assert.equal(problemSlug(early.json), 'service-not-deployed');
  clock.now += 10_001;
  const purge = send(token, 'POST', `/services/${service.id}/purge-tags/`, {body: {tags: ['product-1234']}});
  assert.equal(purge.status, 202);
  assert.equal(
    purge.headers.Location,
    `http://sandbox.test/docs/sandbox/api/v1/services/${service.id}/purges/${purge.json.id}/`,
  );
  assert.equal(purge.json.status, 'queued');
  assert.equal(purge.json.providers[0].scope, 'requested', 'Cloudflare purges tags as asked');
  clock.now += 10_001;
  assert.equal(send(token, 'GET', `/services/${service.id}/purges/${purge.json.id}/`).json.status, 'completed');
});

test('a managed certificate waits for its DNS challenge; the test helpers issue or fail it at once', () => {
  const token = mint();
  const certificate = send(token, 'POST', '/certificates/', {
    body: {type: 'managed', domains: ['www.example.com', '*.example.com']},
  }).json;
  assert.equal(certificate.status, 'pending_validation');
  assert.deepEqual(
    certificate.challenge_records.map((record: {record_name: string}) => record.record_name),
    ['_acme-challenge.www.example.com', '_acme-challenge.example.com'],
  );
  const sandboxId = sandbox.store.findToken(token)!.sandboxId;
  assert.equal(settle(sandbox.store, sandboxId, 'success', certificate.id, clock.now), 1);
  const issued = send(token, 'GET', `/certificates/${certificate.id}/`).json;
  assert.equal(issued.status, 'issued');
  assert.ok(issued.not_after > issued.not_before);
  const other = send(token, 'POST', '/certificates/', {body: {type: 'managed', domains: ['shop.example.com']}}).json;
  settle(sandbox.store, sandboxId, 'failure', other.id, clock.now);
  assert.equal(send(token, 'GET', `/certificates/${other.id}/`).json.status, 'failed');
});

test('a resource in use cannot be deleted, and the answer names its user', () => {
  const token = mint('example-world');
  const certificates = send(token, 'GET', '/certificates/').json.results as {id: string}[];
  const domains = send(token, 'GET', `/services/${SERVICE_ID}/domains/`).json.results as {
    certificate_id: string | null;
  }[];
  const used = certificates.find((certificate) => domains.some((domain) => domain.certificate_id === certificate.id));
  assert.ok(used, 'the example world has a certificate in use');
  const refused = send(token, 'DELETE', `/certificates/${used.id}/`);
  assert.equal(refused.status, 409);
  assert.equal(problemSlug(refused.json), 'certificate-in-use');
  assert.equal(send(token, 'GET', `/certificates/${used.id}/`).status, 200);
});

test('a read-only CDN account cannot carry a service until switched to read-write', () => {
  const token = mint();
  const service = send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}}).json;
  const account = send(token, 'POST', '/account-providers/', {body: {...CLOUDFLARE, access: 'read_only'}}).json;
  const refused = send(token, 'POST', `/services/${service.id}/providers/`, {body: {account_provider_id: account.id}});
  assert.equal(refused.status, 422);
  assert.equal(refused.json.errors[0].field, 'account_provider_id');
  const switched = send(token, 'POST', `/account-providers/${account.id}/switch-to-read-write/`, {
    body: {credentials: CLOUDFLARE.credentials},
  });
  assert.equal(switched.json.access, 'full');
  assert.equal(
    send(token, 'POST', `/services/${service.id}/providers/`, {body: {account_provider_id: account.id}}).status,
    201,
  );
  assert.equal(
    problemSlug(
      send(token, 'POST', `/account-providers/${account.id}/switch-to-read-write/`, {
        body: {credentials: CLOUDFLARE.credentials},
      }).json,
    ),
    'already-full-access',
  );
  assert.equal(problemSlug(send(token, 'DELETE', `/account-providers/${account.id}/`).json), 'provider-in-use');
});

test('write-only secrets are never returned', () => {
  const token = mint();
  const account = send(token, 'POST', '/account-providers/', {body: CLOUDFLARE}).json;
  assert.equal(account.credentials, undefined);
  assert.equal(
    JSON.stringify(send(token, 'GET', `/account-providers/${account.id}/`).json).includes(
      CLOUDFLARE.credentials.api_token,
    ),
    false,
  );
});

test('bad input gets its problem type and stores nothing', () => {
  const token = mint();
  const invalid = send(token, 'POST', '/services/', {body: {name: '', template: 'NOPE', extra: 1}});
  assert.equal(invalid.status, 422);
  assert.ok(invalid.json.errors.some((error: {field: string}) => error.field === 'extra'));
  let deep: unknown = {};
  for (let level = 0; level < 40; level += 1) deep = {nested: deep};
  assert.equal(problemSlug(send(token, 'POST', '/services/', {body: deep}).json), 'bad-request');
  assert.equal(send(token, 'GET', '/nothing-here/').status, 404);
  assert.equal(problemSlug(send(token, 'PATCH', '/services/').json), 'method-not-allowed');
  assert.equal(
    problemSlug(
      send(token, 'POST', '/services/', {
        body: {name: 'x', template: 'DEFAULT'},
        headers: {'Idempotency-Key': 'has space'},
      }).json,
    ),
    'validation-failed',
  );
  assert.equal(send(token, 'GET', '/services/?page_size=1000').status, 400);
  assert.equal(send(token, 'GET', '/services/?cursor=%%%').status, 400);
  assert.deepEqual(send(token, 'GET', '/services/').json.results, []);
});

test('cursor pagination follows `next` to the last page, which has next null', () => {
  const token = mint();
  for (let index = 0; index < 5; index += 1)
    send(token, 'POST', '/services/', {body: {name: `s${index}`, template: 'DEFAULT'}});
  const seen: string[] = [];
  let next: string | null = '/services/?page_size=2';
  while (next) {
    const answer: {results: {name: string}[]; next: string | null} = send(
      token,
      'GET',
      next.replace('http://sandbox.test/docs/sandbox/api/v1', ''),
    ).json as never;
    seen.push(...answer.results.map((service) => service.name));
    next = answer.next;
  }
  assert.deepEqual(seen, ['s0', 's1', 's2', 's3', 's4']);
});

test('rate limit: RateLimit headers count down, and the 601st request of a minute gets 429', () => {
  const token = mint();
  const first = send(token, 'GET', '/services/');
  assert.equal(first.headers['RateLimit-Limit'], '600');
  assert.equal(first.headers['RateLimit-Remaining'], '599');
  for (let index = 0; index < 599; index += 1) send(token, 'GET', '/services/');
  const limited = send(token, 'GET', '/services/');
  assert.equal(limited.status, 429);
  assert.equal(problemSlug(limited.json), 'rate-limited');
  assert.ok(Number(limited.headers['Retry-After']) > 0);
  clock.now += 60_000;
  assert.equal(send(token, 'GET', '/services/').status, 200);
});

test('a sandbox holds at most so many objects per collection (limit-exceeded)', () => {
  const token = mint();
  for (let index = 0; index < LIMITS.objectsPerCollection; index += 1)
    assert.equal(
      send(token, 'POST', '/certificates/', {body: {type: 'managed', domains: [`h${index}.example.com`]}}).status,
      201,
    );
  const over = send(token, 'POST', '/certificates/', {body: {type: 'managed', domains: ['over.example.com']}});
  assert.equal(over.status, 409);
  assert.equal(problemSlug(over.json), 'limit-exceeded');
});

test('state survives a restart, and a sandbox idle for 30 days is deleted', () => {
  const file = path.join(sandbox.dir, 'restart.db');
  const first = new Store(file);
  const engine = new SandboxEngine(first, sharedSpec());
  const {token} = first.createSandbox(null, clock.now);
  const request = (method: string, body?: unknown) =>
    engine.handle(
      {
        method,
        version: 'v1',
        path: '/services/',
        query: new URLSearchParams(),
        headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json'},
        body,
        apiBase: 'http://x/docs/sandbox/api',
      },
      'r',
      clock.now,
    );
  request('POST', {name: 'kept', template: 'DEFAULT'});
  first.close();
  const second = new Store(file);
  const reopened = new SandboxEngine(second, sharedSpec());
  const answer = reopened.handle(
    {
      method: 'GET',
      version: 'v1',
      path: '/services/',
      query: new URLSearchParams(),
      headers: {authorization: `Bearer ${token}`},
      apiBase: 'http://x/docs/sandbox/api',
    },
    'r',
    clock.now,
  );
  assert.deepEqual(
    (answer.body as {results: {name: string}[]}).results.map((service) => service.name),
    ['kept'],
  );
  assert.equal(second.expireIdle(clock.now + IDLE_EXPIRY_MS - 1), 0);
  assert.equal(second.expireIdle(clock.now + IDLE_EXPIRY_MS + 1), 1);
  assert.equal(second.findToken(token), undefined);
  second.close();
});

test('the sandbox code opens no network connection of its own', () => {
  const files = [
    'engine.mts',
    'http.mts',
    'store.mts',
    'world.mts',
    'main.mts',
    'rules/account.mts',
    'rules/lifecycle.mts',
    'rules/purges.mts',
  ];
  for (const file of files) {
    const source = readFileSync(path.join(import.meta.dirname, file), 'utf8');
    assert.doesNotMatch(
      source,
      /\bfetch\(|http\.request|https\.request|node:net|node:dgram|node:tls|new WebSocket/,
      file,
    );
  }
});
