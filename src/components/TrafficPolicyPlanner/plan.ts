// The routing decision of Tributary's DNS for one query, as the Traffic Policies guide and the
// TrafficPolicy schema define it: the matching policy with the highest priority applies, and its
// kind shares the queries among the providers that can take traffic.
import {continentOf, type Continent} from './continents';

export type Kind = 'static' | 'dynamic' | 'cost_based';

export const KIND_NAMES: Record<Kind, string> = {static: 'Static', dynamic: 'Dynamic', cost_based: 'Cost based'};

/** A scope as typed: list entries stay strings until the request body is built, so typos are reported, not lost. */
export interface Scope {
  continents: Continent[];
  countries: string[];
  subdivisions: string[];
  asns: string[];
}

export interface PolicyProvider {
  serviceProviderId: string;
  eligible: boolean;
  /** As typed; the schema wants an integer from 0 to 100. */
  weight: string;
  /** As typed; the schema wants an integer from 0 to 10000. */
  penaltyMs: string;
}

export interface Policy {
  name: string;
  kind: Kind;
  isDefault: boolean;
  scope: Scope;
  providers: PolicyProvider[];
  performanceCheckIds: string[];
  failover: {enabled: boolean; healthCheckIds: string[]};
}

/** A provider of the service, with what the planner assumes about it right now. */
export interface ServiceProvider {
  id: string;
  name: string;
  /** Marked down by failing health checks. */
  down: boolean;
  /** Measured time to first byte for the query's region, in ms (dynamic policies). */
  ttfbMs: number | null;
  /** GB left this month on the provider's commitment; null when it has none (cost-based policies). */
  commitmentLeftGb: number | null;
}

export interface QueryLocation {
  country: string;
  subdivision: string;
  asn: number | null;
}

/** Specificity of a scope from its most specific non-empty list: 4 ASN … 0 world. */
export function priorityOf(scope: Scope): number {
  if (scope.asns.length > 0) return 4;
  if (scope.subdivisions.length > 0) return 3;
  if (scope.countries.length > 0) return 2;
  if (scope.continents.length > 0) return 1;
  return 0;
}

export const PRIORITY_NAMES = ['world', 'continent', 'country', 'subdivision', 'ASN'];

export interface ScopeMatch {
  matches: boolean;
  /** One sentence per non-empty list of the scope, or one for the world scope. */
  reasons: string[];
}

const list = (items: readonly (string | number)[]) => items.join(', ');

/** Whether a query from `location` is in `scope`: every non-empty list must contain the query's value. */
export function matchScope(scope: Scope, location: QueryLocation): ScopeMatch {
  if (priorityOf(scope) === 0) return {matches: true, reasons: ['The world scope matches every query.']};
  const reasons: string[] = [];
  let matches = true;
  const check = (ok: boolean, yes: string, no: string) => {
    reasons.push(ok ? yes : no);
    matches &&= ok;
  };
  if (scope.continents.length > 0) {
    const continent = continentOf(location.country);
    check(
      continent !== null && scope.continents.includes(continent),
      `Continent ${continent} is in ${list(scope.continents)}.`,
      continent === null
        ? `The continent of ${location.country || 'the query'} is unknown, so ${list(scope.continents)} cannot match.`
        : `Continent ${continent} is not in ${list(scope.continents)}.`,
    );
  }
  if (scope.countries.length > 0) {
    check(
      scope.countries.includes(location.country),
      `Country ${location.country} is in ${list(scope.countries)}.`,
      `Country ${location.country || '(none)'} is not in ${list(scope.countries)}.`,
    );
  }
  if (scope.subdivisions.length > 0) {
    check(
      location.subdivision !== '' && scope.subdivisions.includes(location.subdivision),
      `Subdivision ${location.subdivision} is in ${list(scope.subdivisions)}.`,
      location.subdivision === ''
        ? `The query has no subdivision, so ${list(scope.subdivisions)} cannot match.`
        : `Subdivision ${location.subdivision} is not in ${list(scope.subdivisions)}.`,
    );
  }
  if (scope.asns.length > 0) {
    check(
      location.asn !== null && scope.asns.includes(String(location.asn)),
      `ASN ${location.asn} is in ${list(scope.asns)}.`,
      location.asn === null
        ? `The query has no ASN, so ${list(scope.asns)} cannot match.`
        : `ASN ${location.asn} is not in ${list(scope.asns)}.`,
    );
  }
  return {matches, reasons};
}

export interface PolicyChoice {
  /** Index of the policy that applies, or null when none matches (only possible without a default policy). */
  winner: number | null;
  evaluations: (ScopeMatch & {priority: number})[];
  /** Other matching policies at the winner's priority: the API refuses such a pair (409). */
  tiedWith: number[];
}

/** The policy that answers a query: among the matching policies, the one with the highest priority. */
export function choosePolicy(policies: readonly Policy[], location: QueryLocation): PolicyChoice {
  const evaluations = policies.map((policy) => ({
    ...matchScope(policy.scope, location),
    priority: priorityOf(policy.scope),
  }));
  let winner: number | null = null;
  evaluations.forEach((evaluation, index) => {
    if (evaluation.matches && (winner === null || evaluation.priority > evaluations[winner].priority)) winner = index;
  });
  const tiedWith =
    winner === null
      ? []
      : evaluations.flatMap((evaluation, index) =>
          index !== winner && evaluation.matches && evaluation.priority === evaluations[winner!].priority
            ? [index]
            : [],
        );
  return {winner, evaluations, tiedWith};
}

