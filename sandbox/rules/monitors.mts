// Monitors (health checks, performance checks): a new check has one entry per provider of the
// service, with nothing measured yet (`unknown`, no samples). The sandbox sends no probes, so the
// entries stay so; providers attached later get their entry on the next change of the check.
import type {Context, RuleSet} from './index.mts';

type Json = Record<string, unknown>;

function perProvider(context: Context, entry: (provider: Json) => Json): Json[] {
  return context.store.list(context.sandboxId, `/services/${context.params.service_id}/providers/`).map((provider) => ({
    service_provider_id: provider.id,
    provider_type: provider.body.provider_type,
    ...entry(provider.body),
  }));
}

export const monitorRules: RuleSet = {
  check: {
    '/services/{service_id}/health-checks/'(context, next) {
      const known = new Map(
        ((next.provider_status as Json[]) ?? []).map((entry) => [entry.service_provider_id, entry]),
      );
      next.provider_status = perProvider(context, (provider) => ({
        status: 'unknown',
        failing_locations: [],
        last_error: null,
        last_checked_at: null,
        status_changed_at: null,
        ...(known.get(provider.id) ?? {}),
      }));
    },
    '/services/{service_id}/performance-checks/'(context, next) {
      const known = new Map(((next.results as Json[]) ?? []).map((entry) => [entry.service_provider_id, entry]));
      next.results = perProvider(context, (provider) => ({
        p50_ms: null,
        p95_ms: null,
        samples: 0,
        measured_at: null,
        ...(known.get(provider.id) ?? {}),
      }));
    },
  },
};
