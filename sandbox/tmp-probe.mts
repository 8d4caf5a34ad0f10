import {OpenApiIndex} from '../plugins/api-request/openapi-index.mts';
import {SandboxEngine} from './engine.mts';
import {pageCalls} from './page-calls.mts';
import {requestOf} from './page-replay.mts';
import {SandboxSpec} from './spec.mts';
import {Store} from './store.mts';
import {pageSeed, seedWorld} from './world.mts';
const [file, op] = process.argv.slice(2);
const index = OpenApiIndex.load();
const store = new Store(':memory:');
const engine = new SandboxEngine(store, new SandboxSpec(), {delayMs: 0});
const {sandboxId, token} = store.createSandbox(pageSeed(file));
seedWorld(engine, sandboxId, pageSeed(file));
for (const call of pageCalls(file)) {
  const request = requestOf(index, call);
  const headers = Object.fromEntries(Object.entries(request.headers).map(([n, v]) => [n.toLowerCase(), v]));
  const answer = engine.handle({...request, headers: {...headers, authorization: `Bearer ${token}`}, apiBase: 'http://x/docs/sandbox/api'}, 'probe');
  if (call.operation === op) console.log(call.where, answer.status, JSON.stringify(answer.body, null, 1));
}