export interface Share {
  serviceProviderId: string;
  name: string;
  /** Whole percent; the shares of one policy add up to exactly 100. */
  percent: number;
  /** Why the provider gets this share (or none). */
  note: string;
}

export interface ShareResult {
  shares: Share[];
  /** How the shares were computed, in one or two sentences. */
  explanation: string;
}

/** Parses a typed whole number, or returns null. */
export function parseWhole(text: string): number | null {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

/** Whole percentages proportional to `amounts` that add up to 100 (largest remainder). */
export function toPercentages(amounts: readonly number[]): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (total <= 0) return amounts.map(() => 0);
  const exact = amounts.map((amount) => (amount * 100) / total);
  const percents = exact.map(Math.floor);
  const order = exact.map((value, index) => ({index, rest: value - Math.floor(value)})).sort((a, b) => b.rest - a.rest);
  let missing = 100 - percents.reduce((sum, value) => sum + value, 0);
  for (const {index} of order) {
    if (missing <= 0) break;
    if (amounts[index] > 0) {
      percents[index] += 1;
      missing -= 1;
    }
  }
  return percents;
}

/**
 * How a policy shares the queries among its providers right now. A provider is skipped when it is
 * not eligible, or when failover is on and its health checks mark it down; if that leaves none,
 * the policy keeps answering with all its eligible providers.
 */
export function providerShares(policy: Policy, serviceProviders: readonly ServiceProvider[]): ShareResult {
  const byId = new Map(serviceProviders.map((provider) => [provider.id, provider]));
  const rows = policy.providers.map((entry) => ({entry, provider: byId.get(entry.serviceProviderId)}));
  const eligible = rows.filter(({entry, provider}) => entry.eligible && provider);
  const up = eligible.filter(({provider}) => !(policy.failover.enabled && provider!.down));
  const allDown = eligible.length > 0 && up.length === 0;
  const candidates = allDown ? eligible : up;
  const amounts = new Map<string, number>();
  const notes = new Map<string, string>();
  let explanation: string;

  const byWeight = (pool: typeof candidates): string => {
    const weighted = pool.filter(({entry}) => (parseWhole(entry.weight) ?? 0) > 0);
    if (weighted.length > 0) {
      for (const {entry} of weighted) amounts.set(entry.serviceProviderId, parseWhole(entry.weight)!);
      for (const {entry} of pool)
        if (!amounts.has(entry.serviceProviderId))
          notes.set(entry.serviceProviderId, 'Backup (weight 0): used only while every weighted provider is down.');
      return 'in proportion to their weights';
    }
    for (const {entry} of pool) amounts.set(entry.serviceProviderId, 1);
    return 'equally among the backup providers (weight 0), because every provider with a weight is down';
  };

  if (candidates.length === 0) {
    explanation = 'No listed provider is eligible, so this policy has no provider to answer with.';
  } else if (policy.kind === 'static') {
    explanation = `Static: queries are shared ${byWeight(candidates)}.`;
  } else if (policy.kind === 'dynamic') {
    const measured = candidates.filter(({provider}) => provider!.ttfbMs !== null);
    if (measured.length === 0) {
      explanation = 'Dynamic: no provider has a measured time to first byte, so the planner cannot rank them.';
    } else {
      const score = ({entry, provider}: (typeof candidates)[number]) =>
        provider!.ttfbMs! + (parseWhole(entry.penaltyMs) ?? 0);
      const best = Math.min(...measured.map(score));
      for (const row of measured) {
        const total = score(row);
        if (total === best) amounts.set(row.entry.serviceProviderId, 1);
        notes.set(
          row.entry.serviceProviderId,
          `${row.provider!.ttfbMs} ms measured + ${parseWhole(row.entry.penaltyMs) ?? 0} ms penalty = ${total} ms.`,
        );
      }
      explanation =
        'Dynamic: every query goes to the lowest measured time to first byte plus penalty (ties share equally).';
    }
  } else {
    const unfilled = candidates.filter(({provider}) => (provider!.commitmentLeftGb ?? 0) > 0);
    if (unfilled.length > 0) {
      for (const {entry, provider} of unfilled) {
        amounts.set(entry.serviceProviderId, provider!.commitmentLeftGb!);
        notes.set(
          entry.serviceProviderId,
          `${provider!.commitmentLeftGb!.toLocaleString('en-US')} GB left on the commitment.`,
        );
      }
      explanation =
        'Cost based: queries go to the providers whose commitment is not filled, in proportion to the GB left this month.';
    } else {
      explanation = `Cost based: every commitment is filled, so queries are shared ${byWeight(candidates)}.`;
    }
  }

  const ids = rows.map(({entry}) => entry.serviceProviderId);
  const percents = toPercentages(ids.map((id) => amounts.get(id) ?? 0));
  const shares = rows.map(({entry, provider}, index) => {
    let note = notes.get(entry.serviceProviderId) ?? '';
    if (!provider) note = 'Not a provider of the service.';
    else if (!entry.eligible) note = 'Not eligible in this policy.';
    else if (policy.failover.enabled && provider.down)
      note = allDown
        ? 'Down, but every eligible provider is down, so the policy keeps using it.'
        : 'Down: failover removed it.';
    return {
      serviceProviderId: entry.serviceProviderId,
      name: provider?.name ?? entry.serviceProviderId,
      percent: percents[index],
      note,
    };
  });
  if (allDown) explanation += ' Every eligible provider is down, so the policy keeps answering with all of them.';
  return {shares, explanation};
}
