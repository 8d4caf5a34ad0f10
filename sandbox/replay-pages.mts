#!/usr/bin/env node
// Replays every guide page's <ApiRequest> calls against an in-process sandbox and prints what
// differs from the pages, without a build or a server: the quick loop while writing a rule or a
// page. Usage: node --import tsx sandbox/replay-pages.mts [part of a page path]
import {OpenApiIndex} from '../plugins/api-request/openapi-index.mts';
import {guidePageFiles} from '../tests/content/pages.mts';
import {SandboxEngine} from './engine.mts';
import {pageCalls} from './page-calls.mts';
import {replayProblems, requestOf} from './page-replay.mts';
import {SandboxSpec} from './spec.mts';
import {Store} from './store.mts';
import {pageSeed, seedWorld} from './world.mts';

const index = OpenApiIndex.load();
const spec = new SandboxSpec();
const filter = process.argv[2];
let calls = 0;
let differing = 0;
for (const file of guidePageFiles()) {
  if (filter && !file.includes(filter)) continue;
  const pageCallList = pageCalls(file);
  if (!pageCallList.length) continue;
  const store = new Store(':memory:');
  const engine = new SandboxEngine(store, spec, {delayMs: 0});
  const {sandboxId, token} = store.createSandbox(pageSeed(file));
  seedWorld(engine, sandboxId, pageSeed(file));
  const problems = await replayProblems(pageCallList, async (call) => {
    const request = requestOf(index, call);
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const answer = engine.handle(
      {
        ...request,
        headers: {...headers, authorization: `Bearer ${token}`},
        apiBase: 'http://127.0.0.1:4010/docs/sandbox/api',
      },
      'replay',
    );
    return {
      status: answer.status,
      body: answer.body,
      documentedExample: answer.headers['Tributary-Sandbox-Answer'] === 'documented-example',
    };
  });
  calls += pageCallList.length;
  differing += new Set(problems.map((problem) => problem.split(': ')[0])).size;
  for (const problem of problems) console.log(problem);
  store.close();
}
console.log(`${calls} calls replayed, ${differing} with differences.`);
