// Every status and problem type an operation documents is produced by the sandbox or listed in
// NOT_SIMULATED (shown on the Sandbox page) with its reason.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {loadSpec} from '../src/lib/openapi/load.ts';
import {resolve, type OpenApiNode} from '../src/lib/openapi/index.ts';
import {NOT_SIMULATED, producedProblemTypes} from './coverage.mts';

const spec = loadSpec();
const catalogue = (spec['x-problem-types'] as {types: Record<string, {status: number}>}).types;
const produced = producedProblemTypes();

/** The problem types an operation's documented responses show, by status. */
function documentedProblems(operation: OpenApiNode): Map<number, Set<string>> {
  const found = new Map<number, Set<string>>();
  for (const [status, reference] of Object.entries(operation.responses ?? {})) {
    if (!/^\d+$/.test(status)) continue;
    const response = resolve<OpenApiNode>(spec, reference);
    const types = new Set<string>();
    for (const media of Object.values((response.content ?? {}) as Record<string, OpenApiNode>)) {
      const examples = [
        media.example,
        ...Object.values(media.examples ?? {}).map((example) => resolve<OpenApiNode>(spec, example).value),
      ];
      for (const example of examples) {
        const type = (example as {type?: string} | undefined)?.type;
        if (typeof type === 'string' && type.includes('#')) types.add(type.split('#')[1]);
      }
    }
    found.set(Number(status), types);
  }
  return found;
}

test('the list of what the sandbox does not simulate names only catalogued problem types it indeed never answers', () => {
  for (const slug of Object.keys(NOT_SIMULATED)) {
    assert.ok(slug in catalogue, `${slug} is not in openapi/problem-types.yaml`);
    assert.ok(!produced.has(slug), `${slug} is produced by the sandbox: take it off NOT_SIMULATED`);
  }
  for (const slug of produced) assert.ok(slug in catalogue, `the sandbox answers ${slug}, which the catalogue lacks`);
});

test('every documented status and problem type of every operation is simulated or listed as not simulated', () => {
  const missing: string[] = [];
  const statusesProduced = new Set([...produced].map((slug) => catalogue[slug].status));
  for (const item of Object.values(spec.paths ?? {}))
    for (const [method, operation] of Object.entries(item as Record<string, OpenApiNode>)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      for (const [status, types] of documentedProblems(operation)) {
        if (status < 400) continue;
        for (const slug of types)
          if (!produced.has(slug) && !(slug in NOT_SIMULATED))
            missing.push(`${operation.operationId}: ${status} ${slug}`);
        const simulatedHere =
          [...types].some((slug) => produced.has(slug)) || (!types.size && statusesProduced.has(status));
        const excused = [...types].some((slug) => slug in NOT_SIMULATED);
        if (!simulatedHere && !excused) missing.push(`${operation.operationId}: status ${status}`);
      }
    }
  assert.deepEqual(missing, []);
});
