// The API call that saves the edited policy, and its JSON body.
import {parseWhole, type Policy, type Scope} from './plan';

// The scope lists in the order the API documents them.
const SCOPE_LIST_ORDER: Record<keyof Scope, true> = {continents: true, countries: true, subdivisions: true, asns: true};

function wholeOrText(text: string): number | string {
  return parseWhole(text) ?? text.trim();
}

/**
 * The policy as the JSON body of the API call that saves it: Create a traffic policy, or Update a
 * traffic policy for the default policy (whose scope stays empty and every field is sent).
 * Numbers that are not whole numbers stay as typed, so the schema check reports them.
 */
export function requestBody(policy: Policy): Record<string, unknown> {
  const weighted = policy.kind !== 'dynamic';
  const scope = policy.isDefault
    ? {continents: [], countries: [], subdivisions: [], asns: []}
    : Object.fromEntries(
        (Object.keys(SCOPE_LIST_ORDER) as (keyof Scope)[])
          .filter((key) => policy.scope[key].length > 0)
          .map((key) => [key, key === 'asns' ? policy.scope.asns.map(wholeOrText) : [...policy.scope[key]]]),
      );
  const body: Record<string, unknown> = {
    name: policy.name,
    kind: policy.kind,
    scope,
    providers: policy.providers.map((entry) => ({
      service_provider_id: entry.serviceProviderId,
      eligible: entry.eligible,
      ...(weighted ? {weight: wholeOrText(entry.weight)} : {penalty_ms: wholeOrText(entry.penaltyMs)}),
    })),
  };
  if (policy.kind === 'dynamic' || policy.isDefault) {
    body.performance_check_ids = policy.kind === 'dynamic' ? [...policy.performanceCheckIds] : [];
  }
  body.failover = {enabled: policy.failover.enabled, health_check_ids: [...policy.failover.healthCheckIds]};
  return body;
}

export interface SaveOperation {
  method: string;
  path: string;
  /** The operation's title in the API reference. */
  title: string;
}

/** The API call that saves a policy. */
export function saveOperation(policy: Policy): SaveOperation {
  return policy.isDefault
    ? {method: 'PUT', path: '/services/{service_id}/traffic-policies/{policy_id}', title: 'Update a traffic policy'}
    : {method: 'POST', path: '/services/{service_id}/traffic-policies/', title: 'Create a traffic policy'};
}
