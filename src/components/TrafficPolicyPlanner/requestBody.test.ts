import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import validate from '@site/generated/validators/traffic-policy.mjs';
import type {Policy, Scope} from './plan';
import {requestBody} from './requestBody';
import {describeSchemaErrors} from './validation';
import {EXAMPLE_POLICIES} from './examples';

test('every example policy gives a request body that the generated validator accepts', () => {
  for (const p of EXAMPLE_POLICIES) {
    const body = requestBody(p);
    assert.equal(validate(body), true, `${p.name}: ${describeSchemaErrors(validate.errors).join(' ')}`);
  }
});

function guideBodies(): {file: string; body: Record<string, unknown>}[] {
  const dir = new URL('../../../docs/Guides/Traffic Management/', import.meta.url);
  const found: {file: string; body: Record<string, unknown>}[] = [];
  for (const file of ['Creating a Traffic Policy.mdx', 'Configuring the Default Traffic Policy.mdx']) {
    const text = readFileSync(new URL(file, dir), 'utf8');
    for (const match of text.matchAll(
      /<ApiRequest\s+operation="services_traffic_policies_(?:create|update)"[\s\S]*?\n\s*body=\{(\{[\s\S]*?\})\}\n\s*status=/g,
    )) {
      // The props are plain object literals (the build enforces it); JSON5-like → JSON.
      const json = match[1]
        .replace(/'/g, '"')
        .replace(/([{,]\s*)([A-Za-z_][A-Za-z0-9_]*):/g, '$1"$2":')
        .replace(/,(\s*[}\]])/g, '$1');
      found.push({file, body: JSON.parse(json)});
    }
  }
  return found;
}

interface FullBody {
  name: string;
  kind: Policy['kind'];
  scope: {continents: string[]; countries: string[]; subdivisions: string[]; asns: number[]};
  providers: {service_provider_id: string; eligible: boolean; weight: number; penalty_ms: number}[];
  performance_check_ids: string[];
  failover: {enabled: boolean; health_check_ids: string[]};
}

/** A body as the API reads it: the schema's defaults filled in. */
function withDefaults(body: Record<string, unknown>): FullBody {
  const scope = (body.scope ?? {}) as Partial<FullBody['scope']>;
  return {
    ...(body as Pick<FullBody, 'name' | 'kind'>),
    scope: {continents: [], countries: [], subdivisions: [], asns: [], ...scope},
    providers: (body.providers as Partial<FullBody['providers'][number]>[]).map((p) => ({
      service_provider_id: '',
      eligible: true,
      weight: 0,
      penalty_ms: 0,
      ...p,
    })),
    performance_check_ids: (body.performance_check_ids as string[] | undefined) ?? [],
    failover: {enabled: true, health_check_ids: [], ...(body.failover as Partial<FullBody['failover']>)},
  };
}

test('the planner writes the same requests as the API examples of the Traffic Management guides', () => {
  const bodies = guideBodies();
  assert.ok(bodies.length >= 4, `found ${bodies.length} traffic-policy request bodies`);
  for (const {file, body} of bodies) {
    const b = withDefaults(body);
    const isDefault =
      b.scope.continents.length + b.scope.countries.length + b.scope.subdivisions.length + b.scope.asns.length === 0;
    const planned: Policy = {
      name: b.name,
      kind: b.kind,
      isDefault,
      scope: {...b.scope, continents: b.scope.continents as Scope['continents'], asns: b.scope.asns.map(String)},
      providers: b.providers.map((p) => ({
        serviceProviderId: p.service_provider_id,
        eligible: p.eligible,
        weight: String(p.weight),
        penaltyMs: String(p.penalty_ms),
      })),
      performanceCheckIds: b.performance_check_ids,
      failover: {enabled: b.failover.enabled, healthCheckIds: b.failover.health_check_ids},
    };
    const output = requestBody(planned);
    assert.equal(validate(output), true, `${file} ${b.name}: ${describeSchemaErrors(validate.errors).join(' ')}`);
    assert.deepEqual(withDefaults(output), b, `${file}: ${b.name}`);
  }
});
