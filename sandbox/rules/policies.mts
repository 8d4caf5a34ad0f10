// Traffic policies (product model › Traffic policies): the listed providers belong to the service,
// each once; for `static` and `cost_based` policies the weights of the eligible providers add up to
// 100; the priority comes from the scope's most specific list; two policies of one priority may not
// overlap; the default policy keeps its empty scope.
import {Problem} from '../problems.mts';
import type {RuleSet} from './index.mts';

type Json = Record<string, unknown>;
type Scope = {continents?: string[]; countries?: string[]; subdivisions?: string[]; asns?: number[]};
const SCOPE_LISTS = ['asns', 'subdivisions', 'countries', 'continents'] as const;

/** 4 ASN, 3 subdivision, 2 country, 1 continent, 0 world. */
export function priorityOf(scope: Scope): number {
  const index = SCOPE_LISTS.findIndex((list) => (scope[list] ?? []).length > 0);
  return index === -1 ? 0 : SCOPE_LISTS.length - index;
}

/** Whether one query could match both scopes: every list that both set shares an entry. */
function overlap(a: Scope, b: Scope): boolean {
  return SCOPE_LISTS.every((list) => {
    const left = (a[list] ?? []) as unknown[];
    const right = (b[list] ?? []) as unknown[];
    return !left.length || !right.length || left.some((entry) => right.includes(entry));
  });
}

const invalid = (field: string, message: string) =>
  new Problem('validation-failed', 'One or more fields are invalid.', {errors: [{field, message}]});

export const policyRules: RuleSet = {
  initial: {
    '/services/{service_id}/traffic-policies/'(context, object) {
      return {...object, is_default: false, priority: priorityOf((object.scope ?? {}) as Scope)};
    },
  },
  check: {
    '/services/{service_id}/traffic-policies/'(context, next, previous) {
      const scope = (next.scope ?? {}) as Scope;
      if (previous?.is_default) {
        if (priorityOf(scope) !== 0)
          throw invalid('scope', 'The default policy covers the whole world; its scope stays empty.');
      } else if (priorityOf(scope) === 0)
        throw invalid('scope', 'List at least one continent, country, subdivision or ASN.');
      next.priority = priorityOf(scope);
      const serviceProviders = new Set(
        context.store
          .list(context.sandboxId, `/services/${context.params.service_id}/providers/`)
          .map((provider) => provider.id),
      );
      const providers = (next.providers ?? []) as Json[];
      const seen = new Set<unknown>();
      providers.forEach((provider, index) => {
        if (!serviceProviders.has(String(provider.service_provider_id)))
          throw invalid(`providers.${index}.service_provider_id`, 'Not a service provider of this service.');
        if (seen.has(provider.service_provider_id))
          throw invalid(`providers.${index}.service_provider_id`, 'Each provider may be listed once.');
        seen.add(provider.service_provider_id);
      });
      if (!providers.length) throw invalid('providers', 'List at least one provider.');
      if (next.kind !== 'dynamic') {
        const total = providers
          .filter((provider) => provider.eligible !== false)
          .reduce((sum, provider) => sum + Number(provider.weight ?? 0), 0);
        if (total !== 100)
          throw invalid(
            'providers',
            `The weights of the eligible providers add up to ${total}; they must add up to 100.`,
          );
      }
      if (next.kind !== 'dynamic' && ((next.performance_check_ids as unknown[]) ?? []).length)
        throw invalid('performance_check_ids', 'Only dynamic policies use performance checks.');
      for (const other of context.store.list(context.sandboxId, context.collectionPath)) {
        if (other.id === next.id || other.body.is_default || next.is_default) continue;
        if (other.body.priority === next.priority && overlap(other.body.scope as Scope, scope))
          throw new Problem(
            'overlapping-traffic-policy',
            `Part of this scope is already in the scope of traffic policy "${String(other.body.name)}" (${other.id}) at the same priority.`,
            {
              existing_id: other.id,
            },
          );
      }
    },
  },
};
